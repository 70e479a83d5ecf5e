import * as vscode from 'vscode';
import { CommandIds } from '../../core/commandIds';
import { remoteUrlToImport } from '../../core/workspace/match';
import { branchVersionText } from '../../core/workspace/workspaceWords';
import { buildRow } from '../../core/builds/buildRow';
import { Disposable } from '../lifecycle';
import { type WorkspaceModel } from './workspaceModel';

/** `.readthedocs.yaml` / `.yml`, wherever it sits in the workspace. */
export const CONFIG_FILE_SELECTOR: vscode.DocumentSelector = [{ pattern: '**/.readthedocs.{yaml,yml}' }];

/**
 * On the first line of `.readthedocs.yaml`: the current branch's last build of each project
 * built from this folder, with "Build" and "Show log"; without a project, "Import this
 * repository…" (pre-filled with the remote URL). Opening the file starts the binding.
 */
export class ConfigFileLenses extends Disposable implements vscode.CodeLensProvider {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly model: WorkspaceModel) {
    super();
    this.register(model.onDidChange(() => this.changed.fire()));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    this.model.start();
    const folder = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath;
    const state = this.model.state;
    const range = new vscode.Range(0, 0, 0, 0);
    const projects = state.projects.filter((p) => !folder || p.folderPath === folder);
    const lenses: vscode.CodeLens[] = [];
    for (const bound of projects) {
      const ref = { edition: bound.edition, projectSlug: bound.project.slug };
      const result = bound.branchVersion;
      const latest = this.model.latestBuild(bound);
      const title = result?.kind === 'active'
        ? vscode.l10n.t('Read the Docs: {0} ({1}) {2}', bound.project.slug, result.version.slug, latest ? buildRow(latest, { now: Date.now(), known: this.model.known(bound, latest) }).brief : vscode.l10n.t('not built yet'))
        : vscode.l10n.t('Read the Docs: {0}: {1}', bound.project.slug, result ? branchVersionText(result) : vscode.l10n.t('versions not read'));
      lenses.push(new vscode.CodeLens(range, { title, command: 'workbench.view.extension.readthedocs', tooltip: vscode.l10n.t('Show the "This Workspace" view') }));
      if (result?.kind === 'active') lenses.push(new vscode.CodeLens(range, { title: vscode.l10n.t('Build'), command: CommandIds.buildCurrentBranch, arguments: [ref] }));
      if (result?.kind === 'missing') lenses.push(new vscode.CodeLens(range, { title: vscode.l10n.t('Sync Versions'), command: CommandIds.syncVersions, arguments: [ref] }));
      if (result?.kind === 'inactive') lenses.push(new vscode.CodeLens(range, { title: vscode.l10n.t('Activate'), command: CommandIds.activateBranchVersion, arguments: [ref] }));
      if (latest) lenses.push(new vscode.CodeLens(range, { title: vscode.l10n.t('Show log'), command: CommandIds.showLatestBuildLog, arguments: [ref] }));
      if (latest) lenses.push(new vscode.CodeLens(range, { title: vscode.l10n.t('Compare with the configuration used'), command: CommandIds.compareUsedConfig, arguments: [{ ...ref, buildId: latest.id, configUri: document.uri }] }));
    }
    if (projects.length === 0) {
      const unmatched = state.unmatched.find((f) => !folder || f.folderPath === folder);
      const url = unmatched && remoteUrlToImport(unmatched);
      if (url) lenses.push(new vscode.CodeLens(range, { title: vscode.l10n.t('Read the Docs: Import this repository…'), command: CommandIds.importWorkspaceRepository, arguments: [{ repositoryUrl: url }] }));
    }
    return lenses;
  }
}
