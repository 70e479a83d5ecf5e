import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { errorDetail } from '../../core/api/describeError';
import { type Build } from '../../core/models/build';
import { type Notification } from '../../core/models/notification';
import { type ConfigError, configErrorsOf } from '../../core/notices/configErrors';
import { MAX_CONFIG_CHARS } from '../../core/docsLayout/configYaml';
import { configKeySpan } from '../../core/readthedocsYaml/configKeyRange';
import { type WorkspaceProject } from '../../core/workspace/binding';
import { entryKey } from '../../core/workspace/match';
import { Disposable } from '../lifecycle';
import { readFolderFile } from '../folderFiles';
import { findConfigFile } from '../readthedocsYaml/locate';
import { type Services } from '../services';
import { type WorkspaceModel } from './workspaceModel';

/** What the errors are shown for: a bound project's folder and configuration file. */
type ConfigTarget = Pick<WorkspaceProject, 'edition' | 'project' | 'folderPath'>;

/**
 * Configuration errors in place: when the latest build of the current branch (or, through
 * `showBuild`, its pull request) failed with a `config:*` notification, an error on
 * `.readthedocs.yaml` at the key the message names (the first line when it names none the file
 * holds), linking to the build. Cleared when a later build passes. Reads one build's
 * notifications once; follows the workspace model, never polls.
 */
export class ConfigDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('readthedocs-config'));
  /** Per project (`edition/slug@folder`): the file and the errors shown on it. */
  private readonly shown = new Map<string, { uri: vscode.Uri; errors: readonly ConfigError[] }>();
  private readonly notificationsOf = new Map<string, Promise<readonly Notification[]>>();

  constructor(private readonly services: Services, private readonly model: WorkspaceModel) {
    super();
    this.register(model.onDidChange(() => this.followBranches()));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => {
      if ([...this.shown.values()].some((s) => s.uri.toString() === e.document.uri.toString())) void this.render();
    }));
  }

  /** Shows (or clears) the configuration errors of `build`, the latest build of the branch (or pull request) of `target`. */
  async showBuild(target: ConfigTarget, build: Build): Promise<void> {
    const notifications = build.success === false ? await this.notifications(target.edition, target.project.slug, build.id) : [];
    const errors = configErrorsOf(build, notifications);
    if (errors === undefined) return;
    const key = `${entryKey(target.edition, target.project.slug)}@${target.folderPath}`;
    if (errors.length === 0) {
      if (!this.shown.delete(key)) return;
    } else {
      const uri = (await findConfigFile(vscode.Uri.file(target.folderPath), target.project.readthedocsYamlPath))?.uri;
      if (!uri) return;
      this.shown.set(key, { uri, errors });
    }
    await this.render();
  }

  private followBranches(): void {
    for (const bound of this.model.state.projects) {
      const latest = this.model.latestBuild(bound);
      if (latest) this.showBuild(bound, latest).catch((error: unknown) => this.services.logger.warn(`config errors of ${bound.project.slug}: ${errorDetail(error)}`));
    }
  }

  private notifications(edition: Edition, projectSlug: string, buildId: number): Promise<readonly Notification[]> {
    const key = `${entryKey(edition, projectSlug)}#${buildId}`;
    let pending = this.notificationsOf.get(key);
    if (!pending) {
      const client = this.services.editions.client(edition);
      pending = client ? client.allItems(client.builds.notifications(projectSlug, buildId, { priority: 'background' }), { priority: 'background' }) : Promise.resolve([]);
      pending.catch(() => this.notificationsOf.delete(key));
      this.notificationsOf.set(key, pending);
    }
    return pending;
  }

  private async render(): Promise<void> {
    const byFile = new Map<string, { uri: vscode.Uri; errors: ConfigError[] }>();
    for (const { uri, errors } of this.shown.values()) {
      const entry = byFile.get(uri.toString()) ?? { uri, errors: [] };
      entry.errors.push(...errors);
      byFile.set(uri.toString(), entry);
    }
    this.collection.clear();
    for (const { uri, errors } of byFile.values()) {
      const text = await readFolderFile(uri, MAX_CONFIG_CHARS);
      this.collection.set(uri, errors.map((error) => diagnosticOf(error, text)));
    }
  }
}

function diagnosticOf(error: ConfigError, text: string | undefined): vscode.Diagnostic {
  const span = text !== undefined && error.key ? configKeySpan(text, error.key) : undefined;
  const range = span && text !== undefined ? new vscode.Range(positionAt(text, span.start), positionAt(text, span.end)) : new vscode.Range(0, 0, 0, Number.MAX_SAFE_INTEGER);
  const diagnostic = new vscode.Diagnostic(range, error.message, vscode.DiagnosticSeverity.Error);
  diagnostic.source = 'Read the Docs';
  const label = vscode.l10n.t('build #{0}', error.buildId);
  diagnostic.code = error.buildUrl ? { value: label, target: vscode.Uri.parse(error.buildUrl, true) } : label;
  return diagnostic;
}

function positionAt(text: string, offset: number): vscode.Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return new vscode.Position(line, offset - (before.lastIndexOf('\n') + 1));
}
