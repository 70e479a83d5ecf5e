import { type HighlightText, highlightText } from '../html/highlightText';
import { asObject, optStr } from '../models/parse';

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

/** Reads a Search API v3 response; malformed results are skipped, never thrown. */
export function parseSearchResponse(body: unknown): SearchPage {
  const o = asObject(body, 'search');
  const results = Array.isArray(o.results) ? o.results : [];
  const hits: SearchHit[] = [];
  for (const raw of results) {
    if (typeof raw !== 'object' || raw === null) continue;
    const result = raw as Record<string, unknown>;
    const domain = optStr(result, 'domain');
    const path = optStr(result, 'path');
    if (!domain || !path) continue;
    const pageUrl = new URL(path, domain.endsWith('/') ? domain : `${domain}/`).href;
    const project = optStr(objectOr(result.project), 'slug') ?? '';
    const version = optStr(objectOr(result.version), 'slug') ?? '';
    const pageTitle = textOf(optStr(result, 'title') ?? path);
    const blocks = Array.isArray(result.blocks) ? result.blocks.filter((b): b is Record<string, unknown> => typeof b === 'object' && b !== null) : [];
    const sections = blocks.filter((b) => b.type === 'section' && typeof b.id === 'string');
    if (sections.length === 0) {
      hits.push({ project, version, pageTitle, sectionTitle: undefined, url: pageUrl, snippet: firstHighlight(objectOr(result.highlights), 'title') ?? highlightText(pageTitle) });
      continue;
    }
    for (const block of sections) {
      const highlights = objectOr(block.highlights);
      hits.push({
        project,
        version,
        pageTitle,
        sectionTitle: textOf(optStr(block, 'title') ?? ''),
        url: `${pageUrl.split('#')[0]}#${encodeURIComponent(String(block.id))}`,
        snippet: firstHighlight(highlights, 'content') ?? firstHighlight(highlights, 'title') ?? highlightText(String(block.content ?? '').slice(0, 300)),
      });
    }
  }
  return { count: typeof o.count === 'number' ? o.count : hits.length, next: optStr(o, 'next') ?? undefined, hits };
}

function objectOr(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {};
}

function firstHighlight(highlights: Record<string, unknown>, key: string): HighlightText | undefined {
  const list = highlights[key];
  const first = Array.isArray(list) ? list.find((h): h is string => typeof h === 'string') : undefined;
  return first === undefined ? undefined : highlightText(first);
}

/** Titles arrive as text that may hold entities or stray markup: only their text is kept. */
function textOf(value: string): string {
  return highlightText(value).text.trim();
}
