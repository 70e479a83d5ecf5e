// /projects/<slug>/redirects/: list, detail, create (201), PUT/PATCH (200 with body), delete, OPTIONS metadata.

import { OLDER_REDIRECT_TYPES, REDIRECT_TYPES, REMOVED_REDIRECT_TYPES, type RedirectType } from '../constants';
import type { RequestContext } from '../context';
import type { RedirectRecord, SandboxDb } from '../db';
import { invalid, json, noContent, notFound, notFoundPlain, type ApiResponse } from '../http';
import { paginate } from '../pagination';
import { createRedirect, deleteRedirect, normalizeUrls, placeRedirect, redirectRuleError, redirectsOf } from '../rules/redirects';
import { renderRedirect } from '../serializers/redirect';
import { integerId, isResponse, readObject, Validator } from '../validation';

const HTTP_STATUSES = { 302: '302 - Temporary Redirect', 301: '301 - Permanent Redirect' } as const;

/** The `type` choices: the service lists its removed and renamed names too (and refuses them); an older server lists its own. */
function typeChoices(db: SandboxDb): { value: string; display_name: string }[] {
  if (db.redirectTypes === 'older') return Object.entries(OLDER_REDIRECT_TYPES).map(([value, display_name]) => ({ value, display_name }));
  return [
    ...Object.entries(REDIRECT_TYPES).map(([value, display_name]) => ({ value, display_name })),
    ...Object.entries(REMOVED_REDIRECT_TYPES).map(([value, { display }]) => ({ value, display_name: display })),
  ];
}

/** SimpleMetadata `actions.POST` of the redirects list. */
export const redirectPostMetadata = (ctx: RequestContext): Record<string, unknown> => ({
  pk: { type: 'integer', required: false, read_only: true, label: 'ID' },
  created: { type: 'datetime', required: false, read_only: true, label: 'Created' },
  modified: { type: 'datetime', required: false, read_only: true, label: 'Modified' },
  project: { type: 'field', required: false, read_only: true, label: 'Project' },
  type: {
    type: 'choice', required: true, read_only: false, label: 'Redirect Type',
    help_text: 'The type of redirect you wish to use.',
    choices: typeChoices(ctx.db),
  },
  from_url: { type: 'string', required: false, read_only: false, label: 'From URL', max_length: 255 },
  to_url: { type: 'string', required: false, read_only: false, label: 'To URL', max_length: 255 },
  force: { type: 'boolean', required: false, read_only: false, label: 'Force redirect' },
  enabled: { type: 'boolean', required: false, read_only: false, label: 'Enabled' },
  description: { type: 'string', required: false, read_only: false, label: 'Description', max_length: 255 },
  http_status: {
    type: 'choice', required: false, read_only: false, label: 'HTTP Status',
    choices: Object.entries(HTTP_STATUSES).map(([value, display_name]) => ({ value: Number(value), display_name })),
  },
  position: { type: 'integer', required: false, read_only: false, label: 'Position', min_value: 0, max_value: 2147483647 },
  _links: { type: 'field', required: false, read_only: true, label: ' links' },
});

export const listRedirects = (ctx: RequestContext): ApiResponse =>
  paginate(ctx, redirectsOf(ctx.db, ctx.params.project), (r) => renderRedirect(ctx, r, 'read'));

function findRedirect(ctx: RequestContext): RedirectRecord | ApiResponse {
  const pk = integerId(ctx.params.redirect);
  if (pk === undefined) return notFoundPlain();
  return ctx.db.redirects.find((r) => r.pk === pk && r.project === ctx.params.project) ?? notFound('Redirect');
}

export function getRedirect(ctx: RequestContext): ApiResponse {
  const redirect = findRedirect(ctx);
  return isResponse(redirect) ? redirect : json(200, renderRedirect(ctx, redirect, 'read'));
}

/** Field validation of `RedirectSerializerBase` (PATCH is partial; POST and PUT require `type`). */
function validateFields(v: Validator, db: SandboxDb) {
  const chosen = v.choice('type', typeChoices(db).map((c) => c.value), true);
  const removed = chosen === undefined || db.redirectTypes === 'older' ? undefined : REMOVED_REDIRECT_TYPES[chosen];
  if (removed) v.fail('type', removed.error);
  return {
    type: removed ? undefined : (chosen as RedirectType | undefined),
    fromUrl: v.string('from_url', { max: 255, allowBlank: true }) ?? undefined,
    toUrl: v.string('to_url', { max: 255, allowBlank: true }) ?? undefined,
    httpStatus: v.choice<301 | 302>('http_status', [302, 301]),
    force: v.bool('force'),
    enabled: v.bool('enabled'),
    description: v.string('description', { max: 255, allowBlank: true }) ?? undefined,
    position: v.integer('position', 0),
  };
}

/** The position a write asked for, or none on an older server: before 10.14 it took none and listed the newest first. */
function positionTaken(db: SandboxDb, position: number | undefined): number | undefined {
  return db.responseShapes === 'older' ? undefined : position;
}

export function createRedirectHandler(ctx: RequestContext): ApiResponse {
  const data = readObject(ctx);
  if (isResponse(data)) return data;
  const v = new Validator(data);
  const fields = validateFields(v, ctx.db);
  if (!v.ok || !fields.type) return invalid(v.errors);
  const { project } = ctx.params;
  const fromUrl = fields.fromUrl ?? '';
  const toUrl = fields.toUrl ?? '';
  const error = redirectRuleError(ctx.db, project, null, fields.type, fromUrl, toUrl);
  if (error) return invalid([error]);
  const redirect = createRedirect(ctx.db, project, {
    type: fields.type,
    fromUrl,
    toUrl,
    httpStatus: fields.httpStatus ?? 302,
    force: fields.force ?? false,
    enabled: fields.enabled ?? true,
    description: fields.description ?? '',
  }, positionTaken(ctx.db, fields.position) ?? 0);
  return json(201, renderRedirect(ctx, redirect, 'write'));
}

export function updateRedirect(ctx: RequestContext, partial: boolean): ApiResponse {
  const redirect = findRedirect(ctx);
  if (isResponse(redirect)) return redirect;
  const data = readObject(ctx);
  if (isResponse(data)) return data;
  const v = new Validator(data, partial);
  const { position, ...fields } = validateFields(v, ctx.db);
  if (!v.ok) return invalid(v.errors);
  const type = fields.type ?? redirect.type;
  const fromUrl = fields.fromUrl ?? redirect.fromUrl;
  const toUrl = fields.toUrl ?? redirect.toUrl;
  const error = redirectRuleError(ctx.db, redirect.project, redirect.pk, type, fromUrl, toUrl);
  if (error) return invalid([error]);
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(redirect, { [key]: value });
  }
  Object.assign(redirect, normalizeUrls(type, fromUrl, toUrl), { modified: Date.now() });
  const placed = positionTaken(ctx.db, position);
  if (placed !== undefined) placeRedirect(ctx.db, redirect, placed);
  return json(200, renderRedirect(ctx, redirect, 'write'));
}

export function deleteRedirectHandler(ctx: RequestContext): ApiResponse {
  const redirect = findRedirect(ctx);
  if (isResponse(redirect)) return redirect;
  deleteRedirect(ctx.db, redirect);
  return noContent();
}
