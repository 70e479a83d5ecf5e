import type { RemoteOrganizationRecord, RemoteRepositoryRecord } from '../db';
import { canViewProject } from '../permissions';
import { isoDate } from '../time';
import { renderProject } from './project';
import type { RenderContext } from './renderContext';

export function renderRemoteOrganization(organization: RemoteOrganizationRecord): Record<string, unknown> {
  return {
    pk: organization.pk,
    slug: organization.slug,
    name: organization.name,
    avatar_url: organization.avatarUrl,
    url: organization.url,
    vcs_provider: organization.vcsProvider,
    created: isoDate(organization.created),
    modified: isoDate(organization.modified),
  };
}

/** `RemoteRepositorySerializer`; `projects` are the visible projects linked to the repository. */
export function renderRemoteRepository(
  ctx: RenderContext,
  repository: RemoteRepositoryRecord,
  withOrganization: boolean,
): Record<string, unknown> {
  const { db, user } = ctx;
  const projects = [...db.projects.values()]
    .filter((p) => p.remoteRepository === repository.pk && canViewProject(db, user, p));
  const organization = db.remoteOrganizations.find((o) => o.pk === repository.organization);
  return {
    pk: repository.pk,
    name: repository.name,
    full_name: repository.fullName,
    description: repository.description,
    admin: (user && repository.users[user.username]?.admin) ?? false,
    avatar_url: repository.avatarUrl,
    ssh_url: repository.sshUrl,
    clone_url: repository.cloneUrl,
    html_url: repository.htmlUrl,
    vcs: repository.vcs,
    vcs_provider: repository.vcsProvider,
    private: repository.private,
    default_branch: repository.defaultBranch,
    created: isoDate(repository.created),
    modified: isoDate(repository.modified),
    projects: projects.map((p) => renderProject(ctx, p)),
    ...(withOrganization ? { remote_organization: organization ? renderRemoteOrganization(organization) : null } : {}),
  };
}
