// Business only: /organizations/, /organizations/<slug>/, its projects and teams.

import type { RequestContext } from '../context';
import type { OrganizationRecord } from '../db';
import { expansions, sparseFields } from '../flex';
import { forbidden, json, notFound, type ApiResponse } from '../http';
import { paginate } from '../pagination';
import { canViewProject } from '../permissions';
import { renderOrganization, renderTeam } from '../serializers/organization';
import { renderProject } from '../serializers/project';
import { isResponse } from '../validation';

const isOrganizationMember = (ctx: RequestContext, organization: OrganizationRecord): boolean =>
  organization.owners.includes(ctx.user!.username)
  || ctx.db.teams.some((t) => t.organization === organization.slug && t.members.includes(ctx.user!.username));

/** The organization from the URL if the caller owns it or is on one of its teams. */
function findOrganization(ctx: RequestContext): OrganizationRecord | ApiResponse {
  const organization = ctx.db.organization(ctx.params.organization);
  return organization && isOrganizationMember(ctx, organization) ? organization : notFound('Organization');
}

export function listOrganizations(ctx: RequestContext): ApiResponse {
  const organizations = ctx.db.organizations.filter((o) => isOrganizationMember(ctx, o));
  return paginate(ctx, organizations, (o) => renderOrganization(ctx, o));
}

export function getOrganization(ctx: RequestContext): ApiResponse {
  const organization = findOrganization(ctx);
  return isResponse(organization) ? organization : json(200, renderOrganization(ctx, organization));
}

/** The organization's projects the caller may see (no expansion permitted on this list). */
export function listOrganizationProjects(ctx: RequestContext): ApiResponse {
  const organization = findOrganization(ctx);
  if (isResponse(organization)) return organization;
  const projects = [...ctx.db.projects.values()]
    .filter((p) => p.organization === organization.slug && canViewProject(ctx.db, ctx.user, p))
    .sort((a, b) => (a.slug < b.slug ? -1 : 1));
  return paginate(ctx, projects, (p) => sparseFields(ctx.query, renderProject(ctx, p)));
}

/** Teams: organization owners only (`IsOrganizationAdmin`); `expand=members`, `fields`/`omit` (a flex-fields serializer). */
export function listTeams(ctx: RequestContext): ApiResponse {
  const organization = findOrganization(ctx);
  if (isResponse(organization)) return organization;
  if (!organization.owners.includes(ctx.user!.username)) return forbidden();
  const withMembers = expansions(ctx.query, ['members']).has('members');
  const teams = ctx.db.teams.filter((t) => t.organization === organization.slug);
  return paginate(ctx, teams, (t) => sparseFields(ctx.query, renderTeam(t, withMembers)));
}
