import type { RedirectRecord } from '../db';
import { isoDate } from '../time';
import { apiUrl } from '../urls';
import type { RenderContext } from './renderContext';

/**
 * `RedirectDetailSerializer` (GET: empty URLs as null) or `RedirectCreateSerializer` (write responses: empty URLs as "").
 */
export function renderRedirect(ctx: RenderContext, redirect: RedirectRecord, mode: 'read' | 'write'): Record<string, unknown> {
  const url = (value: string) => (mode === 'read' ? value || null : value);
  // Before 10.14 a redirect had none of these settings in the API. Tests render a record without a
  // database too (the service's shape).
  const older = (ctx.db as RenderContext['db'] | undefined)?.responseShapes === 'older';
  const settings = older ? {} : {
    force: redirect.force,
    enabled: redirect.enabled,
    description: redirect.description,
    http_status: redirect.httpStatus,
    position: redirect.position,
  };
  return {
    pk: redirect.pk,
    created: isoDate(redirect.created),
    modified: isoDate(redirect.modified),
    project: redirect.project,
    type: redirect.type,
    from_url: url(redirect.fromUrl),
    to_url: url(redirect.toUrl),
    ...settings,
    _links: {
      _self: apiUrl(ctx.origin, `projects/${redirect.project}/redirects/${redirect.pk}/`),
      project: apiUrl(ctx.origin, `projects/${redirect.project}/`),
    },
  };
}
