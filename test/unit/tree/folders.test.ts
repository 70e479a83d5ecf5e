import assert from 'node:assert/strict';
import { parseBuild } from '../../../src/core/models/build';
import { parseNotification } from '../../../src/core/models/notification';
import { parseEnvironmentVariable } from '../../../src/core/models/environmentVariable';
import { parseProject, parseSubproject } from '../../../src/core/models/project';
import { parseRedirect } from '../../../src/core/models/redirect';
import { parseVersion } from '../../../src/core/models/version';
import { parseSharingMethod } from '../../../src/core/models/sharingMethod';
import { contextValueOf, flagGroupsOf, picksOf, possibleContextValues } from '../../../src/core/tree/contextValues';
import { FOLDERS, FOLDER_KINDS, type FolderItem, type FolderKind, folderInEdition, foldersIn } from '../../../src/core/tree/folders';
import { folderNode, projectNode } from '../../../src/core/tree/loader';
import { accepts } from '../../../src/core/commandArgs';
import { type DocsNode, isFolderRow, projectRefOf, rowNode, withRow } from '../../../src/core/tree/nodes';
import { present } from '../../../src/core/tree/presentNode';
import { apiFixture } from '../../helpers/fixtures';

const project = projectNode('community', undefined, 'community', parseProject(apiFixture('projects-detail')));
const first = (name: string) => (apiFixture(name) as { results: unknown[] }).results[0];

/** One item of each folder and the id its row must keep (expansion and reveal depend on ids); tsc asks for every folder. */
const SAMPLES: { readonly [K in FolderKind]: { readonly item: FolderItem<K>; readonly idSuffix: string } } = {
  versions: { item: parseVersion(apiFixture('projects-versions-detail')), idSuffix: '/versions/version:v1.0' },
  builds: { item: parseBuild(apiFixture('projects-builds-detail')), idSuffix: '/builds/build:1' },
  subprojects: { item: parseSubproject(first('projects-subprojects-list')), idSuffix: '/subprojects/subproject:subproject' },
  translations: { item: parseProject(apiFixture('projects-detail')), idSuffix: '/translations/translation:project' },
  redirects: { item: parseRedirect(apiFixture('projects-redirects-detail')), idSuffix: '/redirects/redirect:1' },
  environmentVariables: { item: parseEnvironmentVariable(apiFixture('projects-environmentvariables-detail')), idSuffix: '/environmentVariables/env:1' },
  sharing: {
    item: parseSharingMethod({ id: 7, project: 'project', access_type: 'http_header_token', allow_all: true, versions: [], expires: '2026-12-05', last_used_at: null, description: 'CI', token: 'secret' }),
    idSuffix: '/sharing/sharing:7',
  },
  notices: { item: parseNotification(apiFixture('projects-notifications-detail')), idSuffix: '/notices/notice:2' },
};

function sampleRow<K extends FolderKind>(folder: K): DocsNode {
  const parent = folderNode(project, folder);
  return rowNode(folder, SAMPLES[folder].item, { edition: 'community', parentId: parent.id, projectSlug: project.project.slug, projectId: project.id });
}

