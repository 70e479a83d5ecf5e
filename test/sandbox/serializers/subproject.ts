import type { RelationshipRecord } from '../db';
import { apiUrl } from '../urls';
import { renderProject } from './project';
import type { RenderContext } from './renderContext';

/** `SubprojectSerializer`: the relationship with the child project (without `subproject_of`). */
export function renderSubproject(ctx: RenderContext, relationship: RelationshipRecord): Record<string, unknown> {
  // Read the Docs 3.5-3.7: the child project itself, with its `subproject_of`.
  if (ctx.db.responseShapes === 'older') return renderProject(ctx, ctx.db.project(relationship.child)!);
  return {
    alias: relationship.alias,
    child: renderProject(ctx, ctx.db.project(relationship.child)!, new Set(), true),
    _links: {
      _self: apiUrl(ctx.origin, `projects/${relationship.parent}/subprojects/${relationship.alias}/`),
      parent: apiUrl(ctx.origin, `projects/${relationship.parent}/`),
    },
  };
}
