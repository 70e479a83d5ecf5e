// The unresolver: which project, version and file a documentation URL points to.

import type { ProjectRecord, SandboxDb, VersionRecord } from '../db';
import { projectForDocsHost } from '../urls';

export interface ResolvedPage { project: ProjectRecord; version: VersionRecord; filename: string }

/** Follow `/projects/<alias>/` into a subproject (aliases may contain slashes: the longest match wins). */
function enterSubproject(db: SandboxDb, project: ProjectRecord, segments: string[]) {
  if (segments[0] !== 'projects') return { project, segments };
  const rest = segments.slice(1);
  for (let length = rest.length; length > 0; length -= 1) {
    const alias = rest.slice(0, length).join('/');
    const relationship = db.relationships.find((r) => r.parent === project.slug && r.alias === alias);
    const child = relationship && db.project(relationship.child);
    if (child) return { project: child, segments: rest.slice(length) };
  }
  return { project, segments };
}

/** The project serving `language`: the project itself, its main project, or one of their translations. */
function inLanguage(db: SandboxDb, project: ProjectRecord, language: string): ProjectRecord | undefined {
  const main = (project.translationOf && db.project(project.translationOf)) || project;
  return [main, ...db.translationsOf(main.slug)].find((p) => p.language === language);
}

/** undefined when the URL is not one of ours (or names a missing language/version): the Embed API then treats it as external. */
export function resolveDocsUrl(db: SandboxDb, url: URL): ResolvedPage | undefined {
  const host = projectForDocsHost(db, url.host);
  if (!host) return undefined;
  const decoded = url.pathname.split('/').slice(1).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  let { project, segments } = enterSubproject(db, host, decoded);
  let versionSlug = project.defaultVersion;
  if (project.versioningScheme === 'multiple_versions_with_translations') {
    const translated = inLanguage(db, project, segments[0] ?? '');
    if (!translated) return undefined;
    project = translated;
    versionSlug = segments[1] ?? '';
    segments = segments.slice(2);
  } else if (project.versioningScheme === 'multiple_versions_without_translations') {
    versionSlug = segments[0] ?? '';
    segments = segments.slice(1);
  }
  const version = db.version(project.slug, versionSlug);
  if (!version || version.type === 'external') return undefined;
  const path = segments.join('/');
  return { project, version, filename: path === '' || path.endsWith('/') ? `${path}index.html` : path };
}