describe('folder descriptors (core/tree/folders)', () => {
  it('list the folders under a project in display order, each with its label and API segment', () => {
    assert.deepEqual(FOLDER_KINDS, ['versions', 'builds', 'subprojects', 'translations', 'redirects', 'environmentVariables', 'sharing', 'notices']);
    assert.deepEqual(FOLDER_KINDS.map((kind) => FOLDERS[kind].segment), ['versions', 'builds', 'subprojects', 'translations', 'redirects', 'environmentvariables', 'sharing', 'notifications']);
    assert.ok(FOLDER_KINDS.every((kind) => FOLDERS[kind].label && FOLDERS[kind].icon && FOLDERS[kind].emptyText.plain));
  });

  it('say which editions have them: a folder without `editions` is in both, one with it only in those', () => {
    assert.equal(folderInEdition({}, 'community'), true);
    assert.equal(folderInEdition({ editions: ['business'] }, 'business'), true);
    assert.equal(folderInEdition({ editions: ['business'] }, 'community'), false);
    for (const edition of ['community', 'business'] as const) {
      assert.deepEqual(foldersIn(edition), FOLDER_KINDS.filter((kind) => folderInEdition(FOLDERS[kind], edition)), edition);
    }
  });

  it('give each folder\'s rows a node kind of their own, which no other node has', () => {
    const kinds = FOLDER_KINDS.map((kind) => FOLDERS[kind].row.kind);
    assert.equal(new Set(kinds).size, kinds.length);
    const others: DocsNode[] = [project, folderNode(project, 'versions'), { kind: 'message', id: 'm', edition: 'community', parentId: undefined, text: 'x', severity: 'info', retry: false }];
    assert.ok(others.every((node) => !isFolderRow(node) && !(kinds as string[]).includes(node.kind)));
    const own = ['kind', 'id', 'edition', 'parentId', 'projectSlug', 'projectId'];
    assert.ok(FOLDER_KINDS.every((kind) => !own.includes(FOLDERS[kind].row.field)), 'the item\'s field would overwrite a field every row has');
  });

  for (const folder of FOLDER_KINDS) {
    it(`shape a row of ${folder}: its kind, its field holding the item, a stable id, its project`, () => {
      const { row } = FOLDERS[folder];
      const node = sampleRow(folder);
      assert.equal(node.kind, row.kind);
      assert.ok(isFolderRow(node));
      assert.equal((node as unknown as Record<string, unknown>)[row.field], SAMPLES[folder].item);
      assert.equal(node.id, `${project.id}${SAMPLES[folder].idSuffix}`);
      assert.equal(node.parentId, folderNode(project, folder).id);
      assert.equal(projectRefOf(node)?.projectId, project.id);
      assert.equal(withRow<unknown>(node, (_descriptor, item) => item), SAMPLES[folder].item);
    });

    it(`take a row of ${folder} for a command's argument only with its project and its item in the descriptor's field`, () => {
      const node = sampleRow(folder);
      assert.equal(accepts.node(node), node);
      for (const missing of ['projectSlug', 'projectId', FOLDERS[folder].row.field]) {
        const { [missing]: _dropped, ...rest } = node as unknown as Record<string, unknown>;
        assert.equal(accepts.node(rest), undefined, `without ${missing}`);
      }
    });

    it(`present a row of ${folder} as its descriptor says, with context flags it declares`, () => {
      const node = sampleRow(folder);
      const look = present(node);
      assert.ok(look.label.length > 0);
      assert.equal(look.collapsible, 'none');
      const groups = flagGroupsOf(node.kind);
      assert.deepEqual(groups, FOLDERS[folder].row.flags?.groups ?? []);
      const picks = picksOf(node);
      assert.equal(picks.length, groups.length);
      picks.forEach((word, i) => assert.ok(groups[i].includes(word), `${node.kind} picks undeclared "${word}"`));
      assert.ok(possibleContextValues().includes(contextValueOf(node)), contextValueOf(node));
    });
  }

  it('flag a version row with each download it offers (+pdf, +epub, +htmlzip), read off its downloads', () => {
    const version = parseVersion({ ...(apiFixture('projects-versions-detail') as object), built: true, downloads: { pdf: 'https://docs.example.com/_/downloads/en/v1.0/pdf/', epub: 'javascript:alert(1)' } });
    const node = rowNode('versions', version, { edition: 'community', parentId: 'p/versions', projectSlug: 'p', projectId: 'p' });
    assert.match(contextValueOf(node), /\+pdf\b/);
    assert.doesNotMatch(contextValueOf(node), /\+epub|\+htmlzip/, 'a link that is not http(s) offers nothing');
    assert.ok(possibleContextValues().includes(contextValueOf(node)));
  });

  it('keep the rows commands take typed by kind (NodeOfKind<\'version\'> has .version) and decoded by kind', () => {
    const version = accepts.nodeOf('version')(sampleRow('versions'));
    assert.equal(version?.version.slug, SAMPLES.versions.item.slug);
    const variable = accepts.nodeOf('environmentVariable')(sampleRow('environmentVariables'));
    assert.equal(variable?.variable.name, SAMPLES.environmentVariables.item.name);
    assert.equal(accepts.nodeOf('version')(sampleRow('builds')), undefined);
  });
});
