import * as vscode from 'vscode';
import { type MissingConfig } from '../../core/readthedocsYaml/offerRows';
import { configPlaceOf } from '../../core/readthedocsYaml/locate';
import { type WorkspaceState } from '../../core/workspace/binding';
import { remoteUrlToImport } from '../../core/workspace/match';
import { Disposable } from '../lifecycle';
import { lacksConfig } from './firstConfigFile';

/** The state and its change event this follows (the workspace session). */
export interface WorkspaceStateSource {
  readonly state: WorkspaceState;
  readonly onDidChange: vscode.Event<void>;
}

/**
 * The workspace's folders (bound to a project, or offered for import) that have no configuration
 * where Read the Docs reads it: This Workspace offers "Create .readthedocs.yaml" for each. Follows
 * the session and configuration files appearing or going; costs a stat per folder, no request.
 */
export class FirstConfigOffers extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private current: readonly MissingConfig[] = [];
  private generation = 0;

  constructor(private readonly source: WorkspaceStateSource) {
    super();
    this.register(source.onDidChange(() => void this.recheck()));
    const watcher = this.register(vscode.workspace.createFileSystemWatcher('**/{.readthedocs,readthedocs}.{yaml,yml}', false, true, false));
    this.register(watcher.onDidCreate(() => void this.recheck()));
    this.register(watcher.onDidDelete(() => void this.recheck()));
  }

  get missing(): readonly MissingConfig[] {
    return this.current;
  }

  private async recheck(): Promise<void> {
    const generation = ++this.generation;
    const { projects, unmatched } = this.source.state;
    const folders = new Map<string, string | undefined>();
    for (const bound of projects) if (!folders.has(bound.folderPath)) folders.set(bound.folderPath, bound.project.readthedocsYamlPath);
    for (const folder of unmatched) if (remoteUrlToImport(folder) && !folders.has(folder.folderPath)) folders.set(folder.folderPath, undefined);
    const missing: MissingConfig[] = [];
    for (const [folderPath, yamlPath] of folders) {
      const path = configPlaceOf(yamlPath).createAt;
      if (path && await lacksConfig(vscode.Uri.file(folderPath), yamlPath)) missing.push({ folderPath, path });
    }
    if (generation !== this.generation) return;
    if (JSON.stringify(missing) === JSON.stringify(this.current)) return;
    this.current = missing;
    this.changed.fire();
  }
}
