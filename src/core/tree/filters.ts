import { l10n } from '../l10n';
import { type Edition } from '../api/client';
import { type BuildFilters } from '../api/endpoints/builds';
import { type ProjectFilters } from '../api/endpoints/projects';
import { type VersionFilters } from '../api/endpoints/versions';

/** What the Versions folder of one project shows; every field maps to an API filter. */
export interface VersionFilter {
  readonly active?: boolean;
  readonly built?: boolean;
  readonly type?: 'branch' | 'tag';
  /** Part of the version's name (`verbose_name` contains). */
  readonly name?: string;
  /** The version's slug, exactly. */
  readonly slug?: string;
  /** Business: only public or only private versions. */
  readonly privacyLevel?: 'public' | 'private';
}

/** What the Builds folder of one project shows. */
export interface BuildFilter {
  /** Only builds that are not finished yet. */
  readonly running?: boolean;
  /** Only builds of this commit. */
  readonly commit?: string;
}

/**
 * The filters of the projects list (per edition) and of the Versions and Builds folders (per
 * project). Kept in core so the loader and the commands agree, and so a refresh keeps them.
 */
export class TreeFilters {
  private readonly projectFilters = new Map<Edition, ProjectFilters>();
  private readonly versionFilters = new Map<string, VersionFilter>();
  private readonly buildFilters = new Map<string, BuildFilter>();

  /** The API filters of an edition's projects list (`{}` = every project). */
  projects(edition: Edition): ProjectFilters {
    return this.projectFilters.get(edition) ?? {};
  }

  /** Editions whose projects list is filtered. */
  get projectsFiltered(): Edition[] {
    return [...this.projectFilters.keys()];
  }

  setProjects(edition: Edition, filter: ProjectFilters): void {
    const clean = Object.fromEntries(Object.entries(filter).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as ProjectFilters;
    if (isEmptyFilter(clean)) this.projectFilters.delete(edition);
    else this.projectFilters.set(edition, clean);
  }

  versions(edition: Edition, projectSlug: string): VersionFilter {
    return this.versionFilters.get(key(edition, projectSlug)) ?? {};
  }

  builds(edition: Edition, projectSlug: string): BuildFilter {
    return this.buildFilters.get(key(edition, projectSlug)) ?? {};
  }

  setVersions(edition: Edition, projectSlug: string, filter: VersionFilter): void {
    const clean = cleanVersionFilter(filter);
    if (isEmptyFilter(clean)) this.versionFilters.delete(key(edition, projectSlug));
    else this.versionFilters.set(key(edition, projectSlug), clean);
  }

  setBuilds(edition: Edition, projectSlug: string, filter: BuildFilter): void {
    const clean = cleanBuildFilter(filter);
    if (isEmptyFilter(clean)) this.buildFilters.delete(key(edition, projectSlug));
    else this.buildFilters.set(key(edition, projectSlug), clean);
  }

  clear(): void {
    this.projectFilters.clear();
    this.versionFilters.clear();
    this.buildFilters.clear();
  }
}

function key(edition: Edition, projectSlug: string): string {
  return `${edition}/${projectSlug}`;
}

export function isEmptyFilter(filter: VersionFilter | BuildFilter | ProjectFilters): boolean {
  return Object.values(filter).every((v) => v === undefined);
}

function cleanVersionFilter(f: VersionFilter): VersionFilter {
  const name = f.name?.trim();
  const slug = f.slug?.trim();
  return { active: f.active, built: f.built, type: f.type, name: name ? name : undefined, slug: slug ? slug : undefined, privacyLevel: f.privacyLevel };
}

function cleanBuildFilter(f: BuildFilter): BuildFilter {
  const commit = f.commit?.trim();
  return { running: f.running ? true : undefined, commit: commit ? commit : undefined };
}

/** The API query of a version filter. */
export function versionQuery(f: VersionFilter): VersionFilters {
  return { active: f.active, built: f.built, type: f.type, verboseName: f.name, slug: f.slug, privacyLevel: f.privacyLevel };
}

/** The API query of a build filter. */
export function buildQuery(f: BuildFilter): BuildFilters {
  return { running: f.running, commit: f.commit };
}

/** "active, tags, name contains "1."" — shown in the folder label; undefined without a filter. */
export function describeVersionFilter(f: VersionFilter): string | undefined {
  const parts: string[] = [];
  if (f.active !== undefined) parts.push(f.active ? l10n.t('active') : l10n.t('inactive'));
  if (f.built !== undefined) parts.push(f.built ? l10n.t('built') : l10n.t('not built'));
  if (f.type) parts.push(f.type === 'tag' ? l10n.t('tags') : l10n.t('branches'));
  if (f.name) parts.push(l10n.t('name contains "{0}"', f.name));
  if (f.slug) parts.push(l10n.t('slug {0}', f.slug));
  if (f.privacyLevel) parts.push(f.privacyLevel);
  return parts.length ? parts.join(', ') : undefined;
}

export function describeBuildFilter(f: BuildFilter): string | undefined {
  const parts: string[] = [];
  if (f.running) parts.push(l10n.t('running'));
  if (f.commit) parts.push(l10n.t('commit {0}', f.commit.slice(0, 12)));
  return parts.length ? parts.join(', ') : undefined;
}
