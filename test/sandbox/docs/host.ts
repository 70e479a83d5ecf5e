// Docs hosts (`<project>.readthedocs.io`, custom domains, loopback docs origins): the pages and objects.inv of built, public
// versions, with ETag / If-None-Match. Requests with another Host go to the API as before.

import { createHash } from 'node:crypto';
import type { SandboxDb } from '../db';
import { resolveDocsUrl } from '../embed/resolve';
import { htmlPage, type ApiResponse } from '../http';
import { projectForDocsHost } from '../urls';
import { addonsResponse } from './addons';
import { isSphinxSite, objectsInv } from './objectsInv';
import { headerTokenVerdict } from '../rules/sharing';

const LAST_MODIFIED = 'Mon, 01 Jan 2024 00:00:00 GMT';

/** The answer of a docs host, or undefined when `host` is not one (the request is an API request). */
export function docsHostResponse(db: SandboxDb, host: string, path: string, ifNoneMatch: string | undefined, search = '', authorization?: string): ApiResponse | undefined {
  // A loopback docs origin is matched with its port; a docs domain without it.
  const docsHost = [host, host.replace(/:\d+$/, '')].find((candidate) => projectForDocsHost(db, candidate));
  if (!docsHost) return undefined;
  if (path === '/_/addons/') return addonsResponse(db, search, authorization);
  const resolved = resolveDocsUrl(db, new URL(`http://${docsHost}${path}`));
  if (!resolved) return htmlPage(404);
  const { project, version, filename } = resolved;
  if (!version.active || !version.built) return htmlPage(404);
  if (project.privacyLevel === 'private' || version.privacyLevel === 'private') {
    // Business: a private version answers only to a header token of its own project (FACTS.md §25).
    if (db.edition !== 'business') return htmlPage(404);
    const verdict = headerTokenVerdict(db, project, version, authorization);
    if (verdict === 'missing') return htmlPage(401);
    if (verdict === 'refused') return htmlPage(403);
  }
  if (db.uploads.isUploaded(project.slug, version.slug)) {
    const uploaded = db.uploads.pages.get(`${project.slug}/${version.slug}/${filename}`);
    if (uploaded === undefined) return htmlPage(404);
    return filename.endsWith('.html') ? { status: 200, kind: 'html', body: uploaded.toString('utf8') } : { status: 200, kind: 'binary', body: uploaded };
  }
  const prefix = `${project.slug}/`;
  const pages = new Map([...db.pages].filter(([key]) => key.startsWith(prefix)).map(([key, html]) => [key.slice(prefix.length), html]));
  if (filename === 'objects.inv') {
    const published = db.inventories.get(project.slug);
    if (!published && !isSphinxSite(pages)) return htmlPage(404);
    const bytes = published ?? objectsInv(project.name, version.slug, pages);
    const etag = `"${createHash('sha1').update(bytes).digest('hex').slice(0, 16)}"`;
    const headers = { ETag: etag, 'Last-Modified': LAST_MODIFIED };
    if (ifNoneMatch === etag) return { status: 304, kind: 'empty', headers };
    return { status: 200, kind: 'binary', body: bytes, headers };
  }
  const page = pages.get(filename);
  return page === undefined ? htmlPage(404) : { status: 200, kind: 'html', body: page };
}
