import { posix } from 'node:path';
import { type DocsLayout } from '../docsLayout/layout';
import { publishedPath } from '../docsLayout/publishedName';
import { lineWindow } from '../util/lineWindow';
import { webUrlOf } from '../validation/urls';
import { docsRootUrl } from './docsRoot';

/** A Markdown link to another source page of the docs: `[text](other.md#anchor)`. */
export interface PageLink {
  /** As written, relative to the page it is on (percent-decoded). */
  readonly path: string;
  readonly anchor: string | undefined;
  /** The link's destination on the line. */
  readonly start: number;
  readonly end: number;
}

// ](path.md), ](../api/index.md#x), ](<guide.md>), with an optional title; no scheme, no absolute path.
// Read by hand, not by a pattern: a pattern restarts at each `](` and reads the rest of the run
// again, quadratic on a line of many `](`.
const PAGE_EXTENSIONS = ['.md', '.markdown', '.rst', '.txt'];
const PATH_STOP = new Set([')', '#', '<', '>', ':']);
const ANCHOR_STOP = new Set([')', '<', '>']);
const WHITE_SPACE = /\s/;

/** The relative page link whose destination holds `character`, read within `SCAN_RADIUS` of it. */
export function pageLinkAt(line: string, character: number): PageLink | undefined {
  const { text, offset } = lineWindow(line, character);
  const cursor = character - offset;
  const runs = runEnds(text);
  for (let from = 0; ;) {
    const bracket = text.indexOf('](', from);
    if (bracket < 0 || bracket + 2 > cursor) return undefined;
    const link = destinationAt(text, bracket + 2, runs);
    if (!link) {
      from = bracket + 1;
      continue;
    }
    if (cursor <= link.end) return { ...link, start: link.start + offset, end: link.end + offset };
    from = link.end + 1;
  }
}

interface RunEnds {
  /** Where a run of path characters, anchor characters or white space starting at a position ends. */
  readonly path: Int32Array;
  readonly anchor: Int32Array;
  readonly space: Int32Array;
  /** The first `"` at or after a position, -1 when none. */
  readonly quote: Int32Array;
}

/** Each position's run ends, in one pass from the end: every `](` is then read in constant time. */
function runEnds(text: string): RunEnds {
  const n = text.length;
  const path = new Int32Array(n + 1).fill(n);
  const anchor = new Int32Array(n + 1).fill(n);
  const space = new Int32Array(n + 1).fill(n);
  const quote = new Int32Array(n + 1).fill(-1);
  for (let i = n - 1; i >= 0; i--) {
    const char = text[i];
    const white = WHITE_SPACE.test(char);
    path[i] = white || PATH_STOP.has(char) ? i : path[i + 1];
    anchor[i] = white || ANCHOR_STOP.has(char) ? i : anchor[i + 1];
    space[i] = white ? space[i + 1] : i;
    quote[i] = char === '"' ? i : quote[i + 1];
  }
  return { path, anchor, space, quote };
}

/** The page link whose destination starts at `start` (right after `](`); `end` is its `)`. */
function destinationAt(text: string, start: number, runs: RunEnds): PageLink | undefined {
  let i = runs.space[start];
  if (text[i] === '<') i++;
  if (i >= text.length || text[i] === '/' || runs.path[i] === i) return undefined;
  const pathEnd = runs.path[i];
  const path = text.slice(i, pathEnd);
  if (!PAGE_EXTENSIONS.some((extension) => path.length > extension.length && path.endsWith(extension))) return undefined;
  let j = pathEnd;
  let anchor = '';
  if (text[j] === '#') {
    const anchorEnd = runs.anchor[j + 1];
    anchor = text.slice(j + 1, anchorEnd);
    j = anchorEnd;
  }
  if (text[j] === '>') j++;
  const gap = runs.space[j];
  let end = text[gap] === ')' ? gap : -1;
  if (end < 0 && gap > j && text[gap] === '"') {
    const closing = runs.quote[gap + 1];
    const after = closing < 0 ? -1 : runs.space[closing + 1];
    if (after >= 0 && text[after] === ')') end = after;
  }
  if (end < 0) return undefined;
  return { path: decodeSafely(path), anchor: anchor ? decodeSafely(anchor) : undefined, start, end };
}

/**
 * The published address of the page (and section) a link names: the link resolved from the
 * source file it is on (`fromSource`, relative to the repository root), which must stay inside
 * the docs layout's sources and be a page of them, then that page's published path under the
 * version's documentation root. Undefined otherwise.
 */
export function publishedPageUrl(link: PageLink, fromSource: string, layout: DocsLayout, docsRoot: string): string | undefined {
  const target = posix.normalize(posix.join(posix.dirname(fromSource), link.path));
  if (target.startsWith('../')) return undefined;
  const published = publishedPath(target, layout);
  const root = docsRootUrl(docsRoot);
  const url = published !== undefined && root ? webUrlOf(published.slice(1), root) : undefined;
  if (!url) return undefined;
  if (link.anchor) url.hash = link.anchor;
  return url.href;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
