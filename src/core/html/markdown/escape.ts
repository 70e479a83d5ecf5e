// Backslash-escaped wherever they appear: emphasis, code, links, tables, headings, quotes, raw HTML and
// entities; `!` (before a link it makes an image: a tracking pixel) and `@` (GFM autolinks bare emails
// as mailto: links).
const ALWAYS_SPECIAL = /[\\`*_[\]<>&|~#!@]/g;
// GFM autolinks `https://…`, `ftp://…` and `www.…` in plain text, and such a link runs on over the
// escapes after it (`https://x\<img …` would leave `<img` unescaped): escaping the colon before a
// slash and the dot after `www` keeps remote text from becoming a link at all; links come only from
// link syntax with a checked destination (`escapeGluedStart` covers a text that goes on right after `ftp:`).
// Every `www.` is escaped, whatever precedes it: the spec starts a www link only after a space or
// `*_~(`, but marked (VS Code's renderer) starts one after any character (`xwww.`, `v1.www.`).
const SCHEME_COLON = /:(?=\/)/g;
const WWW_DOT = /(www)\./gi;
// What may end a `www.` begun by the text before it: a dot, `w.` or `ww.` at the start.
const GLUED_DOT = /^(w{0,2})\./i;
// Special only at the start of a line: list markers and setext underlines.
const LINE_START_SPECIAL = /^([-+=])|^(\d{1,9})([.)])/gm;

/** Remote text as Markdown that renders exactly as that text and can never form markup or raw HTML. */
export function escapeMarkdown(text: string): string {
  return text.replace(ALWAYS_SPECIAL, '\\$&').replace(SCHEME_COLON, '\\:').replace(WWW_DOT, '$1\\.');
}

/**
 * For escaped text that may continue text before it without a space (`ftp:<b>//host</b>`): a
 * leading slash is escaped too, so no autolink can form across the two.
 */
export function escapeGluedStart(markdown: string): string {
  return markdown.startsWith('/') ? `\\${markdown}` : markdown;
}

/** For escaped text that goes on right after `before` (`ww<span>w.host</span>`): the dot that would end a `www.` is escaped. */
export function escapeGluedDot(before: string, markdown: string): string {
  return /w$/i.test(before) ? markdown.replace(GLUED_DOT, '$1\\.') : markdown;
}

/** Escapes what would turn the start of a paragraph line into a list item or a heading underline. */
export function escapeLineStarts(markdown: string): string {
  return markdown.replace(LINE_START_SPECIAL, (_match, marker: string | undefined, digits: string, delimiter: string) =>
    marker ? `\\${marker}` : `${digits}\\${delimiter}`);
}

export function codeSpan(code: string, inTable: boolean): string {
  const fence = '`'.repeat(longestRun(code, '`') + 1);
  const padding = /^`|`$/.test(code) || /^ .* $/.test(code) ? ' ' : '';
  const span = `${fence}${padding}${code}${padding}${fence}`;
  // In a table cell even a pipe inside a code span ends the cell unless escaped.
  return inTable ? span.replace(/\|/g, '\\|') : span;
}

export function fencedCode(code: string, language: string | undefined): string {
  const fence = '`'.repeat(Math.max(3, longestRun(code, '`') + 1));
  return `${fence}${language ?? ''}\n${code}\n${fence}`;
}

/**
 * A link destination that cannot end early or be read as a title (parentheses, pipes, spaces percent-encoded),
 * whose `&` cannot start an entity reference (Markdown decodes those even inside destinations).
 */
export function linkDestination(url: string): string {
  return url
    .replace(/[()|\\\s<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
    .replace(/&/g, '\\&');
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === char ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return longest;
}
