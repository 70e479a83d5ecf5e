import { type HighlightText, highlightText } from '../html/highlightText';
import { asObject, optStr } from '../models/parse';
import { isJsonObject } from '../util/json';

/** One thing a person can open: a section of a page (or the page itself when no section matched). */
export interface SearchHit {
  readonly project: string;
  readonly version: string;
  readonly pageTitle: string;
  /** Title of the section; undefined for a page hit. */
  readonly sectionTitle: string | undefined;
  /** The page URL, with `#section` for a section hit. */
  readonly url: string;
  /** Highlighted text of the match (content, else the title), made plain text. */
  readonly snippet: HighlightText;
}

export interface SearchPage {
  readonly count: number;
  readonly next: string | undefined;
  readonly hits: readonly SearchHit[];
}

/** Results read per page at most (the API sends 30 at most). */
export const MAX_SEARCH_RESULTS = 50;
/** Section blocks read per result at most (the API sends 3 at most). */
export const MAX_SEARCH_BLOCKS = 5;
/** Characters of a title or highlight read at most; a snippet shows a line or two. */
export const MAX_SEARCH_TEXT_CHARS = 1000;
/** Characters of a page address at most: a longer one is no page of a docs site. */
const MAX_URL_CHARS = 2048;

/**
 * Reads a Search API v3 response, bounded in count and size; a malformed result is skipped,
 * never fatal to the rest.
 */
export function parseSearchResponse(body: unknown): SearchPage {
  const o = asObject(body, 'search');
  const results = Array.isArray(o.results) ? o.results.slice(0, MAX_SEARCH_RESULTS) : [];
  const hits: SearchHit[] = [];
  for (const raw of results) {
    try {
      hits.push(...hitsOf(raw));
    } catch {
      // Malformed (an address that does not parse, …): this result only is left out.
    }
  }
  return { count: typeof o.count === 'number' ? o.count : hits.length, next: optStr(o, 'next') ?? undefined, hits };
}

function hitsOf(raw: unknown): SearchHit[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const result = raw as Record<string, unknown>;
  const domain = optStr(result, 'domain');
  const path = optStr(result, 'path');
  if (!domain || !path || domain.length + path.length > MAX_URL_CHARS) return [];
  const pageUrl = new URL(path, domain.endsWith('/') ? domain : `${domain}/`).href;
  const project = optStr(objectOr(result.project), 'slug') ?? '';
  const version = optStr(objectOr(result.version), 'slug') ?? '';
  const pageTitle = textOf(optStr(result, 'title') ?? path);
  const blocks = Array.isArray(result.blocks) ? result.blocks.slice(0, MAX_SEARCH_BLOCKS).filter(isJsonObject) : [];
  const sections = blocks.filter((b) => b.type === 'section' && typeof b.id === 'string' && b.id.length <= MAX_URL_CHARS);
  if (sections.length === 0) {
    return [{ project, version, pageTitle, sectionTitle: undefined, url: pageUrl, snippet: firstHighlight(objectOr(result.highlights), 'title') ?? highlightText(pageTitle) }];
  }
  return sections.map((block) => {
    const highlights = objectOr(block.highlights);
    return {
      project,
      version,
      pageTitle,
      sectionTitle: textOf(optStr(block, 'title') ?? ''),
      url: `${pageUrl.split('#')[0]}#${encodeURIComponent(String(block.id))}`,
      snippet: firstHighlight(highlights, 'content') ?? firstHighlight(highlights, 'title') ?? highlightText(bounded(typeof block.content === 'string' ? block.content : '').slice(0, 300)),
    };
  });
}

function objectOr(value: unknown): Record<string, unknown> {
  return isJsonObject(value) ? value : {};
}

function firstHighlight(highlights: Record<string, unknown>, key: string): HighlightText | undefined {
  const list = highlights[key];
  const first = Array.isArray(list) ? list.slice(0, MAX_SEARCH_BLOCKS).find((h): h is string => typeof h === 'string') : undefined;
  return first === undefined ? undefined : highlightText(bounded(first));
}

/** The first `MAX_SEARCH_TEXT_CHARS` characters: markup cut there is closed by the HTML parser. */
function bounded(text: string): string {
  return text.length > MAX_SEARCH_TEXT_CHARS ? text.slice(0, MAX_SEARCH_TEXT_CHARS) : text;
}

/** Titles arrive as text that may hold entities or stray markup: only their text is kept. */
function textOf(value: string): string {
  return highlightText(bounded(value)).text.trim();
}
