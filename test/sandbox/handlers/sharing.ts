// /projects/<slug>/sharing/ (Business): list, detail, create (201), PATCH description, delete (204).

import type { RequestContext } from '../context';
import { invalid, json, noContent, notFound, notFoundPlain, type ApiResponse } from '../http';
import { paginate } from '../pagination';
import { addSharingMethod, sharingMethodsOf } from '../rules/sharing';
import { renderSharingMethod } from '../serializers/sharing';
import { integerId, isResponse, readObject, Validator } from '../validation';
import type { SharingMethodRecord } from '../db';

const ACCESS_TYPES = ['token', 'password', 'http_header_token'] as const;
const DAY = 86_400_000;

export const listSharingMethods = (ctx: RequestContext): ApiResponse =>
  paginate(ctx, sharingMethodsOf(ctx.db, ctx.params.project), (m) => renderSharingMethod(ctx, m));

function findMethod(ctx: RequestContext): SharingMethodRecord | ApiResponse {
  const id = integerId(ctx.params.sharing);
  if (id === undefined) return notFoundPlain();
  return sharingMethodsOf(ctx.db, ctx.params.project).find((m) => m.id === id) ?? notFound('SharingMethod');
}

export function getSharingMethod(ctx: RequestContext): ApiResponse {
  const method = findMethod(ctx);
  return isResponse(method) ? method : json(200, renderSharingMethod(ctx, method));
}

/** Field errors as DRF would give them; `versions` must name private, active versions when `allow_all` is false. */
export function createSharingMethod(ctx: RequestContext): ApiResponse {
  const data = readObject(ctx);
  if (isResponse(data)) return data;
  const v = new Validator(data);
  const accessType = v.choice('access_type', ACCESS_TYPES, true);
  const allowAll = v.bool('allow_all') ?? true;
  const description = v.string('description', { max: 255, allowBlank: true }) ?? '';
  const password = v.string('password', { max: 128 });
  const versions = v.stringList('versions') ?? [];
  const expiresText = v.string('expires');
  let expires = new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10);
  if (expiresText) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresText) || Number.isNaN(Date.parse(expiresText))) {
      v.fail('expires', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
    } else if (expiresText < new Date().toISOString().slice(0, 10)) {
      v.fail('expires', 'The expiration date must be in the future.');
    } else expires = expiresText;
  }
  if (accessType === 'password' && !password) v.fail('password', 'This field is required for password access.');
  if (accessType && accessType !== 'password' && password) v.fail('password', 'Only password access takes a password.');
  if (!allowAll) {
    if (versions.length === 0) v.fail('versions', 'Select at least one version when not allowing all.');
    for (const slug of versions) {
      const version = ctx.db.version(ctx.params.project, slug);
      if (!version) v.fail('versions', `Invalid slug "${slug}" - object does not exist.`);
      else if (version.privacyLevel !== 'private' || !version.active) v.fail('versions', `Version "${slug}" is not a private, active version.`);
    }
  }
  if (!v.ok || !accessType) return invalid(v.errors);
  const method = addSharingMethod(ctx.db, {
    project: ctx.params.project, accessType, allowAll, versions: allowAll ? [] : versions, expires, description,
    password: accessType === 'password' ? password ?? null : null,
  });
  return json(201, renderSharingMethod(ctx, method));
}

/** PATCH: only `description` is documented as writable. */
export function updateSharingMethod(ctx: RequestContext): ApiResponse {
  const method = findMethod(ctx);
  if (isResponse(method)) return method;
  const data = readObject(ctx);
  if (isResponse(data)) return data;
  const v = new Validator(data, true);
  const description = v.string('description', { max: 255, allowBlank: true });
  if (!v.ok) return invalid(v.errors);
  if (typeof description === 'string') method.description = description;
  return json(200, renderSharingMethod(ctx, method));
}

export function deleteSharingMethod(ctx: RequestContext): ApiResponse {
  const method = findMethod(ctx);
  if (isResponse(method)) return method;
  ctx.db.sharingMethods.splice(ctx.db.sharingMethods.indexOf(method), 1);
  return noContent();
}
