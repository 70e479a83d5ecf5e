import { posix } from 'node:path';
import { type DocsLayout } from '../docsLayout/layout';
import { publishedPath } from '../docsLayout/publishedName';
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
const PAGE_LINK = /\]\(\s*<?([^)\s#<>:/][^)\s#<>:]*\.(?:md|markdown|rst|txt)|\.\.?\/[^)\s#<>:]*\.(?:md|markdown|rst|txt))(#[^)\s<>]*)?>?(?:\s+"[^"]*")?\s*\)/g;

/** The relative page link whose destination holds `character`. */
export function pageLinkAt(line: string, character: number): PageLink | undefined {
  for (const match of line.matchAll(PAGE_LINK)) {
    const start = match.index + 2;
    const end = match.index + match[0].length - 1;
    if (character < start || character > end) continue;
    const anchor = match[2]?.slice(1);
    return { path: decodeSafely(match[1]), anchor: anchor ? decodeSafely(anchor) : undefined, start, end };
  }
  return undefined;
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
