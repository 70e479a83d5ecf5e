/** A URL written in a line of text, with the range of what was written around it (end exclusive). */
export interface LinkCandidate {
  readonly url: string;
  readonly start: number;
  readonly end: number;
}

// [text](url), [text](<url>), [text](url "title"); one level of parentheses inside the URL.
const MARKDOWN_LINK = /\[[^[\]\n]*\]\(\s*<?((?:[^()\s<>]|\([^()\s<>]*\))+)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;
// `text <url>`_ and anonymous `text <url>`__ (reStructuredText).
const RST_LINK = /`[^`<\n]*<([^<>`\s]+)>`__?/g;
// <url> (Markdown autolink).
const AUTOLINK = /<(https?:\/\/[^\s<>]+)>/gi;
// A URL in prose, a comment or a string literal; quotes, backticks and backslashes end it.
const BARE_URL = /(?<![\w+.-])https?:\/\/[^\s<>"'`\\]+/gi;

const TRAILING_PUNCTUATION = '.,;:!?*~\'"';
const BRACKETS = '()[]{}';
const CLOSING_TO_OPENING: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

/** Markdown links, reST links and autolinks: the range covers the whole construct, text included. */
export function writtenLinks(text: string): LinkCandidate[] {
  return [RST_LINK, MARKDOWN_LINK, AUTOLINK].flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => ({ url: match[1], start: match.index, end: match.index + match[0].length })));
}

export function bareUrls(text: string): LinkCandidate[] {
  return [...text.matchAll(BARE_URL)].map((match) => {
    const url = trimTrailing(match[0]);
    return { url, start: match.index, end: match.index + url.length };
  });
}

/**
 * Drops sentence punctuation and closing brackets that the URL did not open: "(see https://x/a_(b))."
 * Brackets are counted once and the end walked back: no recount per character dropped.
 */
function trimTrailing(url: string): string {
  const counts = new Map<string, number>();
  for (const char of url) if (BRACKETS.includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  let end = url.length;
  while (end > 0) {
    const last = url[end - 1];
    const opening = Object.hasOwn(CLOSING_TO_OPENING, last) ? CLOSING_TO_OPENING[last] : undefined;
    const unopened = opening !== undefined && (counts.get(opening) ?? 0) < (counts.get(last) ?? 0);
    if (!TRAILING_PUNCTUATION.includes(last) && !unopened) break;
    if (opening !== undefined) counts.set(last, (counts.get(last) ?? 0) - 1);
    end--;
  }
  return url.slice(0, end);
}
