import assert from 'node:assert/strict';
import { NO_OUTCOME_FACTS } from '../../../src/core/builds/facts';
import { type Build } from '../../../src/core/models/build';
import { type Project } from '../../../src/core/models/project';
import { type Version } from '../../../src/core/models/version';
import { parseBuild } from '../../../src/core/models/build';
import { parseProject } from '../../../src/core/models/project';
import { parseVersion } from '../../../src/core/models/version';
import { contextValueOf, flagGroupsOf, picksOf, possibleContextValues } from '../../../src/core/tree/contextValues';
import { TreeFilters, describeBuildFilter, describeVersionFilter, versionQuery } from '../../../src/core/tree/filters';
import { type TreeLoader, activeFirst, folderNode, projectNode } from '../../../src/core/tree/loader';
import { TreeModel } from '../../../src/core/tree/model';
import { writtenPlaceOf } from '../../../src/core/api/writes';
import { type DocsNode, type NodeOfKind, freshestRow, isDocsNode, nodeIds, projectRefOf } from '../../../src/core/tree/nodes';
import { buildIcon } from '../../../src/core/builds/facts';
import { redirectLabel } from '../../../src/core/tree/itemPresenters';
import { present } from '../../../src/core/tree/presentNode';
import { urlChoicesOf } from '../../../src/core/tree/urls';
import { apiFixture } from '../../helpers/fixtures';

const project = (over: Partial<Project> = {}): Project => ({ ...parseProject(apiFixture('projects-detail')), ...over });
const version = (over: Record<string, unknown> = {}): Version => parseVersion({ id: 1, slug: 'v1.0', verbose_name: 'v1.0', active: true, built: true, type: 'tag', ...over });
const build = (over: Record<string, unknown> = {}): Build => parseBuild({ id: 7, project: 'p', version: 'latest', state: { code: 'finished', name: 'Finished' }, success: true, duration: 83, commit: 'a1b2c3d4e5f6', ...over });

const projectN = projectNode('community', undefined, 'community', project({ slug: 'p', name: 'P' }));
const versionsFolder = folderNode(projectN, 'versions');
const buildsFolder = folderNode(projectN, 'builds');
const versionNode = (v: Version): NodeOfKind<'version'> => ({ kind: 'version', id: `${versionsFolder.id}/version:${v.slug}`, edition: 'community', parentId: versionsFolder.id, projectSlug: 'p', projectId: projectN.id, version: v });
const buildNode = (b: Build): NodeOfKind<'build'> => ({ kind: 'build', id: `${buildsFolder.id}/build:${b.id}`, edition: 'community', parentId: buildsFolder.id, projectSlug: 'p', projectId: projectN.id, build: b });

