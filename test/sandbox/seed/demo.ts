// The `demo` seed: projects of `demo-owner` (and one of `other-user`) that look like a real account.

import type { ProjectRecord, SandboxDb } from '../db';
import { sha1Hex } from '../hash';
import { defaultBranchOf } from '../model';
import { createEnvVar } from '../rules/envVars';
import { createRedirect } from '../rules/redirects';
import { addBuildHistory, addBuildTimings } from './buildHistory';
import { addBuildLogScenarios } from './buildLogs';
import { MK_DEMO, addMkDemo } from './mkDemo';
import { ZEN_DEMO, addZenDemo } from './zenDemo';
import { addProjectNotices } from './projectHealth';
import { HOSTILE_PAGES } from './pages/hostile';
import { EXTERNAL_PAGES, GADGET_PAGES, LEGACY_PAGES, OTHERS_PROJECT_PAGES } from './pages/others';
import { WIDGETS_API_PAGES, WIDGETS_FR_PAGES, WIDGETS_PAGES } from './pages/widgets';
import { addRemoteData } from './remote';
import { USERNAMES } from './users';
import { addWidgetsVersions } from './widgetsVersions';

const DAY = 86_400_000;

/** latest (default branch), stable (→ highest tag) and the given tags, all active and built. */
export function addReleaseVersions(db: SandboxDb, project: ProjectRecord, tags: string[]): void {
  db.addVersion(project.slug, { slug: 'latest', identifier: defaultBranchOf(db, project), machine: true, downloads: ['htmlzip'] });
  const highest = tags[tags.length - 1];
  if (highest) {
    db.addVersion(project.slug, {
      slug: 'stable', identifier: sha1Hex(`${project.slug}:${highest}`), type: 'tag', machine: true, ref: highest,
    });
  }
  for (const tag of tags) db.addVersion(project.slug, { slug: tag, identifier: sha1Hex(`${project.slug}:${tag}`), type: 'tag' });
}

function addPages(db: SandboxDb, project: string, pages: Record<string, string>): void {
  for (const [path, html] of Object.entries(pages)) db.addPage(project, path, html);
}

