import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { type Logger } from '../../core/log';
import { type Editions } from '../../core/session/editions';
import { Emitter } from '../../core/util/events';
import { type BoundProject, type BoundProjects } from '../../core/workspace/boundProject';
import { readFolderSettings } from '../config';
import { Disposable } from '../lifecycle';

/**
 * Until the workspace binding (branch i12) lands: each workspace folder's `readthedocs.projects`
 * (`community/widgets`, `business/handbook`) names the projects it builds, resolved with one
 * project request each. The i12 binding implements the same setting and replaces this file.
 */
export class SettingsBoundProjects extends Disposable implements BoundProjects {
  private readonly emitter = this.register(new Emitter<readonly BoundProject[]>());
  readonly onDidChange = this.emitter.event;
  private loaded: Promise<readonly BoundProject[]> | undefined;

  constructor(private readonly editions: Editions, private readonly logger: Logger) {
    super();
    const reload = () => {
      this.loaded = undefined;
      void this.current().then((bound) => this.emitter.fire(bound));
    };
    this.register(vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('readthedocs.projects')) reload(); }));
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(reload));
    this.register(editions.onDidChange(reload));
  }

  current(): Promise<readonly BoundProject[]> {
    return (this.loaded ??= this.load());
  }

  private async load(): Promise<readonly BoundProject[]> {
    const wanted = (vscode.workspace.workspaceFolders ?? []).flatMap((folder) =>
      readFolderSettings(folder.uri).projects
        .map((entry) => /^(community|business)\/([\w-]+)$/.exec(entry.trim()))
        .filter((match): match is RegExpExecArray => match !== null)
        .map((match) => ({ folder, edition: match[1] as Edition, slug: match[2] })));
    const bound = await Promise.all(wanted.map(async ({ folder, edition, slug }): Promise<BoundProject | undefined> => {
      const client = this.editions.client(edition);
      if (!client) return undefined;
      try {
        const project = await client.projects.get(slug, {}, { priority: 'background' });
        return { edition, project, folderPath: folder.uri.fsPath, branch: undefined, versionSlug: undefined };
      } catch (error) {
        this.logger.debug(`readthedocs.projects: ${edition}/${slug}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    }));
    return bound.filter((b): b is BoundProject => b !== undefined);
  }
}
