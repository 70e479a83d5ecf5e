import assert from 'node:assert/strict';
import { accepts } from '../../src/core/commandArgs';
import { parseBuild } from '../../src/core/models/build';
import { parseProject } from '../../src/core/models/project';
import { parseVersion } from '../../src/core/models/version';
import { folderNode, projectNode } from '../../src/core/tree/loader';
import { type DocsNode, type NodeOfKind, nodeIds } from '../../src/core/tree/nodes';
import { apiFixture } from '../helpers/fixtures';

const project = projectNode('community', undefined, 'community', { ...parseProject(apiFixture('projects-detail')), slug: 'p' });
const versions = folderNode(project, 'versions');
const version: NodeOfKind<'version'> = {
  kind: 'version', id: nodeIds.version(project.id, 'latest'), edition: 'community', parentId: versions.id, projectSlug: 'p', projectId: project.id,
  version: parseVersion({ id: 1, slug: 'latest', verbose_name: 'latest', active: true, built: true, type: 'branch' }),
};
const build: NodeOfKind<'build'> = {
  kind: 'build', id: nodeIds.build(project.id, 7), edition: 'community', parentId: nodeIds.folder(project.id, 'builds'), projectSlug: 'p', projectId: project.id,
  build: parseBuild({ id: 7, project: 'p', version: 'latest', state: { code: 'finished', name: 'Finished' }, success: true }),
};
const edition: DocsNode = { kind: 'edition', id: 'community', edition: 'community', parentId: undefined };

/** What palettes, other extensions and stale callers may pass: none of it is a node. */
const JUNK: readonly unknown[] = [
  undefined, null, 0, true, '', 'community/project:p', [], [version], {},
  { id: version.id, kind: 'version', edition: 'community' }, // a node's look without its version
  { ...version, version: null },
  { ...version, edition: 'enterprise' },
  { ...version, projectSlug: 7 },
  { ...version, id: undefined },
];

describe('command arguments (core/commandArgs)', () => {
  it('take a row of the tree as it is, and nothing else for a node', () => {
    for (const row of [project, versions, version, build, edition]) assert.equal(accepts.node(row), row, row.kind);
    for (const value of JUNK) assert.equal(accepts.node(value), undefined, JSON.stringify(value));
  });

  it('take only the kinds a command names', () => {
    const versionOrProject = accepts.nodeOf('version', 'project');
    assert.equal(versionOrProject(version), version);
    assert.equal(versionOrProject(project), project);
    assert.equal(versionOrProject(build), undefined, 'a build row is not a version row');
    assert.equal(versionOrProject(versions), undefined);
    for (const value of JUNK) assert.equal(versionOrProject(value), undefined, JSON.stringify(value));
  });

  it('take a build named by edition, project and id, keeping only those fields', () => {
    assert.deepEqual(accepts.buildRef({ edition: 'business', projectSlug: 'p', buildId: 7, extra: 'x' }), { edition: 'business', projectSlug: 'p', buildId: 7 });
    assert.equal(accepts.buildRef({ edition: 'business', projectSlug: 'p', buildId: '7' }), undefined);
    assert.equal(accepts.buildRef(build), undefined, 'a build row has its build, not a buildId');
    for (const value of JUNK) assert.equal(accepts.buildRef(value), undefined, JSON.stringify(value));
  });

  it('take a project by edition and slug, from a workspace row or any row below a project', () => {
    assert.deepEqual(accepts.projectSlugRef({ edition: 'community', projectSlug: 'p' }), { edition: 'community', projectSlug: 'p' });
    assert.deepEqual(accepts.projectSlugRef(version), { edition: 'community', projectSlug: 'p' });
    assert.equal(accepts.projectSlugRef({ edition: 'community', projectSlug: 1 }), undefined);
    // This Workspace's project row carries its project and folder as its subject (Upload Local Build…).
    const bound = { edition: 'community', projectSlug: 'p', folderPath: '/work/p' };
    assert.deepEqual(accepts.workspaceProjectRef({ label: 'P', subject: bound }), bound);
    assert.deepEqual(accepts.workspaceProjectRef(bound), bound);
    assert.equal(accepts.workspaceProjectRef({ subject: { ...bound, folderPath: '' } }), undefined);
    assert.equal(accepts.workspaceProjectRef(version), undefined);
    assert.equal(accepts.projectSlugRef({ edition: 'other', projectSlug: 'p' }), undefined);
  });

  it('take an edition, a repository URL to fill in, a string', () => {
    assert.equal(accepts.edition('business'), 'business');
    assert.equal(accepts.edition('Business'), undefined);
    assert.equal(accepts.edition(version), undefined);
    assert.deepEqual(accepts.repository({ repositoryUrl: 'https://github.com/o/r' }), { repositoryUrl: 'https://github.com/o/r' });
    assert.equal(accepts.repository({ repositoryUrl: 1 }), undefined);
    assert.equal(accepts.repository(version), undefined);
    assert.equal(accepts.text('https://p.readthedocs.io/'), 'https://p.readthedocs.io/');
    assert.equal(accepts.text(version), undefined);
  });

  it('take the first shape that fits, in the order given', () => {
    const buildArg = accepts.either(accepts.nodeOf('build', 'project'), accepts.buildRef);
    assert.equal(buildArg(build), build);
    assert.equal(buildArg(project), project);
    assert.deepEqual(buildArg({ edition: 'community', projectSlug: 'p', buildId: 7 }), { edition: 'community', projectSlug: 'p', buildId: 7 });
    assert.equal(buildArg(version), undefined);
    for (const value of JUNK) assert.equal(buildArg(value), undefined, JSON.stringify(value));
    const nodeOrText = accepts.either(accepts.node, accepts.text);
    assert.equal(nodeOrText('https://x.test/'), 'https://x.test/');
    assert.equal(nodeOrText(version), version);
  });
});
