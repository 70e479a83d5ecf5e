import * as vscode from 'vscode';
import { DEFAULT_CONFIG_NAMES } from '../../core/readthedocsYaml/locate';
import { Disposable } from '../lifecycle';
import { findConfigFile } from '../readthedocsYaml/locate';

const CONFIG_GLOB = `{${DEFAULT_CONFIG_NAMES.join(',')}}`;

/**
 * A folder that holds a Read the Docs configuration is one whose workspace features need the
 * project list, so there the binding starts (and reads the tokens) without waiting for the view or
 * a command. Any other folder never wakes SecretStorage (and with it the OS keyring) on its own.
 * Folders added later and a configuration file created at a folder's root count too.
 */
export class DocsConfigWatcher extends Disposable {
  private watchers: vscode.Disposable[] = [];

  /** `found` runs once, for the first folder that holds (or gets) a configuration; `started`: nothing left to do. */
  constructor(private readonly found: (folder: string) => void, private readonly started: () => boolean) {
    super();
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => void this.check()));
    this.register({ dispose: () => this.unwatch() });
    void this.check();
  }

  private async check(): Promise<void> {
    this.unwatch();
    if (this.started()) return;
    const folders = vscode.workspace.workspaceFolders ?? [];
    for (const folder of folders) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, CONFIG_GLOB), false, true, true);
      watcher.onDidCreate(() => this.start(folder.name));
      this.watchers.push(watcher);
    }
    for (const folder of folders) {
      if (await findConfigFile(folder.uri)) {
        this.start(folder.name);
        return;
      }
    }
  }

  private start(folder: string): void {
    if (this.started()) return;
    this.unwatch();
    this.found(folder);
  }

  private unwatch(): void {
    for (const watcher of this.watchers) watcher.dispose();
    this.watchers = [];
  }
}
