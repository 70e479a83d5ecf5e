// /projects/ list and import, /projects/<slug>/ detail and update, superproject, sync-versions, translations.

import { LANGUAGES, PROGRAMMING_LANGUAGES, VERSIONING_SCHEMES, type PrivacyLevel } from '../constants';
import type { RequestContext } from '../context';
import type { ProjectRecord } from '../db';
import { expansions, sparseFields } from '../flex';
import { empty, invalid, json, noContent, notFound, type ApiResponse } from '../http';
import { defaultBranchOf } from '../model';
import { paginate } from '../pagination';
import { canViewProject, isAdmin, visibleProject } from '../permissions';
import { configPathError, repositoryUrlError, slugify } from '../rules/projects';
import { PROJECT_EXPANSIONS, renderProject } from '../serializers/project';
import { containsFilter, exactFilter, isResponse, pythonType, readObject, Validator } from '../validation';

const PRIVACY_LEVELS: readonly PrivacyLevel[] = ['public', 'private'];

export function listProjects(ctx: RequestContext): ApiResponse {
  const { db, user, query } = ctx;
  const expand = expansions(query, PROJECT_EXPANSIONS);
  const name = containsFilter(query, 'name');
  const slug = containsFilter(query, 'slug');
  const language = exactFilter(query, 'language');
  const programmingLanguage = exactFilter(query, 'programming_language');
  const projects = [...db.projects.values()]
    .filter((p) => isAdmin(db, user, p) && name(p.name) && slug(p.slug) && language(p.language)
      && programmingLanguage(p.programmingLanguage))
    .sort((a, b) => (a.slug < b.slug ? -1 : 1));
  return paginate(ctx, projects, (p) => sparseFields(query, renderProject(ctx, p, expand)));
}

export function getProject(ctx: RequestContext): ApiResponse {
  const project = visibleProject(ctx, ctx.params.project);
  if (!project) return notFound('Project');
  return json(200, sparseFields(ctx.query, renderProject(ctx, project, expansions(ctx.query, PROJECT_EXPANSIONS))));
}

/** Nested `repository` object: `url` and `type`. Errors are nested under `repository`. */
function validateRepository(v: Validator, required: boolean, edition: RequestContext['db']['edition']) {
  if (!v.has('repository')) {
    if (required) v.fail('repository', 'This field is required.');
    return undefined;
  }
  const data = v.data.repository;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    v.errors.repository = { non_field_errors: [`Invalid data. Expected a dictionary, but got ${pythonType(data)}.`] };
    return undefined;
  }
  const nested = new Validator(data as Record<string, unknown>, !required);
  const url = nested.string('url', { required: true, max: 255 });
  const urlError = url ? repositoryUrlError(url, edition) : undefined;
  if (urlError) nested.fail('url', urlError);
  const type = nested.choice('type', ['git']);
  if (!nested.ok) v.errors.repository = nested.errors;
  return { url: url ?? undefined, type };
}

/** Fields shared by import and update. */
function validateCommonFields(v: Validator, ctx: RequestContext) {
  const yamlPath = v.string('readthedocs_yaml_path', { allowBlank: true, allowNull: true });
  const yamlError = yamlPath ? configPathError(yamlPath) : undefined;
  if (yamlError) v.fail('readthedocs_yaml_path', yamlError);
  const business = ctx.db.edition === 'business';
  return {
    language: v.choice('language', Object.keys(LANGUAGES)),
    programmingLanguage: v.choice('programming_language', Object.keys(PROGRAMMING_LANGUAGES)),
    homepage: v.url('homepage'),
    tags: v.stringList('tags'),
    readthedocsYamlPath: yamlPath === undefined ? undefined : yamlPath || null,
    // Community removes the privacy fields from the serializer: silently ignored.
    privacyLevel: business ? v.choice('privacy_level', PRIVACY_LEVELS) : undefined,
    externalBuildsPrivacyLevel: business ? v.choice('external_builds_privacy_level', PRIVACY_LEVELS) : undefined,
  };
}

/** Drop undefined values so they don't overwrite record fields. */
const defined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

/** Business import: the organization (owned, or with an admin team of the caller) and teams of that organization. */
function validateOrganization(v: Validator, ctx: RequestContext) {
  const { db, user } = ctx;
  const slug = v.string('organization', { required: true });
  const organization = slug ? db.organization(slug) : undefined;
  const adminTeams = db.teams.filter((t) => t.organization === slug && t.access === 'admin' && t.members.includes(user!.username));
  const owner = organization?.owners.includes(user!.username) ?? false;
  if (slug && (!organization || (!owner && adminTeams.length === 0))) {
    v.fail('organization', `Object with slug=${slug} does not exist.`);
  }
  const teams = v.stringList('teams') ?? [];
  for (const team of teams) {
    if (!db.teams.some((t) => t.organization === slug && t.slug === team)) v.fail('teams', `Object with slug=${team} does not exist.`);
  }
  return { organization: slug ?? null, teams: owner ? teams : [...new Set([...teams, ...adminTeams.map((t) => t.slug)])] };
}

