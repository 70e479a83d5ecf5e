import * as vscode from 'vscode';
import { type Logger } from '../core/log';
import { type Editions } from '../core/session/editions';
import { Disposable } from './lifecycle';

/** The names Read the Docs looks for at the root of a repository. */
const CONFIG_FILES = ['.readthedocs.yaml', '.readthedocs.yml'];
const CONFIG_GLOB = `{${CONFIG_FILES.join(',')}}`;

/**
 * A folder that holds a Read the Docs configuration is one whose workspace features need the
 * project list, so there the tokens are read without waiting for the view or a command. Any other
 * folder never wakes SecretStorage (and with it the OS keyring) on its own. Folders added later
 * and a configuration file created at a folder's root count too.
 */
export class ReadTokensForDocsWorkspace extends Disposable {
  private watchers: vscode.Disposable[] = [];

  constructor(private readonly editions: Pick<Editions, 'ensureTokens' | 'tokensRead'>, private readonly logger: Logger) {
    super();
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => void this.check()));
    this.register({ dispose: () => this.unwatch() });
    void this.check();
  }

  private async check(): Promise<void> {
    this.unwatch();
    if (this.editions.tokensRead) return;
    const folders = vscode.workspace.workspaceFolders ?? [];
    for (const folder of folders) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, CONFIG_GLOB), false, true, true);
      watcher.onDidCreate(() => this.readTokens(folder.name));
      this.watchers.push(watcher);
    }
    for (const folder of folders) {
      if (await holdsConfig(folder.uri)) {
        this.readTokens(folder.name);
        return;
      }
    }
  }

  private readTokens(folder: string): void {
    if (this.editions.tokensRead) return;
    this.unwatch();
    this.logger.debug(`${folder} holds a Read the Docs configuration: reading the tokens`);
    this.editions.ensureTokens().catch((error: unknown) => this.logger.warn(`could not read the tokens: ${error instanceof Error ? error.message : String(error)}`));
  }

  private unwatch(): void {
    for (const watcher of this.watchers) watcher.dispose();
    this.watchers = [];
  }
}

async function holdsConfig(folder: vscode.Uri): Promise<boolean> {
  for (const name of CONFIG_FILES) {
    try {
      await vscode.workspace.fs.stat(vscode.Uri.joinPath(folder, name));
      return true;
    } catch {
      // not there (or not readable): try the other name
    }
  }
  return false;
}
