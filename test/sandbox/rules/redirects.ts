// Redirect rules shared by the API handlers and the seed: validation raised on save, normalisation, positions.

import { COMMUNITY_REDIRECTS_LIMIT, type RedirectType } from '../constants';
import type { RedirectRecord, SandboxDb } from '../db';

const usesPaths = (type: RedirectType): boolean => type === 'page' || type === 'exact' || type === 'prefix';

/** Redirects of a project in API order: `position`, then most recently modified. */
export const redirectsOf = (db: SandboxDb, project: string): RedirectRecord[] =>
  db.redirects.filter((r) => r.project === project).sort((a, b) => a.position - b.position || b.modified - a.modified);

/** `validate_redirect`: these errors are rendered as a bare JSON array. `pk` is null on create. */
export function redirectRuleError(
  db: SandboxDb, project: string, pk: number | null, type: RedirectType, fromUrl: string, toUrl: string,
): string | undefined {
  if (pk == null && db.edition === 'community' && redirectsOf(db, project).length >= COMMUNITY_REDIRECTS_LIMIT) {
    return `This project has reached the limit of ${COMMUNITY_REDIRECTS_LIMIT} redirects. `
      + 'Consider replacing some of your redirects with a wildcard redirect.';
  }
  if (usesPaths(type)) {
    if (fromUrl.endsWith('$rest')) return 'The $rest wildcard has been removed in favor of *.';
    if (fromUrl.includes('*') && !fromUrl.endsWith('*')) return 'The * wildcard must be at the end of the path.';
    if (toUrl.includes(':splat') && !fromUrl.endsWith('*')) {
      return 'The * wildcard must be at the end of from_url to use the :splat placeholder in to_url.';
    }
    return undefined;
  }
  const duplicate = redirectsOf(db, project).some((r) => r.type === type && r.pk !== pk);
  return duplicate ? `Only one redirect of type \`${type}\` is allowed per project.` : undefined;
}

/** `Redirect.save` normalisation: one leading slash and no trailing slash on `from_url`; clean/html types keep no URLs. */
export function normalizeUrls(type: RedirectType, fromUrl: string, toUrl: string): { fromUrl: string; toUrl: string } {
  if (!usesPaths(type)) return { fromUrl: '', toUrl: '' };
  const from = `/${fromUrl.replace(/^\/+/, '')}`;
  return {
    fromUrl: from === '/' ? from : from.replace(/\/+$/, ''),
    toUrl: /^https?:\/\//.test(toUrl) ? toUrl : `/${toUrl.replace(/^\/+/, '')}`,
  };
}

/** Put `redirect` at `position` (0 = top) and renumber the project's redirects 0..n-1. */
export function placeRedirect(db: SandboxDb, redirect: RedirectRecord, position: number): void {
  const others = redirectsOf(db, redirect.project).filter((r) => r !== redirect);
  others.splice(Math.min(Math.max(position, 0), others.length), 0, redirect);
  others.forEach((r, index) => { r.position = index; });
}

export function deleteRedirect(db: SandboxDb, redirect: RedirectRecord): void {
  db.redirects.splice(db.redirects.indexOf(redirect), 1);
  redirectsOf(db, redirect.project).forEach((r, index) => { r.position = index; });
}

export type RedirectFields = Pick<RedirectRecord, 'type' | 'fromUrl' | 'toUrl' | 'httpStatus' | 'force' | 'enabled' | 'description'>;

/** Create a (validated) redirect: normalised, inserted at `position`. */
export function createRedirect(db: SandboxDb, project: string, fields: RedirectFields, position = 0, now = Date.now()): RedirectRecord {
  const redirect: RedirectRecord = {
    pk: db.nextId('redirect'),
    project,
    ...fields,
    ...normalizeUrls(fields.type, fields.fromUrl, fields.toUrl),
    position,
    created: now,
    modified: now,
  };
  db.redirects.push(redirect);
  placeRedirect(db, redirect, position);
  return redirect;
}
