import * as vscode from 'vscode';
import { type MissingConfig, firstConfigRow } from '../../core/readthedocsYaml/offerRows';
import { configPlaceOf } from '../../core/readthedocsYaml/locate';
import { type WorkspaceProject } from '../../core/workspace/binding';
import { restrictedModeRefusal } from '../../core/workspace/folderTrust';
import { type FolderRepository, remoteUrlToImport } from '../../core/workspace/match';
import { type SectionContext, type WorkspaceRow, type WorkspaceSection } from '../../core/workspace/section';
import { Disposable } from '../lifecycle';
import { lacksConfig } from './firstConfigFile';

/**
 * This Workspace's "Create .readthedocs.yaml" rows: under each bound project, and after the import
 * row of each folder no project is built from, when the folder has no configuration where Read the
 * Docs reads it and one can be made there; none in Restricted Mode. Checked again when the bound
 * projects change, when a configuration file appears or goes and when the folder is trusted; costs
 * a few stats per folder, no request.
 */
export class FirstConfigOffers extends Disposable implements WorkspaceSection {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private missing = new Map<string, MissingConfig>();
  private folders: readonly (readonly [string, string | undefined])[] = [];
  private generation = 0;

  constructor() {
    super();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher('**/{.readthedocs,readthedocs}.{yaml,yml}', false, true, false));
    this.register(watcher.onDidCreate(() => void this.recheck()));
    this.register(watcher.onDidDelete(() => void this.recheck()));
    this.register(vscode.workspace.onDidGrantWorkspaceTrust(() => void this.recheck()));
  }

  follow(projects: readonly WorkspaceProject[], unmatched: readonly FolderRepository[]): void {
    const folders = new Map<string, string | undefined>();
    for (const bound of projects) if (!folders.has(bound.folderPath)) folders.set(bound.folderPath, bound.project.readthedocsYamlPath);
    for (const folder of unmatched) if (remoteUrlToImport(folder) && !folders.has(folder.folderPath)) folders.set(folder.folderPath, undefined);
    this.folders = [...folders];
    void this.recheck();
  }

  rows(bound: WorkspaceProject, context: SectionContext): readonly WorkspaceRow[] {
    const missing = this.missing.get(bound.folderPath);
    return missing ? [firstConfigRow(missing, `${context.parentId}/createConfig`)] : [];
  }

  folderRows(folder: FolderRepository): readonly WorkspaceRow[] {
    const missing = this.missing.get(folder.folderPath);
    return missing ? [firstConfigRow(missing, `createConfig:${folder.folderPath}`)] : [];
  }

  private async recheck(): Promise<void> {
    const generation = ++this.generation;
    const missing = new Map<string, MissingConfig>();
    // Restricted Mode refuses Create .readthedocs.yaml (`openFirstConfig`): no row invites it.
    const folders = restrictedModeRefusal('createConfig', vscode.workspace.isTrusted) ? [] : this.folders;
    for (const [folderPath, yamlPath] of folders) {
      const path = configPlaceOf(yamlPath).createAt;
      if (path && await lacksConfig(vscode.Uri.file(folderPath), yamlPath)) missing.set(folderPath, { folderPath, path });
    }
    if (generation !== this.generation) return;
    if (JSON.stringify([...missing]) === JSON.stringify([...this.missing])) return;
    this.missing = missing;
    this.changed.fire();
  }
}
