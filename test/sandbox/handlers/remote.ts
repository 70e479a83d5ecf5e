// /remote/organizations/ and /remote/repositories/: what the caller's connected VCS accounts see.

import type { RequestContext } from '../context';
import { expansions, sparseFields } from '../flex';
import type { ApiResponse } from '../http';
import { paginate } from '../pagination';
import { renderRemoteOrganization, renderRemoteRepository } from '../serializers/remote';
import { containsFilter, exactFilter } from '../validation';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function listRemoteOrganizations(ctx: RequestContext): ApiResponse {
  const name = containsFilter(ctx.query, 'name');
  const provider = exactFilter(ctx.query, 'vcs_provider');
  const organizations = ctx.db.remoteOrganizations
    .filter((o) => o.users.includes(ctx.user!.username) && name(o.name) && provider(o.vcsProvider))
    .sort((a, b) => byText(a.name, b.name));
  return paginate(ctx, organizations, renderRemoteOrganization);
}

/** Ordered by organization name (personal repositories last), then full name. */
export function listRemoteRepositories(ctx: RequestContext): ApiResponse {
  const { db, query } = ctx;
  const name = containsFilter(query, 'name');
  const fullName = containsFilter(query, 'full_name');
  const provider = exactFilter(query, 'vcs_provider');
  const organizationSlug = exactFilter(query, 'organization');
  const organizationOf = (pk: number | null) => db.remoteOrganizations.find((o) => o.pk === pk);
  const withOrganization = expansions(query, ['remote_organization']).has('remote_organization');
  const repositories = db.remoteRepositories
    .filter((r) => ctx.user!.username in r.users && name(r.name) && fullName(r.fullName) && provider(r.vcsProvider)
      && organizationSlug(organizationOf(r.organization)?.slug ?? ''))
    .sort((a, b) => {
      const orgA = organizationOf(a.organization)?.name;
      const orgB = organizationOf(b.organization)?.name;
      if (orgA !== orgB) return orgA === undefined ? 1 : orgB === undefined ? -1 : byText(orgA, orgB);
      return byText(a.fullName, b.fullName);
    });
  return paginate(ctx, repositories, (r) => sparseFields(query, renderRemoteRepository(ctx, r, withOrganization)));
}
