import { l10n } from '../l10n';
/**
 * Small helpers shared by the validators. Lengths are counted in code points, as the server
 * (Python `len`) counts them, not in UTF-16 units.
 */

function charCount(value: string): number {
  return [...value].length;
}

/** "Use at most 255 characters for the path (it has 256)." when `value` is longer than `max`. */
export function tooLong(value: string, max: number, what: string): string | undefined {
  const count = charCount(value);
  return count > max ? l10n.t('Use at most {0} characters for {1} (it has {2}).', max, what, count) : undefined;
}

/**
 * The contents of a character class matching Python's `\w` on text: a letter, a digit or `_` in any
 * script (use it inside `[...]` with the `u` flag). Django validators and URL routes use `\w`, so
 * this is what the server accepts; JavaScript's own `\w` is ASCII only.
 */
export const PYTHON_WORD_CHARS = String.raw`\p{L}\p{N}_`;
