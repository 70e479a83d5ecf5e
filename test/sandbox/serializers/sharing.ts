import type { RequestContext } from '../context';
import type { SandboxDb, SharingMethodRecord } from '../db';
import { isoDate } from '../time';
import { apiUrl, docsUrl } from '../urls';

export function renderSharingMethod(ctx: Pick<RequestContext, 'origin' | 'db'>, method: SharingMethodRecord): Record<string, unknown> {
  return {
    _links: {
      _self: apiUrl(ctx.origin, `projects/${method.project}/sharing/${method.id}/`),
      project: apiUrl(ctx.origin, `projects/${method.project}/`),
    },
    access_type: method.accessType,
    allow_all: method.allowAll,
    description: method.description,
    expires: method.expires,
    id: method.id,
    last_used_at: method.lastUsedAt === null ? null : isoDate(method.lastUsedAt),
    project: method.project,
    token: method.token,
    url: sharingUrl(ctx.db, method),
    versions: method.allowAll ? [] : method.versions,
  };
}

/** `https://<docs host>/_/sharing/<token>?next=/en/latest/`. */
function sharingUrl(db: SandboxDb, method: SharingMethodRecord): string {
  const project = db.project(method.project);
  if (!project) return '';
  const docs = new URL(docsUrl(db, project));
  return `${docs.origin}/_/sharing/${method.token}?next=${docs.pathname}`;
}
