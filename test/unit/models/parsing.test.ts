import assert from 'node:assert/strict';
import { parseBuild } from '../../../src/core/models/build';
import { parseNotification } from '../../../src/core/models/notification';
import { parseEnvironmentVariable } from '../../../src/core/models/environmentVariable';
import { parsePage } from '../../../src/core/models/page';
import { ShapeError } from '../../../src/core/models/parse';
import { parseProject, parseSubproject } from '../../../src/core/models/project';
import { parseRedirect } from '../../../src/core/models/redirect';
import { parseRemoteOrganization, parseRemoteRepository } from '../../../src/core/models/remote';
import { parseVersion } from '../../../src/core/models/version';
import { apiFixture } from '../../helpers/fixtures';

describe('model parsing of real responses', () => {
  it('reads a project with expanded active versions (array, as the real service sends)', () => {
    const project = parseProject(apiFixture('projects-detail'));
    assert.equal(project.slug, 'project');
    assert.equal(project.language.code, 'en');
    assert.equal(project.programmingLanguage.name, 'Only Words');
    assert.equal(project.repository.url, 'https://github.com/rtfd/project');
    assert.deepEqual(project.tags, ['project', 'tag', 'test']);
    assert.deepEqual(project.users, ['testuser']);
    assert.equal(project.isAdmin, true);
    assert.deepEqual(project.activeVersions?.map((v) => v.slug), ['v1.0']);
    assert.equal(project.subprojectOf, undefined);
  });

  it('reads active_versions as a slug-keyed map (the spec\'s shape)', () => {
    const raw = apiFixture('projects-detail') as Record<string, unknown>;
    const [version] = raw.active_versions as Record<string, unknown>[];
    const { slug: _slug, ...rest } = version;
    const project = parseProject({ ...raw, active_versions: { 'v1.0': rest } });
    assert.deepEqual(project.activeVersions?.map((v) => v.slug), ['v1.0']);
  });

  it('reads lists, builds, versions, redirects, env vars, subprojects and remote repositories', () => {
    assert.equal(parsePage(apiFixture('projects-list'), parseProject).items.length, 1);
    assert.equal(parsePage(apiFixture('projects-list-empty'), parseProject).count, 0);
    const build = parseBuild(apiFixture('projects-builds-detail'));
    assert.deepEqual([build.state, build.success, build.durationSeconds, build.version], ['finished', true, 60, 'v1.0']);
    const triggered = parseBuild((apiFixture('projects-versions-builds-list_POST') as { build: unknown }).build);
    assert.deepEqual([triggered.state, triggered.success], ['triggered', undefined]);
    const version = parseVersion(apiFixture('projects-versions-detail'));
    assert.deepEqual([version.slug, version.type, version.built, version.urls.vcs], ['v1.0', 'tag', true, 'https://github.com/rtfd/project/tree/v1.0/']);
    const redirect = parseRedirect(apiFixture('projects-redirects-detail'));
    assert.deepEqual([redirect.type, redirect.fromUrl, redirect.httpStatus], ['page', '/docs', 302]);
    const variable = parseEnvironmentVariable(apiFixture('projects-environmentvariables-detail'));
    assert.deepEqual([variable.name, variable.public], ['ENVVAR', false]);
    assert.ok(!('value' in variable));
    const sub = parsePage(apiFixture('projects-subprojects-list'), parseSubproject).items[0];
    assert.deepEqual([sub.alias, sub.child.slug], ['subproject', 'subproject']);
    const repo = parsePage(apiFixture('remoterepositories-list'), parseRemoteRepository).items[0];
    assert.deepEqual([repo.fullName, repo.vcsProvider, repo.remoteOrganization?.slug, repo.projects[0].slug], ['rtd/project', 'github', 'readthedocs', 'project']);
    assert.equal(parsePage(apiFixture('remoteorganizations-list'), parseRemoteOrganization).items.length, 1);
    assert.equal(parsePage(apiFixture('projects-builds-notifications-list'), parseNotification).items.length >= 1, true);
  });

  it('reads the empty-string and null URL shapes of redirects alike', () => {
    const base = { pk: 1, type: 'clean_url_to_html' };
    assert.equal(parseRedirect({ ...base, from_url: null, to_url: null }).fromUrl, '');
    assert.equal(parseRedirect({ ...base, from_url: '', to_url: '' }).toUrl, '');
  });
});

describe('tolerant parsing', () => {
  it('ignores unknown fields and tolerates missing optional ones', () => {
    const project = parseProject({ id: 3, slug: 'bare', surprise: { deep: [1, 2] } });
    assert.equal(project.name, 'bare');
    assert.equal(project.language.code, 'en');
    assert.equal(project.activeVersions, undefined);
    assert.deepEqual(project.tags, []);
  });

  it('keeps unknown redirect types and build states as strings', () => {
    assert.equal(parseRedirect({ pk: 1, type: 'sphinx_htmldir' }).type, 'sphinx_htmldir');
    assert.equal(parseBuild({ id: 1, state: { code: 'queued-elsewhere' } }).state, 'queued-elsewhere');
  });

  it('hides success until a build is final, whatever the server says', () => {
    assert.equal(parseBuild({ id: 1, state: { code: 'building' }, success: true }).success, undefined);
    assert.equal(parseBuild({ id: 1, state: { code: 'finished' }, success: false }).success, false);
  });

  it('throws ShapeError naming the path when a required field is wrong', () => {
    assert.throws(() => parseProject({ id: 'x', slug: 'p' }), (e: unknown) => e instanceof ShapeError && /project\.id/.test(e.message));
    assert.throws(() => parsePage({ results: [{ id: 1 }] }, parseProject), (e: unknown) => e instanceof ShapeError && /page\.results\[0\]\.slug/.test(e.message));
    assert.throws(() => parsePage('<html>', parseProject), ShapeError);
  });
});
