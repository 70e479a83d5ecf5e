// `mk-demo`: a MkDocs + Material + mkdocstrings project whose site, objects.inv and build logs come
// from a real `mkdocs build` (scripts/sandbox-mkdocs/build.sh; its repository: test/fixtures/mkdocs-demo).

import { BUILD_FAILED } from '../builds';
import type { ProjectRecord, SandboxDb } from '../db';
import { sha1Hex } from '../hash';
import { MK_DEMO_OBJECTS_INV, MK_DEMO_PAGES } from './pages/mkDemo';

export const MK_DEMO = 'mk-demo';

/** What Read the Docs resolved from mk-demo's `.readthedocs.yaml` (it has no `sphinx` key). */
export const MK_DEMO_CONFIG = {
  version: 2,
  doctype: 'mkdocs',
  build: { os: 'ubuntu-24.04', tools: { python: '3.12' }, jobs: {}, apt_packages: [], commands: [] },
  mkdocs: { configuration: 'mkdocs.yml', fail_on_warning: false },
  sphinx: null,
  python: { install: [{ requirements: 'requirements.txt' }] },
  formats: [],
  submodules: { include: [], exclude: [], recursive: false },
  search: { ranking: {}, ignore: ['search.html', 'search/index.html', '404.html', '404/index.html'] },
};

/**
 * Its pages and objects.inv on `latest`, a build with the four kinds of warnings a day ago and a
 * newer `--strict` one that failed on them (both logs are real output, see logs/mkDemoOutputs.ts).
 */
export function addMkDemo(db: SandboxDb, project: ProjectRecord, now: number): void {
  db.addVersion(project.slug, { slug: 'latest', identifier: 'main', machine: true });
  for (const [path, html] of Object.entries(MK_DEMO_PAGES)) db.addPage(project.slug, path, html);
  db.inventories.set(project.slug, Buffer.from(MK_DEMO_OBJECTS_INV, 'base64'));
  const warned = db.addBuild({
    project: project.slug, version: 'latest', created: now - 26 * 3_600_000, state: 'finished', success: true,
    commit: sha1Hex('mk-demo:latest:0'), duration: 38, config: structuredClone(MK_DEMO_CONFIG),
  });
  db.buildLogs.set(warned.id, 'mk-demo-warnings');
  const strict = db.addBuild({
    project: project.slug, version: 'latest', created: now - 4 * 3_600_000, state: 'finished', success: false,
    commit: sha1Hex('mk-demo:latest:1'), duration: 35, config: { ...structuredClone(MK_DEMO_CONFIG), mkdocs: { configuration: 'mkdocs.yml', fail_on_warning: true } },
  });
  db.buildLogs.set(strict.id, 'mk-demo-strict');
  db.addNotification({ build: strict.id, ...BUILD_FAILED });
}
