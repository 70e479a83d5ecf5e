import { lstat, realpath } from 'node:fs/promises';
import { dirname, posix } from 'node:path';
import { trimEndOf } from './trim';

/**
 * Where `path` lies inside `root`, as a `/`-separated path relative to it (`''` for the root
 * itself), or undefined when it leads outside. Both are read in one frame: both absolute, or both
 * relative to the same folder (`''` is that folder). Backslashes count as `/`; `.`, `..` and
 * doubled slashes are resolved first, so `docs/../../etc` is outside whatever it starts with.
 */
export function pathInside(root: string, path: string): string | undefined {
  const base = clean(root);
  const target = clean(path);
  if (base === undefined || target === undefined || posix.isAbsolute(base) !== posix.isAbsolute(target)) return undefined;
  if (base === '' || base === '/') return posix.isAbsolute(target) ? target.slice(1) : target;
  if (target === base) return '';
  return target.startsWith(`${base}/`) ? target.slice(base.length + 1) : undefined;
}

/**
 * Where the existing file or folder `path` really lies inside the folder `root`, every symbolic
 * link resolved (the file's and its parent folders'), relative to `root`'s own real path;
 * undefined when it lies outside or either does not exist. `docs -> /etc` makes `docs/passwd` outside.
 */
export async function realPathInside(root: string, path: string): Promise<string | undefined> {
  try {
    const [realRoot, realTarget] = await Promise.all([realpath(root), realpath(path)]);
    return pathInside(realRoot, realTarget);
  } catch {
    return undefined;
  }
}

/**
 * True when a file written at `path` (which need not exist yet) would really lie inside the folder
 * `root`: `path` is inside as written, and the nearest of it and its parent folders that exists,
 * every symbolic link resolved, lies in `root`'s real path. A symbolic link on the way that leads
 * nowhere, or anything but a missing entry (a file where a folder should be), makes it false.
 */
export async function writableInside(root: string, path: string): Promise<boolean> {
  if (pathInside(root, path) === undefined) return false;
  for (let current = path; ; current = dirname(current)) {
    const exists = await lstat(current).then(() => true, (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : undefined));
    if (exists === undefined) return false;
    if (exists) return await realPathInside(root, current) !== undefined;
    if (dirname(current) === current) return false;
  }
}

/**
 * The folders from `dir` up to `root` (both included), each relative to `root` (`''` is `root`);
 * empty when `dir` is not inside `root` (`/docs2` is not inside `/docs`).
 */
export function foldersUpTo(root: string, dir: string): string[] {
  const inside = pathInside(root, dir);
  if (inside === undefined) return [];
  const out: string[] = [];
  for (let current = inside; current !== ''; current = posix.dirname(current) === '.' ? '' : posix.dirname(current)) out.push(current);
  out.push('');
  return out;
}

/**
 * A path a person or a folder wrote for a file of `root` (absolute, or relative to `root`),
 * relative to `root`; undefined when it leads outside `root`.
 */
export function settingPathInside(root: string, written: string): string | undefined {
  const path = written.replace(/\\/g, '/');
  return pathInside(root, isAbsolutePath(path) ? path : `${root.replace(/\\/g, '/')}/${path}`);
}

/** `/…`, `C:/…` or `//host/…` (backslashes already turned into `/`). */
function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Z]:\//i.test(path);
}

/** Normalised, no trailing slash; undefined for a relative path that climbs above its start. */
function clean(path: string): string | undefined {
  const slashed = path.replace(/\\/g, '/');
  // A Windows drive path is absolute: `C:/docs` is read as `/C:/docs`.
  const rooted = /^[A-Z]:\//i.test(slashed) ? `/${slashed}` : slashed;
  const normal = trimEndOf(posix.normalize(rooted), '/');
  if (normal === '.') return '';
  if (normal === '') return rooted.startsWith('/') ? '/' : '';
  if (normal === '..' || normal.startsWith('../')) return undefined;
  return normal;
}
