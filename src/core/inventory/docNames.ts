import { posix } from 'node:path';
import { pathInside } from '../util/paths';

const SOURCE_SUFFIX = /\.(rst|md|txt|ipynb)$/;

/** Sphinx's document name of a source file: its path under the source directory (the folder of conf.py), no suffix. */
export function docNameOf(filePath: string, sourceDir: string): string | undefined {
  const relative = pathInside(sourceDir, filePath);
  return relative ? relative.replace(SOURCE_SUFFIX, '') : undefined;
}

/**
 * The document a `:doc:` target names, as Sphinx resolves it: relative to the current document's
 * folder, or to the source root when it starts with `/`. A source suffix (`.md`) is dropped.
 * `currentDoc` undefined (file outside the source directory): the target as an absolute name.
 */
export function resolveDocTarget(target: string, currentDoc: string | undefined): string {
  const cleaned = target.trim().replace(SOURCE_SUFFIX, '');
  if (cleaned.startsWith('/') || currentDoc === undefined) return posix.normalize(cleaned.replace(/^\/+/, '')).replace(/^\.\//, '');
  const joined = posix.normalize(posix.join(posix.dirname(currentDoc), cleaned));
  return joined.replace(/^(\.\.\/)+/, '').replace(/^\.\//, '');
}
