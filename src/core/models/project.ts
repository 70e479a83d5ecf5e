import { dropUndefined } from '../util/objects';
import { type CodeName, asObject, bool, codeName, int, listOf, optBool, optCode, optObject, optStr, slugRef, str, strings } from './parse';
import { type Json } from '../util/json';
import { type Version, parseVersion } from './version';

export interface Project {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly language: CodeName;
  readonly programmingLanguage: CodeName;
  readonly homepage: string | undefined;
  readonly repository: { readonly url: string; readonly type: string };
  readonly defaultVersion: string | undefined;
  readonly defaultBranch: string | undefined;
  readonly subprojectOf: string | undefined;
  readonly translationOf: string | undefined;
  readonly tags: readonly string[];
  readonly privacyLevel: string | undefined;
  readonly externalBuildsPrivacyLevel: string | undefined;
  readonly versioningScheme: string | undefined;
  readonly singleVersion: boolean | undefined;
  readonly readthedocsYamlPath: string | undefined;
  readonly created: string | undefined;
  readonly modified: string | undefined;
  readonly urls: { readonly documentation: string | undefined; readonly home: string | undefined; readonly builds: string | undefined; readonly versions: string | undefined };
  /** Maintainers' usernames (community edition only). */
  readonly users: readonly string[] | undefined;
  /** Business edition, with `expand=organization`. */
  readonly organization: string | undefined;
  /** With `expand=active_versions`; accepts the spec's slug-keyed map and the real service's array. */
  readonly activeVersions: readonly Version[] | undefined;
  /** With `expand=permissions`. */
  readonly isAdmin: boolean | undefined;
  /** Business edition, with `expand=teams`: slugs of the teams the project belongs to. */
  readonly teams: readonly string[] | undefined;
}

/** Fields `parseProject` never reads: project requests omit them (`omit=_links`): each object is about 40 % smaller (bench/README.md, Payload). */
export const PROJECT_UNREAD_FIELDS: readonly string[] = ['_links'];

/** What pickers, lookups and the workspace binding read of a project: `fields=` of a projects list. */
export const PROJECT_SUMMARY_FIELDS = ['name', 'slug', 'repository', 'urls'] as const;

export type ProjectSummary = Pick<Project, (typeof PROJECT_SUMMARY_FIELDS)[number]>;

export function parseProjectSummary(value: unknown, path = 'project'): ProjectSummary {
  const o = asObject(value, path);
  return { name: optStr(o, 'name') ?? str(o, 'slug', path), slug: str(o, 'slug', path), repository: repositoryOf(o), urls: projectUrlsOf(o) };
}

function repositoryOf(o: Json): Project['repository'] {
  const repository = optObject(o, 'repository') ?? {};
  return { url: optStr(repository, 'url') ?? '', type: optStr(repository, 'type') ?? 'git' };
}

function projectUrlsOf(o: Json): Project['urls'] {
  const urls = optObject(o, 'urls') ?? {};
  return { documentation: optStr(urls, 'documentation'), home: optStr(urls, 'home'), builds: optStr(urls, 'builds'), versions: optStr(urls, 'versions') };
}

export function parseProject(value: unknown, path = 'project'): Project {
  const o = asObject(value, path);
  const permissions = optObject(o, 'permissions');
  const users = Array.isArray(o.users) ? o.users : undefined;
  return {
    ...parseProjectSummary(o, path),
    id: int(o, 'id', path),
    language: o.language === undefined ? { code: 'en', name: 'English' } : codeName(o, 'language', path),
    programmingLanguage: o.programming_language === undefined ? { code: 'words', name: 'Only Words' } : codeName(o, 'programming_language', path),
    homepage: optStr(o, 'homepage'),
    defaultVersion: optStr(o, 'default_version'),
    defaultBranch: optStr(o, 'default_branch'),
    subprojectOf: slugRef(o, 'subproject_of'),
    translationOf: slugRef(o, 'translation_of'),
    tags: strings(o, 'tags'),
    privacyLevel: optCode(o, 'privacy_level'),
    externalBuildsPrivacyLevel: optCode(o, 'external_builds_privacy_level'),
    versioningScheme: optStr(o, 'versioning_scheme'),
    singleVersion: optBool(o, 'single_version'),
    readthedocsYamlPath: optStr(o, 'readthedocs_yaml_path'),
    created: optStr(o, 'created'),
    modified: optStr(o, 'modified'),
    users: users?.map((u) => (typeof u === 'string' ? u : optStr(asObject(u, `${path}.users`), 'username') ?? '')).filter(Boolean),
    organization: slugRef(o, 'organization'),
    activeVersions: parseActiveVersions(o.active_versions, `${path}.active_versions`),
    isAdmin: permissions ? bool(permissions, 'admin', false) : undefined,
    teams: Array.isArray(o.teams) ? o.teams.map((t, i) => slugOf(t, `${path}.teams[${i}]`)) : undefined,
  };
}

