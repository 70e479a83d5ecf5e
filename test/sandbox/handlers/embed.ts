// Embed API v3: `GET /api/v3/embed/?url=…` (and the same-origin copy `/_/api/v3/embed/`). No token auth, no DRF throttle.

import { EMBED_EXTERNAL_DOMAINS } from '../constants';
import type { RequestContext } from '../context';
import { detail, type ApiResponse } from '../http';
import { absolutizeLinks } from '../embed/links';
import { resolveDocsUrl } from '../embed/resolve';
import { selectSection } from '../embed/section';

const CORS = { 'Access-Control-Allow-Origin': '*' };

const embedError = (status: number, error: string): ApiResponse =>
  ({ status, kind: 'json-unsorted', body: { error }, headers: CORS });

/** Python `urlparse` needs a scheme and a host (`https:///x` has none, unlike WHATWG URL parsing). */
function parseUrl(url: string): URL | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.test(url)) return undefined;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

export function embed(ctx: RequestContext, proxied: boolean): ApiResponse {
  const { db, query } = ctx;
  const url = query.get('url');
  if (!url) return embedError(400, 'Invalid arguments. Please provide "url".');
  const parsed = parseUrl(url);
  if (!parsed) return embedError(400, `The URL requested is malformed. url=${url}`);
  const hash = url.indexOf('#');
  const fragment = hash >= 0 && hash < url.length - 1 ? url.slice(hash + 1) : null;
  const maincontent = query.get('maincontent') || null;
  const pageUrl = hash >= 0 ? url.slice(0, hash) : url;
  const headers: Record<string, string> = { ...CORS };

  let page: string | undefined;
  const resolved = resolveDocsUrl(db, parsed);
  if (resolved) {
    const { project, version, filename } = resolved;
    if (project.privacyLevel === 'private' || version.privacyLevel === 'private') {
      const message = proxied ? 'You do not have permission to perform this action.' : 'Authentication credentials were not provided.';
      return detail(403, message, CORS);
    }
    headers['Cache-Tag'] = `${project.slug},${project.slug}:${version.slug}`;
    page = version.active && version.built ? db.page(project.slug, filename) : undefined;
  } else {
    const domain = parsed.hostname;
    if (!EMBED_EXTERNAL_DOMAINS.some((allowed) => allowed.test(domain))) {
      return embedError(400, `External domain not allowed. domain=${domain}`);
    }
    if (ctx.embedDomains.hit(domain) != null) return embedError(429, `Too many requests for this domain. domain=${domain}`);
    page = db.externalPages.get(`${parsed.origin}${parsed.pathname}`);
  }

  const content = page === undefined
    ? undefined
    : selectSection(page, { fragment, maincontent, sphinx: query.get('doctool') === 'sphinx' });
  if (content === undefined) {
    return embedError(404, `Can't find content for section: url=${url} fragment=${fragment ?? 'None'} maincontent=${maincontent ?? 'None'}`);
  }
  return {
    status: 200,
    kind: 'json-unsorted',
    body: { url, fragment, content: absolutizeLinks(content, pageUrl), external: !resolved },
    headers,
  };
}
