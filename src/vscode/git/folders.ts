import * as vscode from 'vscode';
import { type Logger } from '../../core/log';
import { type FolderSource } from '../../core/workspace/binding';
import { folderRepositoryFromDisk, readRepository, remoteUrlsOf, repositoryFiles } from '../../core/workspace/gitDirectory';
import { type FolderRepository } from '../../core/workspace/match';
import { Disposable } from '../lifecycle';
import { errorDetail } from '../../core/api/describeError';
import { OrderedReads } from '../../core/util/orderedReads';
import { type GitApi, type GitRepository, gitApi } from './api';

/**
 * The workspace folders and their repositories, for the binding: a local folder's `.git` read
 * from disk (HEAD and config, watched; the git extension's state events also say when to read
 * again, at once after a checkout), a remote folder's as the git extension sees it. Fires
 * `onDidChange` only when a folder's branch or remotes really changed.
 */
export class GitFolders extends Disposable implements FolderSource {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private git: Promise<GitApi | undefined> | undefined;
  private readonly repositorySubscriptions = new Map<GitRepository, vscode.Disposable>();
  private diskWatchers: vscode.Disposable[] = [];
  /** Reads in call order, each compared with the one before it, to fire only on change. */
  private readonly reads = new OrderedReads(() => this.read(), (folders) => JSON.stringify(folders));

  constructor(private readonly logger: Logger) {
    super();
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.check()));
    this.register({
      dispose: () => {
        this.disposeWatchers();
        for (const subscription of this.repositorySubscriptions.values()) subscription.dispose();
        this.repositorySubscriptions.clear();
      },
    });
  }

  async folders(): Promise<readonly FolderRepository[]> {
    return (await this.reads.next()).value;
  }

  private async read(): Promise<readonly FolderRepository[]> {
    const git = await this.gitApi();
    const folders = vscode.workspace.workspaceFolders ?? [];
    // A local folder's `.git` is read directly (capped): the git extension keeps a repository whose
    // `.git` was deleted or made anew with its old HEAD and remotes until it notices, if ever. Its
    // events still say when to read again; remote folders have only its view.
    const result = await Promise.all(folders.map(async (folder) => {
      if (folder.uri.scheme === 'file') return folderRepositoryFromDisk(folder.uri.fsPath);
      const repository = git?.getRepository(folder.uri);
      return repository ? fromGit(folder.uri.fsPath, repository) : { folderPath: folder.uri.fsPath, branch: undefined, remoteUrls: [] };
    }));
    await this.watchDisk(folders.filter((f) => f.uri.scheme === 'file'));
    return result;
  }

  /** Loads the git extension's API once and follows its repositories; undefined: `.git` is read directly. */
  private gitApi(): Promise<GitApi | undefined> {
    this.git ??= gitApi(this.logger).then((api) => {
      if (!api) return undefined;
      this.register(api.onDidOpenRepository((r) => { this.follow(r); this.check(); }));
      this.register(api.onDidCloseRepository((r) => { this.repositorySubscriptions.get(r)?.dispose(); this.repositorySubscriptions.delete(r); this.check(); }));
      this.register(api.onDidChangeState(() => this.check()));
      for (const repository of api.repositories) this.follow(repository);
      return api;
    });
    return this.git;
  }

  private follow(repository: GitRepository): void {
    if (this.repositorySubscriptions.has(repository)) return;
    this.repositorySubscriptions.set(repository, repository.state.onDidChange(() => this.check()));
  }

  /**
   * Re-reads and fires only on a real change (the git extension's state events are frequent). A
   * repository the git extension just opened has no remotes until its first status: the read that
   * sees them must compare with the binding's read of the empty ones, however their ends interleave.
   */
  private check(): void {
    void this.reads.next().then(({ changed }) => {
      if (changed) this.changed.fire();
    }, (error: unknown) => this.logger.warn(`workspace: reading the folders' repositories failed: ${errorDetail(error)}`));
  }

  /** Watches `HEAD` and `config` of repositories read from disk, and `.git` appearing in a folder. */
  private async watchDisk(folders: readonly vscode.WorkspaceFolder[]): Promise<void> {
    const files: string[] = [];
    for (const folder of folders) {
      const state = await readRepository(folder.uri.fsPath);
      files.push(...(state ? repositoryFiles(state) : [`${folder.uri.fsPath}/.git`]));
    }
    const key = files.join('\n');
    if (key === this.watchedKey) return;
    this.watchedKey = key;
    this.disposeWatchers();
    for (const file of files) {
      const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(file.slice(0, slash)), file.slice(slash + 1)));
      watcher.onDidChange(() => this.check());
      watcher.onDidCreate(() => this.check());
      watcher.onDidDelete(() => this.check());
      this.diskWatchers.push(watcher);
    }
  }

  private watchedKey = '';

  private disposeWatchers(): void {
    for (const watcher of this.diskWatchers.splice(0)) watcher.dispose();
  }
}

function fromGit(folderPath: string, repository: GitRepository): FolderRepository {
  return { folderPath, branch: repository.state.HEAD?.name, remoteUrls: remoteUrlsOf(repository.state.remotes.map((r) => ({ name: r.name, fetchUrl: r.fetchUrl, pushUrl: r.pushUrl }))) };
}
