// /projects/<slug>/subprojects/: list, detail, create, delete.

import type { RequestContext } from '../context';
import type { ProjectRecord } from '../db';
import { invalid, json, noContent, notFound, type ApiResponse } from '../http';
import { paginate } from '../pagination';
import { canViewProject, isAdmin } from '../permissions';
import { renderSubproject } from '../serializers/subproject';
import { isResponse, readObject, Validator } from '../validation';

const ALIAS = /^[-\w]+(\/[-\w]+)*$/;

/** Relationships under the parent whose child the caller may see. */
function visibleRelationships(ctx: RequestContext) {
  return ctx.db.relationships.filter((r) => {
    const child = ctx.db.project(r.child);
    return r.parent === ctx.params.project && child !== undefined && canViewProject(ctx.db, ctx.user, child);
  });
}

export const listSubprojects = (ctx: RequestContext): ApiResponse =>
  paginate(ctx, visibleRelationships(ctx), (r) => renderSubproject(ctx, r));

export function getSubproject(ctx: RequestContext): ApiResponse {
  const relationship = visibleRelationships(ctx).find((r) => r.alias === ctx.params.alias);
  return relationship ? json(200, renderSubproject(ctx, relationship)) : notFound('ProjectRelationship');
}

/** `get_subproject_candidates`: projects the caller administers that are neither sub- nor superprojects. */
function isCandidate(ctx: RequestContext, parent: ProjectRecord, child: ProjectRecord | undefined): child is ProjectRecord {
  const { db } = ctx;
  return child !== undefined
    && child.slug !== parent.slug
    && isAdmin(db, ctx.user, child)
    && !db.superprojectOf(child.slug)
    && !db.relationships.some((r) => r.parent === child.slug)
    && (db.edition === 'community' || child.organization === parent.organization);
}

export function createSubproject(ctx: RequestContext): ApiResponse {
  const { db } = ctx;
  const parent = db.project(ctx.params.project)!;
  const data = readObject(ctx);
  if (isResponse(data)) return data;
  const v = new Validator(data);
  const childSlug = v.string('child', { required: true });
  const child = childSlug ? db.project(childSlug) : undefined;
  if (childSlug && !isCandidate(ctx, parent, child)) v.fail('child', `Project with slug=${childSlug} is not valid as subproject`);
  const alias = v.string('alias', { max: 255, allowNull: true }) ?? child?.slug;
  if (alias && v.has('alias') && !ALIAS.test(alias)) v.fail('alias', 'Aliases can contain letters, numbers, underscores, and hyphens.');
  else if (alias && db.relationships.some((r) => r.parent === parent.slug && r.alias === alias)) {
    v.fail('alias', 'A subproject with this alias already exists');
  }
  if (!v.ok || !child || !alias) return invalid(v.errors);
  if (db.superprojectOf(parent.slug)) return invalid({ non_field_errors: ['Subproject nesting is not supported'] });
  if (alias.includes('/')) return invalid({ non_field_errors: ["Aliases can't contain slashes."] });
  return json(201, renderSubproject(ctx, db.addSubproject(parent.slug, child.slug, alias)));
}

export function deleteSubproject(ctx: RequestContext): ApiResponse {
  const { relationships } = ctx.db;
  const relationship = relationships.find((r) => r.parent === ctx.params.project && r.alias === ctx.params.alias);
  if (!relationship) return notFound('ProjectRelationship');
  relationships.splice(relationships.indexOf(relationship), 1);
  return noContent();
}
