// Who may see and change what (community: maintainers; Business: organization owners and teams).

import type { BuildRecord, ProjectRecord, SandboxDb, UserRecord, VersionRecord } from './db';

function teamsOf(db: SandboxDb, project: ProjectRecord) {
  return db.teams.filter((t) => t.organization === project.organization && project.teams.includes(t.slug));
}

function isOrganizationOwner(db: SandboxDb, user: UserRecord, organization: string | null): boolean {
  return organization != null && (db.organization(organization)?.owners.includes(user.username) ?? false);
}

/** `AdminPermission.is_admin`. */
export function isAdmin(db: SandboxDb, user: UserRecord | null, project: ProjectRecord): boolean {
  if (!user) return false;
  if (db.edition === 'community') return project.maintainers.includes(user.username);
  return isOrganizationOwner(db, user, project.organization)
    || teamsOf(db, project).some((t) => t.access === 'admin' && t.members.includes(user.username));
}

/** Admins plus (Business) read-only team members: they may see private projects and versions. */
function isMember(db: SandboxDb, user: UserRecord | null, project: ProjectRecord): boolean {
  if (isAdmin(db, user, project)) return true;
  return user != null && teamsOf(db, project).some((t) => t.members.includes(user.username));
}

export const canViewProject = (db: SandboxDb, user: UserRecord | null, project: ProjectRecord): boolean =>
  project.privacyLevel === 'public' || isMember(db, user, project);

export function canViewVersion(db: SandboxDb, user: UserRecord | null, version: VersionRecord): boolean {
  const project = db.project(version.project);
  if (!project || !canViewProject(db, user, project)) return false;
  return version.privacyLevel === 'public' || isMember(db, user, project);
}

export function canViewBuild(db: SandboxDb, user: UserRecord | null, build: BuildRecord): boolean {
  const project = db.project(build.project);
  if (!project || !canViewProject(db, user, project)) return false;
  const version = build.version == null ? undefined : db.version(build.project, build.version);
  return !version || canViewVersion(db, user, version);
}

/** The project from the URL if the caller may see it. */
export function visibleProject(ctx: { db: SandboxDb; user: UserRecord | null }, slug: string): ProjectRecord | undefined {
  const project = ctx.db.project(slug);
  return project && canViewProject(ctx.db, ctx.user, project) ? project : undefined;
}
