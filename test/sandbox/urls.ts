// Every URL the API puts in a response: `_links` (API), `urls` (dashboard and docs), downloads, VCS.

import { PUBLIC_DOMAIN } from './constants';
import type { ProjectRecord, SandboxDb, VersionRecord } from './db';
import { defaultBranchOf } from './model';

export const apiUrl = (origin: string, path: string): string => `${origin}/api/v3/${path}`;
export const dashboardUrl = (origin: string, path: string): string => `${origin}/${path}`;

export function projectApiLinks(origin: string, slug: string): Record<string, string> {
  const base = `projects/${slug}/`;
  const link = (path: string) => apiUrl(origin, base + path);
  return {
    _self: link(''),
    builds: link('builds/'),
    environmentvariables: link('environmentvariables/'),
    notifications: link('notifications/'),
    redirects: link('redirects/'),
    subprojects: link('subprojects/'),
    superproject: link('superproject/'),
    sync_versions: link('sync-versions/'),
    translations: link('translations/'),
    versions: link('versions/'),
  };
}

export const versionEditUrl = (origin: string, project: string, version: string): string =>
  dashboardUrl(origin, `dashboard/${project}/version/${encodeURIComponent(version)}/edit/`);

interface DocsBase { root: ProjectRecord; origin: string; prefix: string }

/** Project whose docs host serves the docs, origin and path prefix: translations live under the main project, subprojects under the parent. */
function docsBase(db: SandboxDb, project: ProjectRecord): DocsBase {
  const main = project.translationOf ? db.project(project.translationOf) : undefined;
  if (main) return docsBase(db, main);
  const relationship = db.superprojectOf(project.slug);
  const parent = relationship && db.project(relationship.parent);
  if (relationship && parent) {
    const base = docsBase(db, parent);
    return { ...base, prefix: `${base.prefix}projects/${relationship.alias}/` };
  }
  const origin = db.docsOrigins.get(project.slug) ?? `https://${project.customDomain ?? `${project.slug}.${PUBLIC_DOMAIN[db.edition]}`}`;
  return { root: project, origin, prefix: '/' };
}

/** The project whose docs host serves `project`'s docs (itself, its main project, its superproject's). */
export const docsHostProject = (db: SandboxDb, project: ProjectRecord): ProjectRecord => docsBase(db, project).root;

/** Documentation URL of a version (`Resolver.resolve_version`), following the project's versioning scheme. */
export function docsUrl(db: SandboxDb, project: ProjectRecord, version = project.defaultVersion): string {
  const { origin, prefix } = docsBase(db, project);
  switch (project.versioningScheme) {
    case 'single_version_without_translations':
      return `${origin}${prefix}`;
    case 'multiple_versions_without_translations':
      return `${origin}${prefix}${version}/`;
    default:
      return `${origin}${prefix}${project.language}/${version}/`;
  }
}

export function downloadUrl(db: SandboxDb, project: ProjectRecord, version: string, format: string): string {
  const { origin } = docsBase(db, project);
  const alias = db.superprojectOf(project.slug)?.alias;
  return `${origin}/_/downloads/${alias ? `${alias}/` : ''}${project.language}/${version}/${format}/`;
}

/** `Version.vcs_url`: a browsable link to the ref in the repository. */
export function vcsUrl(db: SandboxDb, project: ProjectRecord, version: VersionRecord): string {
  const repo = project.repository.url.replace('git://', 'https://').replace(/\.git$/, '');
  if (repo.includes('bitbucket')) return `${repo}/src/${version.identifier}`;
  if (!repo.includes('github') && !repo.includes('gitlab')) return repo;
  const ref = version.slug === 'stable' ? version.ref
    : version.slug === 'latest' ? defaultBranchOf(db, project)
    : version.verboseName;
  return `${repo}/tree/${ref}/`;
}

/** Resolve a docs host (`host[:port]`) to a project (loopback docs origin, public domain subdomain or custom domain). */
export function projectForDocsHost(db: SandboxDb, host: string): ProjectRecord | undefined {
  const loopback = [...db.docsOrigins].find(([, origin]) => new URL(origin).host === host);
  if (loopback) return db.project(loopback[0]);
  const suffix = `.${PUBLIC_DOMAIN[db.edition]}`;
  if (host.endsWith(suffix)) return db.project(host.slice(0, -suffix.length));
  return [...db.projects.values()].find((p) => p.customDomain === host);
}
