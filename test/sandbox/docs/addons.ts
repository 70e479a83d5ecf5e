// The addons API of a docs host (`/_/addons/?api-version=1&project-slug=&version-slug=`, FACTS §23): the version's
// documentation root (a pull request's preview root), its latest build, and for pull requests the file tree diff
// against `latest`. No token; private projects and versions answer 404 as they need a dashboard session.

import type { SandboxDb } from '../db';
import { json, type ApiResponse } from '../http';
import { newestFirst } from '../model';
import { docsUrl } from '../urls';
import { headerTokenVerdict } from '../rules/sharing';

/** A pull request's changed pages (`<project>/<pr>` in `SandboxDb.fileTreeDiffs`). */
export interface FileTreeDiffRecord {
  outdated: boolean;
  added: string[];
  modified: string[];
  deleted: string[];
}

/** Business: a private project's or version's addons answer to a header token of that project, as its pages do (unverified upstream, FACTS §25). */
export function addonsResponse(db: SandboxDb, search: string, authorization?: string): ApiResponse {
  const query = new URLSearchParams(search);
  if (query.get('api-version') !== '1') return json(400, { error: 'api-version is required and must be 1' });
  const project = db.project(query.get('project-slug') ?? '');
  const version = project && db.version(project.slug, query.get('version-slug') ?? '');
  if (!project || !version) return json(404, { error: 'The version does not exist or is not public.' });
  const isPrivate = project.privacyLevel === 'private' || version.privacyLevel === 'private'
    || (version.type === 'external' && project.externalBuildsPrivacyLevel === 'private');
  if (isPrivate && (db.edition !== 'business' || headerTokenVerdict(db, project, version, authorization) !== 'ok')) {
    return json(404, { error: 'The version does not exist or is not public.' });
  }
  const build = db.builds(project.slug).filter((b) => b.version === version.slug).sort(newestFirst)[0];
  const diff = version.type === 'external' ? db.fileTreeDiffs.get(`${project.slug}/${version.slug}`) : undefined;
  const current = docsUrl(db, project, version.slug);
  const base = docsUrl(db, project, 'latest');
  const pages = (names: string[]) => names.map((filename) => ({ filename, urls: { current: current + filename, base: base + filename } }));
  return json(200, {
    api_version: '1',
    projects: { current: { slug: project.slug, name: project.name, language: { code: project.language } } },
    versions: {
      current: { slug: version.slug, type: version.type, urls: { documentation: current } },
      active: db.versions(project.slug).filter((v) => v.active && v.built && !v.hidden && v.type !== 'external').slice(0, 20).map((v) => ({ slug: v.slug, urls: { documentation: docsUrl(db, project, v.slug) } })),
    },
    builds: { current: build ? { id: build.id, commit: build.commit, success: build.success } : null },
    domains: { dashboard: 'https://app.readthedocs.org' },
    readthedocs: { resolver: { filename: null } },
    addons: {
      filetreediff: diff
        ? { enabled: true, outdated: diff.outdated, diff: { added: pages(diff.added), modified: pages(diff.modified), deleted: pages(diff.deleted) } }
        : { enabled: false },
    },
  });
}
