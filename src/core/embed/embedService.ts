import { l10n } from '../l10n';
import { type Edition } from '../api/client';
import { describeError } from '../api/describeError';
import { type EmbedOptions } from '../api/endpoints/embed';
import { CancelledError } from '../api/errors';
import { type EmbedSection } from '../models/embed';
import { isBareTarget, sectionAround } from '../html/headingSection';
import { type Clock } from '../util/clock';
import { type DocHost, type DocHostMatcher } from './docHosts';
import { FetchCache } from './fetchCache';
import { type DocLink, findDocLink } from './findDocLink';

/** One embed request: the adapter passes `client(edition).embed.section`. */
export type FetchSection = (edition: Edition, pageUrl: string, embed: EmbedOptions, signal: AbortSignal) => Promise<EmbedSection>;

export interface EmbedServiceOptions {
  readonly matcher: DocHostMatcher;
  readonly fetchSection: FetchSection;
  /** Minutes a fetched section is kept (`readthedocs.hover.cacheMinutes`); read at every fetch. 0 = no cache. */
  readonly cacheMinutes: () => number;
  /** Sections kept at most; the least recently used goes first. */
  readonly maxEntries?: number;
  /** Characters of section HTML kept at most, all sections together; the least recently used go first. */
  readonly maxCachedChars?: number;
  readonly clock?: Pick<Clock, 'now'>;
}

export interface EmbeddedSection {
  /** The page URL asked for, fragment included. */
  readonly pageUrl: string;
  readonly edition: Edition;
  /** Unsanitised: only `core/html` turns `section.contentHtml` into something shown. */
  readonly section: EmbedSection;
}

const DEFAULT_MAX_ENTRIES = 200;
/** 8 M characters (about 16 MB of UTF-16): a few large pages, or the 200 usual sections. */
const DEFAULT_MAX_CACHED_CHARS = 8 * 1024 * 1024;

/**
 * Docs link → edition → section, with one cache shared by the hover and the preview panel:
 * successes are kept for the configured minutes, identical concurrent requests become one,
 * and a request is aborted only when every caller waiting for it has given up. Pure: the
 * HTTP call is a parameter.
 */
export class EmbedService {
  private readonly cache: FetchCache<string, EmbeddedSection>;

  constructor(private readonly options: EmbedServiceOptions) {
    this.cache = new FetchCache({
      maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
      maxSize: options.maxCachedChars ?? DEFAULT_MAX_CACHED_CHARS,
      sizeOf: (entry) => entry.section.contentHtml.length + entry.pageUrl.length,
      clock: options.clock,
    });
  }

  /** The docs link under the cursor; no request, no allocation beyond a scan of the line near the cursor. */
  linkAt(lineText: string, character: number): DocLink | undefined {
    return findDocLink(lineText, character, this.options.matcher);
  }

  /** Who hosts a URL, when it is documentation the embed endpoint can read. */
  hostOf(url: string): DocHost | undefined {
    return this.options.matcher.match(url);
  }

  /**
   * The section behind `pageUrl` from `edition`'s embed endpoint (cached). Rejects with the
   * client's typed errors; with the signal's reason (or a `CancelledError`) when `signal` aborts.
   */
  section(pageUrl: string, edition: Edition, signal?: AbortSignal): Promise<EmbeddedSection> {
    const embed = embedOptionsFor(pageUrl);
    const key = `${edition} ${embed.doctool ?? ''} ${pageUrl}`;
    const ttlMs = Math.max(0, this.options.cacheMinutes()) * 60_000;
    return this.cache.cachedFetch(key, ttlMs, async (shared) => ({
      pageUrl,
      edition,
      section: await this.wholeSection(edition, pageUrl, await this.options.fetchSection(edition, pageUrl, embed, shared), shared),
    }), signal);
  }

  /**
   * The endpoint returns the element whose id is the fragment. Where that is a bare heading (MkDocs
   * output has no `<section>` wrappers, FACTS.md §19) or an empty anchor, the section's text is
   * cut from the page's main content, itself one cached request; if the page cannot be had, the
   * heading stays what is shown.
   */
  private async wholeSection(edition: Edition, pageUrl: string, section: EmbedSection, signal: AbortSignal): Promise<EmbedSection> {
    const fragment = section.fragment;
    if (!fragment || !isBareTarget(section.contentHtml, fragment)) return section;
    const page = new URL(pageUrl);
    page.hash = '';
    const main = await this.section(page.href, edition, signal).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return undefined;
    });
    const whole = main && sectionAround(main.section.contentHtml, fragment);
    return whole ? { ...section, contentHtml: whole } : section;
  }

  /** Forgets every cached section (an edition's base URL changed). */
  clear(): void {
    this.cache.clear();
  }
}

/**
 * `doctool=sphinx` whenever the URL names a section. Only that value changes the server's answer,
 * and only for a fragment that is an empty label `<span id>` (→ its whole section) or a `<dt>`
 * (→ the term with its definition instead of the bare signature). Most hosted docs, and all four
 * external sites the endpoint reads, are built with Sphinx; other generators (MkDocs and co.) put
 * ids on headings, where the Sphinx branch changes nothing. Whether a site is Sphinx cannot be known
 * without fetching it, and guessing wrong would cost the API-reference and glossary links their
 * descriptions. Without a fragment the parameter has no effect, so it is left out.
 */
export function embedOptionsFor(pageUrl: string): EmbedOptions {
  return hasFragment(pageUrl) ? { doctool: 'sphinx' } : {};
}

function hasFragment(url: string): boolean {
  try {
    return new URL(url).hash.length > 1;
  } catch {
    return false;
  }
}

/** True when the failure only means somebody stopped waiting (a hover went away). */
export function isCancellation(error: unknown): boolean {
  return error instanceof CancelledError || (error instanceof Error && error.name === 'AbortError')
    || (typeof DOMException !== 'undefined' && error instanceof DOMException && error.name === 'AbortError');
}

/**
 * One short sentence saying why no section can be shown, or undefined for a cancellation (show
 * nothing). `host` is the embed endpoint's host, for network failures.
 */
export function embedFailureReason(error: unknown, host = l10n.t('the server')): string | undefined {
  return isCancellation(error) ? undefined : describeError(error, { host, embed: true });
}
