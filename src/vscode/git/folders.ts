import * as vscode from 'vscode';
import { type Logger } from '../../core/log';
import { type FolderSource } from '../../core/workspace/binding';
import { type RepositoryState, folderRepositoryOf, readHeadCommit, readRepository, remoteUrlsOf, repositoryFiles } from '../../core/workspace/gitDirectory';
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
    // The git extension's events still say when to read again (readFolderGit says whose HEAD counts).
    const result = await Promise.all(folders.map(async (folder) => (await readFolderGit(folder.uri, git)).repository));
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

/** A folder's repository under the one HEAD policy (`readFolderGit`). */
export interface FolderGit {
  /** The branch and the remotes, as the binding sees them. */
  readonly repository: FolderRepository;
  /** HEAD's commit; read only when asked for. */
  readonly commit?: string;
  /** A local folder's repository as read from `.git`; undefined in none (or for a remote folder). */
  readonly disk?: RepositoryState;
  /** The git extension's repository, for what only it knows without a git process of ours (tags, changes): given only when its HEAD is the one read. */
  readonly extension?: GitRepository;
}

/**
 * HEAD of a folder, one policy for every reader (the binding, the upload). A local folder's
 * branch, commit and remotes are read from its `.git` (capped, and a `.git` link leading out of
 * the folder is no repository): the git extension keeps a repository whose `.git` was deleted or
 * made anew with its old HEAD and remotes until it notices, if ever, and it would read another
 * repository through such a link. Its repository is handed on only when its HEAD is the one read
 * (the branch, and the commit when asked for), so its tags and changes are of that HEAD. A remote
 * folder has only the git extension's view.
 */
export async function readFolderGit(folder: vscode.Uri, git: GitApi | undefined, options: { readonly commit?: boolean } = {}): Promise<FolderGit> {
  if (folder.scheme !== 'file') {
    const extension = git?.getRepository(folder) ?? undefined;
    const remotes = extension?.state.remotes.map((r) => ({ name: r.name, fetchUrl: r.fetchUrl, pushUrl: r.pushUrl })) ?? [];
    return { repository: { folderPath: folder.fsPath, branch: extension?.state.HEAD?.name, remoteUrls: remoteUrlsOf(remotes) }, commit: extension?.state.HEAD?.commit, extension };
  }
  const disk = await readRepository(folder.fsPath);
  const repository = folderRepositoryOf(folder.fsPath, disk);
  if (!disk) return { repository };
  const commit = options.commit ? await readHeadCommit(disk) : undefined;
  const candidate = git?.getRepository(folder) ?? undefined;
  const head = candidate?.state.HEAD;
  const agrees = head !== undefined && head.name === disk.branch && (!options.commit || head.commit === commit);
  return { repository, commit, disk, extension: agrees ? candidate : undefined };
}
