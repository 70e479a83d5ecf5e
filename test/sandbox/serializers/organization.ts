import type { OrganizationRecord, TeamRecord } from '../db';
import { isoDate } from '../time';
import { apiUrl } from '../urls';
import type { RenderContext } from './renderContext';

function organizationLinks(origin: string, slug: string): Record<string, string> {
  return {
    _self: apiUrl(origin, `organizations/${slug}/`),
    projects: apiUrl(origin, `organizations/${slug}/projects/`),
    notifications: apiUrl(origin, `organizations/${slug}/notifications/`),
  };
}

/** `OrganizationSerializer` (Business). */
export function renderOrganization(ctx: RenderContext, organization: OrganizationRecord): Record<string, unknown> {
  return {
    name: organization.name,
    description: organization.description,
    url: organization.url,
    slug: organization.slug,
    email: organization.email,
    owners: organization.owners.map((username) => ({ username })),
    created: isoDate(organization.created),
    modified: isoDate(organization.modified),
    disabled: organization.disabled,
    _links: organizationLinks(ctx.origin, organization.slug),
  };
}

/** `RelatedOrganizationSerializer`: what `expand=organization` shows on a project. */
export const renderRelatedOrganization = (ctx: RenderContext, slug: string): Record<string, unknown> =>
  ({ slug, _links: organizationLinks(ctx.origin, slug) });

/** `TeamSerializer`, optionally with `members` expanded. */
export function renderTeam(team: TeamRecord, withMembers: boolean): Record<string, unknown> {
  return {
    name: team.name,
    slug: team.slug,
    created: isoDate(team.created),
    modified: isoDate(team.modified),
    access: team.access,
    ...(withMembers ? { members: team.members.map((username) => ({ username })) } : {}),
  };
}
