import type { RenderContext } from './renderContext';
import { privacyLevelShape } from './olderShapes';
import type { VersionRecord } from '../db';
import { originalVersionOf } from '../model';
import { apiUrl, docsUrl, downloadUrl, vcsUrl, versionEditUrl } from '../urls';

/** `VersionSerializer`. */
export function renderVersion(ctx: RenderContext, version: VersionRecord): Record<string, unknown> {
  const project = ctx.db.project(version.project)!;
  const original = originalVersionOf(ctx.db, version);
  const self = `projects/${project.slug}/versions/${encodeURIComponent(version.slug)}/`;
  return {
    aliases: original?.active ? [renderVersion(ctx, original)] : [],
    id: version.id,
    slug: version.slug,
    verbose_name: version.verboseName,
    identifier: version.identifier,
    ref: version.machine && version.slug === 'stable' ? version.ref : null,
    built: version.built,
    active: version.active,
    hidden: version.hidden,
    type: version.type,
    downloads: Object.fromEntries(version.downloads.map((format) => [format, downloadUrl(ctx.db, project, version.slug, format)])),
    urls: {
      documentation: docsUrl(ctx.db, project, version.slug),
      vcs: vcsUrl(ctx.db, project, version),
      dashboard: { edit: versionEditUrl(ctx.origin, project.slug, version.slug) },
    },
    _links: {
      _self: apiUrl(ctx.origin, self),
      builds: apiUrl(ctx.origin, `${self}builds/`),
      project: apiUrl(ctx.origin, `projects/${project.slug}/`),
    },
    privacy_level: privacyLevelShape(ctx.db, version.privacyLevel),
  };
}

/** Public versions in API order: `verbose_name` descending, plain string order. */
export const byVerboseNameDescending = (a: VersionRecord, b: VersionRecord): number =>
  a.verboseName < b.verboseName ? 1 : a.verboseName > b.verboseName ? -1 : 0;