/** A team as `expand=teams` gives it (an object with a slug), or a bare slug. */
function slugOf(value: unknown, path: string): string {
  return typeof value === 'string' ? value : str(asObject(value, path), 'slug', path);
}

function parseActiveVersions(value: unknown, path: string): Version[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return listOf(value, path, parseVersion);
  return Object.entries(asObject(value, path)).map(([slug, v]) => parseVersion({ slug, ...(v as Json) }, `${path}.${slug}`));
}

/** The body of `POST /projects/` (import). Only name and repository URL are required. */
export interface ProjectCreate {
  readonly name: string;
  readonly repositoryUrl: string;
  readonly repositoryType?: 'git';
  readonly language?: string;
  readonly programmingLanguage?: string;
  readonly homepage?: string;
  readonly tags?: readonly string[];
  /** Business edition: required. */
  readonly organization?: string;
  /** Business edition: team slugs. */
  readonly teams?: readonly string[];
  readonly privacyLevel?: 'public' | 'private';
}

export function projectCreateBody(p: ProjectCreate): Record<string, unknown> {
  return dropUndefined({
    name: p.name,
    repository: { url: p.repositoryUrl, type: p.repositoryType ?? 'git' },
    language: p.language,
    programming_language: p.programmingLanguage,
    homepage: p.homepage,
    tags: p.tags,
    organization: p.organization,
    teams: p.teams,
    privacy_level: p.privacyLevel,
  });
}

/** Fields of `PATCH /projects/<slug>/`. Tags replace the whole set. */
export interface ProjectUpdate {
  readonly name?: string;
  readonly repositoryUrl?: string;
  readonly language?: string;
  readonly programmingLanguage?: string;
  readonly homepage?: string;
  readonly tags?: readonly string[];
  readonly defaultVersion?: string;
  readonly defaultBranch?: string;
  readonly analyticsCode?: string;
  readonly analyticsDisabled?: boolean;
  readonly showVersionWarning?: boolean;
  readonly singleVersion?: boolean;
  readonly versioningScheme?: string;
  readonly externalBuildsEnabled?: boolean;
  readonly readthedocsYamlPath?: string;
  readonly privacyLevel?: 'public' | 'private';
  readonly externalBuildsPrivacyLevel?: 'public' | 'private';
}

export function projectUpdateBody(u: ProjectUpdate): Record<string, unknown> {
  return dropUndefined({
    name: u.name,
    repository: u.repositoryUrl === undefined ? undefined : { url: u.repositoryUrl },
    language: u.language,
    programming_language: u.programmingLanguage,
    homepage: u.homepage,
    tags: u.tags,
    default_version: u.defaultVersion,
    default_branch: u.defaultBranch,
    analytics_code: u.analyticsCode,
    analytics_disabled: u.analyticsDisabled,
    show_version_warning: u.showVersionWarning,
    single_version: u.singleVersion,
    versioning_scheme: u.versioningScheme,
    external_builds_enabled: u.externalBuildsEnabled,
    readthedocs_yaml_path: u.readthedocsYamlPath,
    privacy_level: u.privacyLevel,
    external_builds_privacy_level: u.externalBuildsPrivacyLevel,
  });
}

export interface Subproject {
  readonly alias: string;
  readonly child: Project;
}

/** A subproject relationship, or (Read the Docs 3.5-3.7) the bare child project, whose alias was its slug. */
export function parseSubproject(value: unknown, path = 'subproject'): Subproject {
  const o = asObject(value, path);
  const child = o.child === undefined && 'slug' in o ? parseProject(o, path) : parseProject(o.child, `${path}.child`);
  return { alias: optStr(o, 'alias') ?? child.slug, child };
}
