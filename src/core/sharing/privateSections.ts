import { type Edition } from '../api/client';
import { EmbedError, PrivateDocsRefusedError } from '../api/errors';
import { type Transport } from '../api/transport';
import { cutSection } from '../html/embedSection';
import { type EmbedSection } from '../models/embed';
import { type FetchSection } from '../embed/embedService';
import { type DocsGrant, type GrantLookup } from './privateDocs';

export interface PrivateSectionDeps {
  /** The embed endpoint (public pages). */
  readonly embed: FetchSection;
  readonly grants: GrantLookup;
  /** The transport of the grant's edition (its budget, and the API origin the header must never reach). */
  readonly transportOf: (edition: Edition) => Transport | undefined;
}

/**
 * The section of a docs page: from the embed endpoint, or, for a page inside a project's
 * private-docs grant, from the page itself read with the grant's header (the endpoint takes no
 * token, FACTS.md §25) and cut here by the endpoint's rules (`embedSectionOf`). One request
 * either way; a refusal (401/403) is reported to the grants once and said in the hover.
 */
export function privateAwareSections(deps: PrivateSectionDeps): FetchSection {
  return async (edition, pageUrl, embed, signal) => {
    const url = new URL(pageUrl);
    await deps.grants.ready();
    const grant = deps.grants.grantFor(url);
    const transport = grant && deps.transportOf(grant.edition);
    if (!grant || !transport) return deps.embed(edition, pageUrl, embed, signal);
    return sectionWithGrant(transport, grant, deps.grants, url, embed.doctool === 'sphinx', signal);
  };
}

async function sectionWithGrant(transport: Transport, grant: DocsGrant, grants: GrantLookup, url: URL, sphinx: boolean, signal: AbortSignal): Promise<EmbedSection> {
  const page = new URL(url.href);
  page.hash = '';
  const fragment = url.hash.length > 1 ? decodeFragment(url.hash.slice(1)) : undefined;
  let response;
  try {
    response = await transport.getFile({ url: page, sharing: grant, bodyKind: 'docsPage', accept: [200, 404], signal });
  } catch (error) {
    if (error instanceof PrivateDocsRefusedError) grants.refused(grant);
    throw error;
  }
  const request = { method: 'GET', host: page.host, path: page.pathname };
  if (response.status === 404) throw new EmbedError('pageNotFound', `No page at ${page.pathname}.`, request, 404);
  // One parse of at most MAX_PARSED_PAGE_CHARS of the page (a longer one is cut around the section first).
  const cut = cutSection(response.bytes.toString('utf8'), url.href, { fragment, sphinx });
  if (!cut.ok && cut.reason === 'missing') throw new EmbedError('sectionNotFound', `No section ${fragment ?? '(main content)'} in ${page.pathname}.`, request, 404);
  if (!cut.ok) throw new EmbedError('tooComplex', `The part of ${page.pathname} around ${fragment ?? 'its main content'} is too complex to parse (${cut.reason}).`, request);
  return { url: url.href, fragment, contentHtml: cut.html, external: false };
}

function decodeFragment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
