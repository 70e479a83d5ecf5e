import { constants } from 'node:fs';
import { lstat, open, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathInside, realPathInside } from '../util/paths';
import { type GitRemote, parseBranchConfig, parseGitRemotes } from './gitConfig';
import { type FolderRepository } from './match';

/** What the workspace needs to know about the repository a folder belongs to. */
export interface RepositoryState {
  /** The work tree's top folder. */
  readonly root: string;
  /** This work tree's git directory (`.git`, or `.git/worktrees/<name>`, or `.git/modules/<name>`): its `HEAD`. */
  readonly gitDir: string;
  /** Where `config` lives (the main repository's `.git` for a linked worktree). */
  readonly commonDir: string;
  /** Undefined when HEAD is detached. */
  readonly branch: string | undefined;
  readonly remotes: readonly GitRemote[];
}

/**
 * Reads the repository of `folder` (or of the nearest parent that has one) straight from its
 * files: `.git` as a folder, or as a file `gitdir: <path>` (linked worktrees, submodules) with
 * `commondir` leading to the shared config. Undefined when the folder is in no repository, and
 * when its `.git` is a symbolic link leading out of the folder that holds it (another
 * repository's branch and remotes are not this folder's: folder files are read only where their
 * real path lies inside, DESIGN section 10).
 */
export async function readRepository(folder: string): Promise<RepositoryState | undefined> {
  const found = await findGitDir(resolve(folder));
  if (!found) return undefined;
  const { root, gitDir } = found;
  const common = (await readGitFile(join(gitDir, 'commondir')))?.trim();
  const commonDir = common ? resolvePath(gitDir, common) : gitDir;
  const head = (await readGitFile(join(gitDir, 'HEAD')))?.trim() ?? '';
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
  const config = await readGitFile(join(commonDir, 'config'));
  // A worktree may carry its own `config.worktree`; remotes live in the common config.
  return { root, gitDir, commonDir, branch: ref?.[1], remotes: config ? parseGitRemotes(config) : [] };
}

/** The files whose change can change a `RepositoryState` (checkout, remotes). */
export function repositoryFiles(state: Pick<RepositoryState, 'gitDir' | 'commonDir'>): string[] {
  return [join(state.gitDir, 'HEAD'), join(state.commonDir, 'config')];
}

async function findGitDir(start: string): Promise<{ root: string; gitDir: string } | undefined> {
  for (let dir = start; ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    const link = await lstat(dotGit).catch(() => undefined);
    if (link?.isSymbolicLink() && await realPathInside(dir, dotGit) === undefined) return undefined;
    const info = link?.isSymbolicLink() ? await stat(dotGit).catch(() => undefined) : link;
    if (info?.isDirectory()) return { root: dir, gitDir: dotGit };
    if (info?.isFile()) {
      const pointer = /^gitdir:(.+)$/m.exec((await readGitFile(dotGit)) ?? '');
      if (pointer) return { root: dir, gitDir: resolvePath(dir, pointer[1]!.trim()) };
    }
    if (dirname(dir) === dir) return undefined;
  }
}

function resolvePath(base: string, path: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

/** The most a file under `.git` that the binding reads may hold (a config with a hundred remotes is a few KB). */
export const GIT_FILE_MAX_BYTES = 1024 * 1024;

/**
 * A file of a repository as text: undefined unless it is a regular file (a FIFO, a device or a
 * symlink to one never blocks the reader) of at most `maxBytes`. Opened without blocking, then
 * checked on the open handle, so what is read is what was checked.
 */
export async function readGitFile(path: string, maxBytes = GIT_FILE_MAX_BYTES): Promise<string | undefined> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(Math.min(info.size + 1, maxBytes + 1));
    let filled = 0;
    for (let read = -1; read !== 0 && filled < buffer.length; filled += read) {
      ({ bytesRead: read } = await handle.read(buffer, filled, buffer.length - filled, filled));
    }
    // Grown past the cap since the check: refused all the same.
    return filled > maxBytes ? undefined : buffer.toString('utf8', 0, filled);
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

/** A folder as binding sees it, from its repository's files: `origin` first, fetch and push URLs. */
export async function folderRepositoryFromDisk(folderPath: string): Promise<FolderRepository> {
  return folderRepositoryOf(folderPath, await readRepository(folderPath));
}

/** A folder as binding sees it, from the state read of its repository (undefined: in none). */
export function folderRepositoryOf(folderPath: string, state: RepositoryState | undefined): FolderRepository {
  return { folderPath, branch: state?.branch, remoteUrls: state ? remoteUrlsOf(state.remotes) : [] };
}

/** Every distinct fetch/push URL, `origin`'s first. */
export function remoteUrlsOf(remotes: readonly GitRemote[]): string[] {
  const ordered = [...remotes.filter((r) => r.name === 'origin'), ...remotes.filter((r) => r.name !== 'origin')];
  return [...new Set(ordered.flatMap((r) => [r.fetchUrl, r.pushUrl]).filter((u): u is string => !!u))];
}

/** A larger `packed-refs` is not read (a big repository's is a few MB). */
const PACKED_REFS_MAX_BYTES = 4 * 1024 * 1024;

/** The `[branch "<name>"]` keys of the repository's config (empty when unreadable or too large). */
export async function readBranchConfig(state: Pick<RepositoryState, 'commonDir'>, branch: string): Promise<ReadonlyMap<string, string>> {
  const config = await readGitFile(join(state.commonDir, 'config'));
  return config ? parseBranchConfig(config, branch) : new Map();
}

/**
 * The commit HEAD points at: a detached HEAD's hash, else the branch's loose ref (in the common
 * directory for a linked worktree), else its line in `packed-refs`. Undefined before the first
 * commit, and for a ref that would lead out of `refs/` (`ref: refs/../../…` in a hostile clone).
 */
export async function readHeadCommit(state: Pick<RepositoryState, 'gitDir' | 'commonDir'>): Promise<string | undefined> {
  const head = (await readGitFile(join(state.gitDir, 'HEAD')))?.trim() ?? '';
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
  if (!ref) return undefined;
  for (const dir of new Set([state.gitDir, state.commonDir])) {
    if (pathInside(join(dir, 'refs'), join(dir, ref)) === undefined) return undefined;
    const loose = (await readGitFile(join(dir, ref)))?.trim();
    if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  }
  const packed = await readGitFile(join(state.commonDir, 'packed-refs'), PACKED_REFS_MAX_BYTES);
  for (const line of packed?.split('\n') ?? []) {
    const [hash, name] = line.trim().split(' ');
    if (name === ref && hash && /^[0-9a-f]{40,64}$/.test(hash)) return hash;
  }
  return undefined;
}
