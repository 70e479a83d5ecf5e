import { LANGUAGES, PROGRAMMING_LANGUAGES } from '../constants';
import type { ProjectRecord } from '../db';
import { activeVersionsOf, defaultBranchOf } from '../model';
import { isAdmin } from '../permissions';
import { isoDate } from '../time';
import { dashboardUrl, docsUrl, projectApiLinks } from '../urls';
import { renderRelatedOrganization, renderTeam } from './organization';
import { privacyLevelShape } from './olderShapes';
import type { RenderContext } from './renderContext';
import { byVerboseNameDescending, renderVersion } from './version';

/** Names `expand` accepts on a project (detail endpoints; list endpoints permit these too). */
export const PROJECT_EXPANSIONS = ['active_versions', 'organization', 'permissions', 'teams'] as const;

const relatedProject = (ctx: RenderContext, slug: string) => ({ slug, _links: projectApiLinks(ctx.origin, slug) });

/**
 * `ProjectSerializer`. `asChild` drops `subproject_of` (`ChildProjectSerializer` inside a subproject relationship).
 */
export function renderProject(
  ctx: RenderContext,
  project: ProjectRecord,
  expand: ReadonlySet<string> = new Set(),
  asChild = false,
): Record<string, unknown> {
  const { db } = ctx;
  const parent = project.translationOf ? undefined : db.superprojectOf(project.slug)?.parent;
  const out: Record<string, unknown> = {
    id: project.id,
    name: project.name,
    slug: project.slug,
    created: isoDate(project.created),
    modified: isoDate(project.modified),
    language: { code: project.language, name: LANGUAGES[project.language] ?? 'Unknown' },
    programming_language: {
      code: project.programmingLanguage,
      name: PROGRAMMING_LANGUAGES[project.programmingLanguage] ?? 'Unknown',
    },
    homepage: project.homepage || null,
    repository: { url: project.repository.url, type: project.repository.type },
    default_version: project.defaultVersion,
    default_branch: defaultBranchOf(db, project),
    ...(asChild ? {} : { subproject_of: parent ? relatedProject(ctx, parent) : null }),
    translation_of: project.translationOf ? relatedProject(ctx, project.translationOf) : null,
    urls: {
      documentation: docsUrl(db, project),
      home: dashboardUrl(ctx.origin, `projects/${project.slug}/`),
      builds: dashboardUrl(ctx.origin, `projects/${project.slug}/builds/`),
      versions: dashboardUrl(ctx.origin, `projects/${project.slug}/versions/`),
      downloads: null,
    },
    tags: [...project.tags],
    privacy_level: privacyLevelShape(db, project.privacyLevel),
    readthedocs_yaml_path: project.readthedocsYamlPath,
    external_builds_privacy_level: privacyLevelShape(db, project.externalBuildsPrivacyLevel),
    versioning_scheme: project.versioningScheme,
    single_version: project.versioningScheme === 'single_version_without_translations',
    _links: projectApiLinks(ctx.origin, project.slug),
  };
  if (db.edition === 'community') out.users = project.maintainers.map((username) => ({ username }));
  if (expand.has('active_versions')) {
    out.active_versions = activeVersionsOf(db, project.slug).sort(byVerboseNameDescending).map((v) => renderVersion(ctx, v));
  }
  if (expand.has('permissions')) out.permissions = { admin: isAdmin(db, ctx.user, project) };
  if (expand.has('organization')) {
    out.organization = db.edition === 'business' && project.organization
      ? renderRelatedOrganization(ctx, project.organization)
      : null;
  }
  if (expand.has('teams') && db.edition === 'business') {
    out.teams = db.teams
      .filter((t) => t.organization === project.organization && project.teams.includes(t.slug))
      .map((t) => renderTeam(t, false));
  }
  return out;
}