describe('tree model (plain data)', () => {
  describe('ids', () => {
    it('are stable paths: edition/project/folder/item', () => {
      assert.equal(projectN.id, 'community/project:p');
      assert.equal(versionsFolder.id, 'community/project:p/versions');
      assert.equal(versionNode(version()).id, 'community/project:p/versions/version:v1.0');
      assert.equal(versionsFolder.parentId, projectN.id);
      assert.equal(nodeIds.version(projectN.id, 'v1.0'), versionNode(version()).id);
      assert.equal(nodeIds.build(projectN.id, 7), buildNode(build()).id);
    });

    it('give every row at or below a project its project, without parsing ids', () => {
      for (const node of [projectN, versionsFolder, versionNode(version()), buildNode(build())]) {
        const ref = projectRefOf(node);
        assert.deepEqual([ref?.edition, ref?.projectSlug, ref?.projectId], ['community', 'p', projectN.id], node.kind);
      }
      assert.equal(projectRefOf(versionsFolder)?.project?.name, 'P');
      assert.equal(projectRefOf({ kind: 'edition', id: 'community', edition: 'community', parentId: undefined }), undefined);
      assert.equal(isDocsNode('community/project:p'), false, 'an id string is not a node');
    });

    it('place a project found outside the tree where the tree has it, else under its organization', () => {
      const loaded = new Set(['business/project:a']);
      assert.equal(nodeIds.projectOf('business', 'a', 'org', (id) => loaded.has(id)), 'business/project:a');
      assert.equal(nodeIds.projectOf('business', 'b', 'org', (id) => loaded.has(id)), 'business/org:org/project:b');
      assert.equal(nodeIds.projectOf('community', 'c', undefined, () => false), 'community/project:c');
    });

    it('resolve a row a command received to the copy the tree holds now, when it is the same kind of row', () => {
      const drawn = buildNode(build({ state: { code: 'building', name: 'Building' }, success: null }));
      const moved = buildNode(build());
      const held = new Map<string, DocsNode>([[moved.id, moved]]);
      const tree = { find: (id: string) => held.get(id) };
      assert.equal(freshestRow(tree, drawn), moved, 'the build that moved on');
      assert.equal(freshestRow({ find: () => undefined }, drawn), drawn, 'not loaded: the row as given');
      assert.equal(freshestRow({ find: () => versionsFolder }, drawn), drawn, 'another kind under that id: the row as given');
    });
  });

  describe('contextValueOf', () => {
    it('names the kind and the flags menus match on', () => {
      assert.equal(contextValueOf(versionNode(version())), 'readthedocs:version +active +visible +built');
      assert.equal(contextValueOf(versionNode(version({ active: false, built: false, hidden: true }))), 'readthedocs:version +inactive +hidden');
      assert.equal(contextValueOf(buildNode(build())), 'readthedocs:build +finished');
      assert.equal(contextValueOf(buildNode(build({ state: { code: 'building', name: 'Building' }, success: null }))), 'readthedocs:build +running');
      assert.equal(contextValueOf(versionsFolder), 'readthedocs:folder:versions');
      assert.equal(contextValueOf(projectN), 'readthedocs:project');
    });

    it('picks only declared flag words, so every value it makes is in possibleContextValues (which the manifest test checks menus against)', () => {
      const possible = new Set(possibleContextValues());
      const nodes: DocsNode[] = [
        projectN, { ...projectN, project: { ...projectN.project, isAdmin: false } }, versionsFolder, buildsFolder,
        versionNode(version()), versionNode(version({ active: false, built: false, hidden: true })),
        buildNode(build()), buildNode(build({ state: { code: 'building', name: 'Building' }, success: null })),
      ];
      for (const node of nodes) {
        picksOf(node).forEach((word, i) => assert.ok(flagGroupsOf(node.kind)[i]?.includes(word), `${node.kind} picks undeclared "${word}"`));
        assert.ok(possible.has(contextValueOf(node)), contextValueOf(node));
      }
      assert.ok(possible.has('readthedocs:folder:environmentVariables'));
      assert.ok(possible.has('readthedocs:version +inactive +visible +built'));
    });
  });

  describe('present', () => {
    it('shows a project with slug and language, and a Markdown tooltip with the useful fields', () => {
      const p = present(projectN);
      assert.equal(p.label, 'P');
      assert.equal(p.collapsible, 'collapsed');
      assert.match(p.description ?? '', /English/);
      for (const field of ['Repository', 'Default version', 'Default branch', 'Documentation']) assert.match(p.tooltip ?? '', new RegExp(field));
    });

    it('escapes remote text in tooltips and links only http(s) URLs', () => {
      const evil = projectNode('community', undefined, 'community', project({
        name: '**bold** <img src=x>', slug: 'evil', repository: { url: 'javascript:alert(1)', type: 'git' },
        urls: { documentation: 'https://evil.example/(x)', home: undefined, builds: undefined, versions: undefined },
      }));
      const tooltip = present(evil).tooltip ?? '';
      assert.ok(tooltip.includes('\\*\\*bold\\*\\* \\<img src=x\\>'));
      assert.ok(!/\]\(javascript:/.test(tooltip));
      assert.ok(tooltip.includes('(https://evil.example/%28x%29)'));
    });

    it('describes versions: type, built, hidden, privacy, and what stable points to', () => {
      assert.equal(present(versionNode(version())).description, 'tag · built');
      assert.equal(present(versionNode(version({ slug: 'stable', verbose_name: 'stable', ref: 'v2.1' }))).description, '→ v2.1 · tag · built');
      assert.equal(present(versionNode(version({ active: false, built: false, hidden: true, type: 'branch', privacy_level: 'private' }))).description,
        'branch · inactive · hidden · private');
      assert.equal(present(versionNode(version({ active: false }))).color, 'disabledForeground');
      assert.equal(present(versionNode(version({ type: 'branch' }))).icon, 'git-branch');
    });

    it('shows builds: spinning while running, green/red when finished, duration and commit', () => {
      const running = present(buildNode(build({ state: { code: 'building', name: 'Building' }, success: null, duration: null })));
      assert.equal(running.icon, 'sync~spin');
      assert.equal(running.description, 'building · a1b2c3d');
      const passed = present(buildNode(build()));
      assert.deepEqual([passed.icon, passed.color, passed.label, passed.description], ['pass', 'testing.iconPassed', '#7 latest', 'succeeded · 1 min 23 s · a1b2c3d']);
      assert.deepEqual(buildIcon(build({ success: false }), NO_OUTCOME_FACTS), { icon: 'error', color: 'testing.iconFailed' });
      assert.equal(buildIcon(build({ state: { code: 'cancelled', name: 'Cancelled' } }), NO_OUTCOME_FACTS).icon, 'circle-slash');
      // The tree used to say "passed" here and "1m 23s"; the build vocabulary of core/builds/facts won.
      const noSuccess = present(buildNode(build({ success: null })));
      assert.deepEqual([noSuccess.icon, noSuccess.description], ['error', 'failed · 1 min 23 s · a1b2c3d'], 'a finished build without success is failed in the tree as in the notification');
    });

    it('labels redirects "type: from → to" and env vars by name and visibility only', () => {
      assert.equal(redirectLabel('page', '/a.html', '/b.html'), 'page: /a.html → /b.html');
      assert.equal(redirectLabel('clean_url_to_html', '', ''), 'clean_url_to_html');
      const env = present({ kind: 'environmentVariable', id: 'x', edition: 'community', parentId: 'y', projectSlug: 'p', projectId: 'community/project:p', variable: { pk: 1, name: 'API_KEY', public: false, project: 'p', created: undefined, modified: undefined } });
      assert.deepEqual([env.label, env.description, env.icon], ['API_KEY', 'private', 'lock']);
    });

    it('gives Load more and Retry rows their commands', () => {
      const more = present({ kind: 'loadMore', id: 'm', edition: 'community', parentId: 'f', cursor: { url: 'x', parseItem: () => 1 }, remaining: 42 });
      assert.deepEqual([more.label, more.description, more.command?.id], ['Load more…', '42 more', 'readthedocs.loadMore']);
      const failed = present({ kind: 'message', id: 'e', edition: 'community', parentId: 'f', text: 'boom', severity: 'error', retry: true });
      assert.equal(failed.command?.id, 'readthedocs.retry');
      assert.equal(failed.icon, 'error');
      const empty = present({ kind: 'message', id: 'e', edition: 'community', parentId: 'f', text: 'No builds yet.', severity: 'info', retry: false });
      assert.equal(empty.command, undefined);
    });
  });

  describe('filters', () => {
    it('are kept per project, map to API filters, and describe themselves', () => {
      const filters = new TreeFilters();
      filters.setVersions('community', 'p', { active: true, type: 'tag', name: '  v1 ' });
      assert.deepEqual(versionQuery(filters.versions('community', 'p')), { active: true, built: undefined, type: 'tag', verboseName: 'v1', slug: undefined, privacyLevel: undefined });
      assert.deepEqual(filters.versions('community', 'q'), {});
      assert.deepEqual(filters.versions('business', 'p'), {});
      assert.equal(describeVersionFilter(filters.versions('community', 'p')), 'active, tags, name contains "v1"');
      assert.equal(present(versionsFolder, filters).label, 'Versions (active, tags, name contains "v1")');
      filters.setVersions('community', 'p', {});
      assert.equal(present(versionsFolder, filters).label, 'Versions');
      filters.setBuilds('community', 'p', { running: true, commit: 'abcdef0123456789' });
      assert.equal(describeBuildFilter(filters.builds('community', 'p')), 'running, commit abcdef012345');
      assert.equal(present(buildsFolder, filters).icon, 'filter');
    });

    it('carry the remaining version filters (slug, privacy, not built) to the API and the label', () => {
      const filters = new TreeFilters();
      filters.setVersions('community', 'p', { built: false, slug: ' v1.0 ', privacyLevel: 'private' });
      assert.deepEqual(versionQuery(filters.versions('community', 'p')),
        { active: undefined, built: false, type: undefined, verboseName: undefined, slug: 'v1.0', privacyLevel: 'private' });
      assert.equal(describeVersionFilter(filters.versions('community', 'p')), 'not built, slug v1.0, private');
    });

    it('keep a projects filter per edition, dropping empty values', () => {
      const filters = new TreeFilters();
      filters.setProjects('community', { name: 'wid', language: '' });
      assert.deepEqual(filters.projects('community'), { name: 'wid' });
      assert.deepEqual(filters.projects('business'), {});
      assert.deepEqual(filters.projectsFiltered, ['community']);
      filters.setProjects('community', { name: '  ' });
      assert.deepEqual(filters.projectsFiltered, []);
    });
  });

  it('sorts active versions first, keeping the server order otherwise', () => {
    const vs = [version({ slug: 'a', active: false }), version({ slug: 'b' }), version({ slug: 'c', active: false }), version({ slug: 'd' })];
    assert.deepEqual(activeFirst(vs).map((v) => v.slug), ['b', 'd', 'a', 'c']);
  });

  describe('urlChoicesOf', () => {
    it('offers docs first for projects and versions, the build page for builds, dashboard pages for redirects', () => {
      const p = urlChoicesOf(projectN, 'https://app.readthedocs.org');
      assert.equal(p[0].label, 'Documentation');
      assert.ok(p.length >= 2);
      const v = urlChoicesOf(versionNode(version({ urls: { documentation: 'https://p.readthedocs.io/en/v1.0/', vcs: 'https://github.com/x/p/tree/v1.0/' } })), undefined);
      assert.deepEqual(v.map((c) => c.label), ['Documentation', 'Source']);
      const b = urlChoicesOf(buildNode(build({ urls: { build: 'https://app.readthedocs.org/projects/p/builds/7/' } })), undefined);
      assert.deepEqual(b.map((c) => c.url), ['https://app.readthedocs.org/projects/p/builds/7/']);
      const r = urlChoicesOf({ kind: 'redirect', id: 'r', edition: 'community', parentId: 'f', projectSlug: 'p', projectId: 'community/project:p', redirect: {} as never }, 'https://app.readthedocs.org');
      assert.deepEqual(r.map((c) => c.url), ['https://app.readthedocs.org/dashboard/p/redirects/']);
    });

    it('never offers a non-web URL', () => {
      const v = urlChoicesOf(versionNode(version({ urls: { documentation: 'javascript:alert(1)', vcs: 'file:///etc/passwd' } })), undefined);
      assert.deepEqual(v, []);
    });
  });

  describe('TreeModel', () => {
    /** A loader that serves canned children and counts calls. */
    function fakeLoader(children: Map<string, DocsNode[]>) {
      const calls: string[] = [];
      const loader = {
        children: async (parent: DocsNode | undefined) => {
          calls.push(parent?.id ?? 'root');
          return children.get(parent?.id ?? 'root') ?? [];
        },
        more: async () => [],
      } as unknown as TreeLoader;
      return { loader, calls };
    }

    it('caches children, shares concurrent loads, finds nodes and parents, and refreshes a subtree', async () => {
      const running = buildNode(build({ state: { code: 'building', name: 'Building' }, success: null }));
      const map = new Map<string, DocsNode[]>([
        ['root', [projectN]],
        [projectN.id, [versionsFolder, buildsFolder]],
        [buildsFolder.id, [running]],
      ]);
      const { loader, calls } = fakeLoader(map);
      const model = new TreeModel(loader);
      const [a, b] = await Promise.all([model.getChildren(undefined), model.getChildren(undefined)]);
      assert.equal(a, b);
      await model.getChildren(projectN);
      await model.getChildren(buildsFolder);
      assert.deepEqual(calls, ['root', projectN.id, buildsFolder.id]);
      assert.equal(model.find(running.id), running);
      assert.equal(model.getParent(running), buildsFolder);
      assert.deepEqual(model.runningBuilds(), [running]);

      model.invalidate(projectN);
      await model.getChildren(projectN);
      assert.deepEqual(calls.slice(3), [projectN.id], 'the project reloads');
      await model.getChildren(buildsFolder);
      assert.deepEqual(calls.slice(4), [buildsFolder.id], 'and so does what was under it');
      await model.getChildren(undefined);
      assert.equal(calls.length, 5, 'the root stays cached');
    });

    it('names the loaded Builds folders of a project that do not show a build yet (one that just started)', async () => {
      const shown = buildNode(build({ id: 7 }));
      const map = new Map<string, DocsNode[]>([
        ['root', [projectN]],
        [projectN.id, [versionsFolder, buildsFolder]],
        [buildsFolder.id, [shown]],
      ]);
      const model = new TreeModel(fakeLoader(map).loader);
      await model.getChildren(undefined);
      await model.getChildren(projectN);
      assert.deepEqual(model.buildsFoldersLacking('community', 'p', 8), [], 'the folder has not loaded its rows: it will show the build when it does');
      await model.getChildren(buildsFolder);
      assert.deepEqual(model.buildsFoldersLacking('community', 'p', 8), [buildsFolder]);
      assert.deepEqual(model.buildsFoldersLacking('community', 'p', 7), [], 'already shown');
      assert.deepEqual(model.buildsFoldersLacking('community', 'other', 8), []);
      assert.deepEqual(model.buildsFoldersLacking('business', 'p', 8), []);
    });

    it('replaces a build row by id and hands back the old object for the view', async () => {
      const running = buildNode(build({ state: { code: 'building', name: 'Building' }, success: null }));
      const { loader } = fakeLoader(new Map([['root', [buildsFolder]], [buildsFolder.id, [running]]]));
      const model = new TreeModel(loader);
      await model.getChildren(undefined);
      await model.getChildren(buildsFolder);
      const done = build();
      const replaced = model.updateBuild('community', 'p', done);
      assert.deepEqual(replaced, [running]);
      const fresh = model.find(running.id);
      assert.ok(fresh?.kind === 'build' && fresh.build.state === 'finished');
      assert.equal(model.updateBuild('community', 'p', done)[0], running, 'later updates still name the object the view holds');
      assert.deepEqual(model.updateBuild('business', 'p', done), [], 'another edition: untouched');
      assert.deepEqual(model.runningBuilds(), []);
    });

    it('names the loaded rows a write made stale: the folders of the lists it wrote, the project, the projects list', async () => {
      const redirectsFolder = folderNode(projectN, 'redirects');
      const editionNode: DocsNode = { kind: 'edition', id: 'community', edition: 'community', parentId: undefined };
      const map = new Map<string, DocsNode[]>([['root', [editionNode]], [editionNode.id, [projectN]], [projectN.id, [versionsFolder, buildsFolder, redirectsFolder]]]);
      const model = new TreeModel(fakeLoader(map).loader);
      await model.getChildren(undefined);
      await model.getChildren(editionNode);
      await model.getChildren(projectN);
      const change = (path: string, edition: 'community' | 'business' = 'community') => ({ edition, method: 'POST' as const, path, ...writtenPlaceOf(path) });
      assert.deepEqual(model.changedBy(change('projects/p/redirects/12/')), [redirectsFolder]);
      assert.deepEqual(model.changedBy(change('projects/p/versions/v1.0/builds/')), [versionsFolder, buildsFolder], 'a triggered build: the version and the builds');
      assert.deepEqual(model.changedBy(change('projects/p/')), [projectN], 'the project itself');
      assert.deepEqual(model.changedBy(change('projects/')), [editionNode], 'a new project: the edition\'s projects');
      assert.deepEqual(model.changedBy(change('projects/other/redirects/')), [], 'another project');
      assert.deepEqual(model.changedBy(change('projects/p/redirects/', 'business')), [], 'another edition');
    });

    it('hands out the projects list it holds whole and the active versions it holds, without a request; a partial projects list is not held', async () => {
      const other = projectNode('community', undefined, 'community', project({ slug: 'q', name: 'Q' }));
      const inactive = version({ slug: 'old', active: false });
      const more = { kind: 'loadMore', id: `${versionsFolder.id}/more`, edition: 'community', parentId: versionsFolder.id, cursor: {}, remaining: 3 } as unknown as DocsNode;
      const map = new Map<string, DocsNode[]>([
        ['root', [projectN, other]],
        [versionsFolder.id, [versionNode(version()), versionNode(inactive)]],
      ]);
      const { loader, calls } = fakeLoader(map);
      const model = new TreeModel(loader);
      assert.equal(model.heldProjects('community'), undefined, 'nothing loaded yet');
      await model.getChildren(undefined);
      assert.deepEqual(model.heldProjects('community')?.map((p) => p.slug), ['p', 'q']);
      assert.equal(model.heldProjects('business'), undefined, 'the root lists another edition');
      assert.equal(model.heldActiveVersions(projectN.id), undefined, 'the Versions folder is not loaded');
      await model.getChildren(versionsFolder);
      assert.deepEqual(model.heldActiveVersions(projectN.id)?.map((v) => v.slug), ['v1.0'], 'the active ones');
      const callsSoFar = calls.length;

      const partial = new TreeModel(fakeLoader(new Map([['root', [projectN, more]], [versionsFolder.id, [versionNode(version()), more]]])).loader);
      await partial.getChildren(undefined);
      await partial.getChildren(versionsFolder);
      assert.equal(partial.heldProjects('community'), undefined, 'a "Load more" left: not the whole list');
      assert.deepEqual(partial.heldActiveVersions(projectN.id)?.map((v) => v.slug), ['v1.0'], 'a "Load more" of versions brings inactive ones only');
      assert.equal(calls.length, callsSoFar, 'asking costs no load');
    });

    it('holds a Business list through its organizations only when each of them is loaded', async () => {
      const organization = { kind: 'organization', id: 'business/org:o', edition: 'business', parentId: 'business', organization: { slug: 'o', name: 'O' } } as unknown as DocsNode;
      const inOrg = projectNode('business', organization.id, organization.id, project({ slug: 'b' }));
      const editions: DocsNode[] = [{ kind: 'edition', id: 'community', edition: 'community', parentId: undefined }, { kind: 'edition', id: 'business', edition: 'business', parentId: undefined }];
      const model = new TreeModel(fakeLoader(new Map([['root', editions], ['business', [organization]], [organization.id, [inOrg]]])).loader);
      await model.getChildren(undefined);
      await model.getChildren(editions[1]);
      assert.equal(model.heldProjects('business'), undefined, 'the organization is not expanded');
      await model.getChildren(organization);
      assert.deepEqual(model.heldProjects('business')?.map((p) => p.slug), ['b']);
      assert.equal(model.heldProjects('community'), undefined);
    });
  });
});
