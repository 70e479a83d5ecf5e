import { trimEndOf } from '../util/trim';

/**
 * A file's text for many searches (the problems of a build placed on one module): where a text first
 * occurs and on which line, each in about the time of the answer, not of the file. The words and
 * the line breaks are read in one pass, on the first search.
 */
export class IndexedText {
  private index: { readonly lineStarts: Int32Array; readonly words: WordIndex } | undefined;
  private readonly found = new Map<string, number>();

  constructor(readonly text: string) {}

  /** The same as `text.indexOf(query)`. */
  indexOf(query: string): number {
    let at = this.found.get(query);
    if (at === undefined) {
      at = this.search(query);
      this.found.set(query, at);
    }
    return at;
  }

  /** The text of a 0-based line (without its line break); undefined past the last line. */
  lineAt(line: number): string | undefined {
    const { lineStarts } = this.indexed();
    if (line < 0 || line >= lineStarts.length) return undefined;
    const end = line + 1 < lineStarts.length ? lineStarts[line + 1]! : this.text.length;
    return trimEndOf(this.text.slice(lineStarts[line], end), '\r\n');
  }

  /** The 0-based line of `offset`. */
  lineOf(offset: number): number {
    const { lineStarts } = this.indexed();
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /**
   * Through a word of the query that the file must hold: one with other characters on both sides
   * in the query is a whole word of the file there, the last one starts a word of the file, the
   * first one ends one. The word whose file words occur the fewest times is used; each place they
   * give is checked.
   */
  private search(query: string): number {
    const { words } = this.indexed();
    let best: { readonly words: readonly string[]; readonly count: number; readonly shift: (word: string) => number } | undefined;
    for (const { word, at } of wordsOf(query)) {
      const before = at > 0;
      const after = at + word.length < query.length;
      if (!before && !after) continue;
      const matching = before && after ? (words.byWord.has(word) ? [word] : []) : before ? words.starting(word) : words.ending(word);
      const count = matching.reduce((sum, match) => sum + words.byWord.get(match)!.length, 0);
      // The query starts `shift` before a matching file word: at `at` before it, unless the word is cut at its start (the query's first), where both words end together.
      const shift = before ? () => at : (match: string) => at + word.length - match.length;
      if (!best || count < best.count) best = { words: matching, count, shift };
      if (count === 0) break;
    }
    if (!best) return this.text.indexOf(query);
    let first = -1;
    for (const match of best.words) {
      const shift = best.shift(match);
      for (const wordStart of words.byWord.get(match)!) {
        const start = wordStart - shift;
        if (start >= 0 && (first < 0 || start < first) && this.text.startsWith(query, start)) first = start;
      }
    }
    return first;
  }

  private indexed(): { readonly lineStarts: Int32Array; readonly words: WordIndex } {
    this.index ??= { lineStarts: lineStartsOf(this.text), words: new WordIndex(this.text) };
    return this.index;
  }
}

/** Where each word (`\w+`) of a text starts, by word; its words sorted, and sorted backwards, to find them by prefix or suffix. */
class WordIndex {
  readonly byWord = new Map<string, number[]>();
  private sorted: string[] | undefined;
  private reversed: string[] | undefined;

  constructor(text: string) {
    for (const { word, at } of wordsOf(text)) {
      const starts = this.byWord.get(word);
      if (starts) starts.push(at);
      else this.byWord.set(word, [at]);
    }
  }

  /** The words beginning with `prefix`. */
  starting(prefix: string): string[] {
    this.sorted ??= [...this.byWord.keys()].sort();
    return withPrefix(this.sorted, prefix);
  }

  /** The words ending with `suffix`. */
  ending(suffix: string): string[] {
    this.reversed ??= [...this.byWord.keys()].map(reverse).sort();
    return withPrefix(this.reversed, reverse(suffix)).map(reverse);
  }
}

/** The entries of sorted `list` that start with `prefix` (a range of it, found by halving). */
function withPrefix(list: readonly string[], prefix: string): string[] {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle] < prefix) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < list.length && list[end].startsWith(prefix)) end++;
  return list.slice(low, end);
}

function reverse(word: string): string {
  return [...word].reverse().join('');
}

/** The words (`\w+`, as ASCII letters, digits and `_`) of a text with where each starts, in one pass. */
function* wordsOf(text: string): Generator<{ readonly word: string; readonly at: number }> {
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const inWord = i < text.length && isWordCode(text.charCodeAt(i));
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      yield { word: text.slice(start, i), at: start };
      start = -1;
    }
  }
}

function isWordCode(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

function lineStartsOf(text: string): Int32Array {
  let breaks = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) breaks++;
  const starts = new Int32Array(breaks + 1);
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
  return starts;
}