export function importProject(ctx: RequestContext): ApiResponse {
  const { db, user } = ctx;
  const data = readObject(ctx);
  if (isResponse(data)) return data;
  const v = new Validator(data);
  const name = v.string('name', { required: true, max: 63 });
  const slug = name ? slugify(name) : '';
  if (name && !slug) v.fail('name', `Invalid project name "${name}": no slug generated.`);
  else if (name && db.project(slug)) v.fail('name', `Project with slug "${slug}" already exists.`);
  const repository = validateRepository(v, true, db.edition);
  const common = validateCommonFields(v, ctx);
  const ownership = db.edition === 'business' ? validateOrganization(v, ctx) : { organization: null, teams: [] };
  if (!v.ok || !name || !repository?.url) return invalid(v.errors);

  const remote = db.remoteRepositories.find((r) =>
    [r.sshUrl, r.cloneUrl, r.htmlUrl].includes(repository.url!) && r.users[user!.username]?.admin);
  const project = db.addProject({
    slug,
    name,
    repository: { url: repository.url, type: repository.type ?? 'git' },
    ...defined(common),
    ...ownership,
    maintainers: db.edition === 'community' ? [user!.username] : [],
    remoteRepository: remote?.pk ?? null,
  });
  const latest = db.addVersion(slug, { slug: 'latest', identifier: defaultBranchOf(db, project), machine: true, built: false });
  ctx.builds.trigger(project, latest);
  return json(201, renderProject(ctx, project));
}

export function updateProject(ctx: RequestContext, partial: boolean): ApiResponse {
  const project = ctx.db.project(ctx.params.project)!;
  const data = readObject(ctx);
  if (isResponse(data)) return data;
  const v = new Validator(data, partial);
  const name = v.string('name', { required: true, max: 63 });
  const repository = validateRepository(v, !partial, ctx.db.edition);
  const common = validateCommonFields(v, ctx);
  const fields = {
    name: name ?? undefined,
    defaultVersion: v.string('default_version', { max: 255 }) ?? undefined,
    defaultBranch: v.string('default_branch', { max: 255, allowNull: true, allowBlank: true }),
    analyticsCode: v.string('analytics_code', { max: 50, allowBlank: true }) ?? undefined,
    analyticsDisabled: v.bool('analytics_disabled'),
    showVersionWarning: v.bool('show_version_warning'),
    versioningScheme: v.choice('versioning_scheme', VERSIONING_SCHEMES),
    externalBuildsEnabled: v.bool('external_builds_enabled'),
  };
  if (!v.ok) return invalid(v.errors);
  Object.assign(project, defined(common), defined(fields), { modified: Date.now() });
  if (fields.defaultBranch === '') project.defaultBranch = null;
  if (repository) project.repository = { ...project.repository, ...defined(repository) } as ProjectRecord['repository'];
  return noContent();
}

/** The parent as a full project (request context not used, so no expansion); 404 with an empty body otherwise. */
export function getSuperproject(ctx: RequestContext): ApiResponse {
  const project = visibleProject(ctx, ctx.params.project);
  if (!project) return notFound('Project');
  const parentSlug = ctx.db.superprojectOf(project.slug)?.parent;
  const parent = parentSlug ? visibleProject(ctx, parentSlug) : undefined;
  return parent ? json(200, renderProject(ctx, parent)) : empty(404);
}

export function syncVersions(ctx: RequestContext): ApiResponse {
  const project = ctx.db.project(ctx.params.project)!;
  const triggered = project.active && ctx.db.version(project.slug, 'latest') !== undefined;
  if (triggered) ctx.builds.syncVersions(project);
  return json(triggered ? 202 : 400, { triggered });
}

/** Translations list: `fields`/`omit` apply, `expand` is not permitted on this list. */
export function listTranslations(ctx: RequestContext): ApiResponse {
  const translations = ctx.db.translationsOf(ctx.params.project)
    .filter((p) => canViewProject(ctx.db, ctx.user, p))
    .sort((a, b) => (a.slug < b.slug ? -1 : 1));
  return paginate(ctx, translations, (p) => sparseFields(ctx.query, renderProject(ctx, p)));
}
