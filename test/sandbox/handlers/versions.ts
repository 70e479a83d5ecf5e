// /projects/<slug>/versions/ list, detail and update.

import type { PrivacyLevel } from '../constants';
import type { RequestContext } from '../context';
import { invalid, json, noContent, notFound, type ApiResponse } from '../http';
import { paginate } from '../pagination';
import { canViewVersion } from '../permissions';
import { byVerboseNameDescending, renderVersion } from '../serializers/version';
import { booleanFilter, containsFilter, exactFilter, isResponse, readObject, Validator } from '../validation';

export function listVersions(ctx: RequestContext): ApiResponse {
  const { db, user, query } = ctx;
  const slug = containsFilter(query, 'slug');
  const verboseName = containsFilter(query, 'verbose_name');
  const privacyLevel = exactFilter(query, 'privacy_level');
  const type = exactFilter(query, 'type');
  const active = booleanFilter(query.get('active'));
  const built = booleanFilter(query.get('built'));
  const versions = db.versions(ctx.params.project)
    .filter((v) => v.type !== 'external' && canViewVersion(db, user, v)
      && slug(v.slug) && verboseName(v.verboseName) && privacyLevel(v.privacyLevel) && type(v.type)
      && (active === undefined || v.active === active) && (built === undefined || v.built === built))
    .sort(byVerboseNameDescending);
  return paginate(ctx, versions, (v) => renderVersion(ctx, v));
}

/** The version from the URL if visible (external versions never are). */
function findVersion(ctx: RequestContext) {
  const version = ctx.db.version(ctx.params.project, ctx.params.version);
  return version && version.type !== 'external' && canViewVersion(ctx.db, ctx.user, version) ? version : undefined;
}

export function getVersion(ctx: RequestContext): ApiResponse {
  const version = findVersion(ctx);
  return version ? json(200, renderVersion(ctx, version)) : notFound('Version');
}

/** PATCH/PUT: `active`, `hidden` (+ `privacy_level` on Business). Deactivating unbuilds, activating builds. */
export function updateVersion(ctx: RequestContext): ApiResponse {
  const version = findVersion(ctx);
  if (!version) return notFound('Version');
  const data = readObject(ctx);
  if (isResponse(data)) return data;
  const v = new Validator(data, true);
  const active = v.bool('active');
  const hidden = v.bool('hidden');
  const privacyLevel = ctx.db.edition === 'business' ? v.choice<PrivacyLevel>('privacy_level', ['public', 'private']) : undefined;
  if (!v.ok) return invalid(v.errors);
  const wasActive = version.active;
  if (active !== undefined) version.active = active;
  if (hidden !== undefined) version.hidden = hidden;
  if (privacyLevel !== undefined) version.privacyLevel = privacyLevel;
  const project = ctx.db.project(version.project)!;
  if (wasActive && !version.active) version.built = false;
  if (!wasActive && version.active && project.active) ctx.builds.trigger(project, version);
  return noContent();
}