export function seedDemo(db: SandboxDb, now: number): void {
  const business = db.edition === 'business';
  const remote = addRemoteData(db, now);
  const owned = (fields: Parameters<SandboxDb['addProject']>[0]) => db.addProject({
    maintainers: [USERNAMES.owner],
    organization: business ? 'example-corp' : null,
    teams: business ? ['docs-admins'] : [],
    ...fields,
  });
  const github = (name: string) => `https://github.com/example-org/${name}`;

  const widgets = owned({
    slug: 'widgets', name: 'Widgets', created: now - 900 * DAY, modified: now - 2 * DAY,
    programmingLanguage: 'py', homepage: 'https://widgets.example.com', repository: { url: github('widgets'), type: 'git' },
    defaultVersion: 'stable', defaultBranch: 'main', tags: ['python', 'ui', 'widgets'], showVersionWarning: true,
    externalBuildsEnabled: true, remoteRepository: remote.get('example-org/widgets')!,
  });
  addWidgetsVersions(db);
  // Support has switched direct artifacts upload on for widgets only (the other projects answer the beta's 403).
  db.uploads.enabled.add(widgets.slug);

  const widgetsApi = owned({
    slug: 'widgets-api', name: 'Widgets API', created: now - 600 * DAY, modified: now - 20 * DAY,
    programmingLanguage: 'py', repository: { url: github('widgets-api'), type: 'git' }, defaultBranch: 'main',
    tags: ['api', 'rest'], remoteRepository: remote.get('example-org/widgets-api')!,
  });
  addReleaseVersions(db, widgetsApi, ['v1.0.0', 'v1.1.0', 'v1.2.0']);
  db.addVersion('widgets-api', { slug: 'develop', identifier: 'develop' });
  db.addSubproject('widgets', 'widgets-api', 'api');

  const widgetsFr = owned({
    slug: 'widgets-fr', name: 'Widgets FR', created: now - 500 * DAY, modified: now - 40 * DAY, language: 'fr',
    programmingLanguage: 'py', repository: { url: github('widgets-fr'), type: 'git' }, defaultBranch: 'main',
    translationOf: 'widgets', remoteRepository: remote.get('example-org/widgets-fr')!,
  });
  addReleaseVersions(db, widgetsFr, ['v2.0.0']);

  const gadget = owned({
    slug: 'gadget-docs', name: 'Gadget Docs', created: now - 300 * DAY, modified: now - 5 * DAY,
    programmingLanguage: 'js', repository: { url: 'https://gitlab.com/example-group/gadget-docs', type: 'git' },
    defaultBranch: 'main', tags: ['cli', 'mkdocs'], customDomain: 'docs.example-gadgets.org',
    readthedocsYamlPath: 'docs/.readthedocs.yaml', remoteRepository: remote.get('example-group/gadget-docs')!,
  });
  addReleaseVersions(db, gadget, ['v3.0', 'v3.1']);

  const hostile = owned({
    slug: 'hostile-demo', name: 'Hostile Demo', created: now - 100 * DAY, modified: now - 100 * DAY,
    repository: { url: github('hostile-demo'), type: 'git' }, defaultBranch: 'main',
    remoteRepository: remote.get('example-org/hostile-demo')!,
  });
  addReleaseVersions(db, hostile, []);

  const legacy = owned({
    slug: 'legacy-widgets', name: 'Legacy Widgets', created: now - 2000 * DAY, modified: now - 1000 * DAY,
    programmingLanguage: 'py', repository: { url: github('legacy-widgets'), type: 'git' }, defaultBranch: 'master', active: false,
  });
  addReleaseVersions(db, legacy, ['v0.9']);

  const others = db.addProject({
    slug: 'others-project', name: "Other's Project", created: now - 200 * DAY, modified: now - 10 * DAY,
    repository: { url: 'https://github.com/other-org/others-project', type: 'git' }, defaultBranch: 'main',
    maintainers: [USERNAMES.other], organization: business ? 'other-corp' : null,
    remoteRepository: remote.get('other-org/others-project')!,
  });
  addReleaseVersions(db, others, ['v1.0']);

  addWidgetsRedirects(db, now);
  for (const [name, value, isPublic] of [
    ['SPHINX_THEME_VARIANT', 'dark', true],
    ['PYPI_API_TOKEN', 'pypi-AgEIcHlwaS5vcmcCJDEyMzQ1Njc4LWRlbW8tdG9rZW4', false],
    ['SENTRY_DSN', 'https://5f0c1d2e3b4a@o1234.ingest.sentry.io/42', false],
  ] as const) createEnvVar(db, 'widgets', { name, value, public: isPublic }, now - 30 * DAY);
  createEnvVar(db, 'gadget-docs', { name: 'NODE_OPTIONS', value: '--max-old-space-size=4096', public: true }, now - 60 * DAY);

  addPages(db, 'widgets', WIDGETS_PAGES);
  addPages(db, 'widgets-api', WIDGETS_API_PAGES);
  addPages(db, 'widgets-fr', WIDGETS_FR_PAGES);
  addPages(db, 'gadget-docs', GADGET_PAGES);
  addPages(db, 'hostile-demo', HOSTILE_PAGES);
  addPages(db, 'legacy-widgets', LEGACY_PAGES);
  addPages(db, 'others-project', OTHERS_PROJECT_PAGES);
  for (const [url, html] of Object.entries(EXTERNAL_PAGES)) db.externalPages.set(url, html);
  // Pull request 1234 adds a page, changes one and deletes two (one of them caught by a redirect); `latest` moved on since.
  db.fileTreeDiffs.set('widgets/1234', { outdated: true, added: ['tutorial-advanced.html'], modified: ['usage.html'], deleted: ['glossary.html', 'old-install.html'] });

  addBuildHistory(db, now, [widgets, widgetsApi, widgetsFr, gadget, hostile, legacy, others]);
  addBuildLogScenarios(db);
  addBuildTimings(db, now);
  // Added last, so the other projects' ids stay as they were.
  addMkDemo(db, owned({
    slug: MK_DEMO, name: 'MkDocs Demo', created: now - 40 * DAY, modified: now - DAY, programmingLanguage: 'py',
    repository: { url: github(MK_DEMO), type: 'git' }, defaultBranch: 'main', tags: ['mkdocs', 'mkdocstrings'],
  }), now);
  addZenDemo(db, owned({
    slug: ZEN_DEMO, name: 'Zensical Demo', created: now - 20 * DAY, modified: now - DAY, programmingLanguage: 'py',
    repository: { url: github(ZEN_DEMO), type: 'git' }, defaultBranch: 'main', tags: ['zensical', 'mkdocstrings'],
  }), now);
  addProjectNotices(db);
}

/** One redirect of every type on `widgets` (clean/html ones: one of each, the first disabled). */
function addWidgetsRedirects(db: SandboxDb, now: number): void {
  const redirects = [
    { type: 'page', fromUrl: '/old-install.html', toUrl: '/installation.html', httpStatus: 301, description: 'Old installation page' },
    { type: 'exact', fromUrl: '/en/v1.0/*', toUrl: '/en/latest/:splat', httpStatus: 302, description: 'Retired 1.0 docs' },
    { type: 'page', fromUrl: '/faq/', toUrl: 'https://widgets.example.com/faq', httpStatus: 302, force: true, description: '' },
    { type: 'exact', fromUrl: '/en/latest/tutorial.html', toUrl: '/en/latest/usage.html', httpStatus: 301, description: 'Tutorial merged into Usage' },
    { type: 'clean_url_to_html', fromUrl: '', toUrl: '', httpStatus: 302, enabled: false, description: 'From the dirhtml builder era' },
    { type: 'html_to_clean_url', fromUrl: '', toUrl: '', httpStatus: 301, description: '' },
  ] as const;
  redirects.forEach((redirect, index) => createRedirect(db, 'widgets', {
    force: false, enabled: true, ...redirect,
  }, index, now - (60 - index) * DAY));
}
