import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../../src/core/api/client';
import { type BuildWatcher, type WatchedBuild } from '../../../src/core/builds/watcher';
import { type FetchDocsFile } from '../../../src/core/inventory/docsFile';
import { type Build } from '../../../src/core/models/build';
import { parseProject } from '../../../src/core/models/project';
import { parseVersion } from '../../../src/core/models/version';
import { type BranchHints } from '../../../src/core/pulls/discovery';
import { PullRequests } from '../../../src/core/pulls/pullRequests';
import { Emitter } from '../../../src/core/util/events';
import { type WorkspaceProject } from '../../../src/core/workspace/binding';
import { HEAD, fakeBuilds, prBuild } from './builders';

const project = parseProject({ id: 1, slug: 'widgets', name: 'Widgets', repository: { url: 'https://github.com/example-org/widgets', type: 'git' }, urls: { documentation: 'https://widgets.readthedocs.io/en/stable/' } });
const bound = (branch: string, own?: string): WorkspaceProject => ({
  edition: 'community', project, folderPath: '/w', branch, versionSlug: own, by: 'remote',
  branchVersion: own ? { kind: 'active', branch, version: parseVersion({ id: 2, slug: own, verbose_name: branch, identifier: branch, active: true, type: 'branch' }) } : { kind: 'missing', branch },
});

function setup(builds: Build[], hints: Record<string, BranchHints>, addons: unknown = { versions: { current: { urls: { documentation: 'https://widgets--1234.org.readthedocs.build/en/1234/' } } } }) {
  const api = fakeBuilds(builds);
  const updates = new Emitter<WatchedBuild>();
  const watched: number[] = [];
  const watcher = { onDidUpdate: updates.event, watch: (_e: string, _p: string, b: Build) => { watched.push(b.id); } } as unknown as BuildWatcher;
  const fetched: string[] = [];
  const fetchDocsFile: FetchDocsFile = async (url) => { fetched.push(url); return addons === null ? { status: 'missing' } : { status: 'ok', bytes: Buffer.from(JSON.stringify(addons)), validators: {} }; };
  const logger = { debug() {}, info() {}, warn() {}, error() {} } as never;
  const prs = new PullRequests({
    editions: { client: () => ({ builds: api }) as unknown as ReadTheDocsClient },
    watcher, fetchDocsFile, logger,
    readHints: async (_folder, branch) => hints[branch] ?? { pullRequest: undefined, head: undefined },
  });
  return { prs, api, watched, fetched, updates };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PullRequests: the pull request of each bound project\'s branch', () => {
  it('costs one request per checkout and none while nothing changes', async () => {
    const { prs, api } = setup([prBuild(9, '1234')], { 'docs/new-guide': { pullRequest: '1234', head: HEAD } });
    await prs.follow(bound('docs/new-guide'));
    await prs.follow(bound('docs/new-guide'));
    await prs.follow(bound('docs/new-guide'));
    assert.deepEqual(api.calls, ['versions/1234/builds/']);
    assert.equal(prs.held(bound('docs/new-guide'))?.number, '1234');
    await prs.follow(bound('main', 'latest'));
    assert.equal(prs.held(bound('main', 'latest')), undefined);
    assert.deepEqual(api.calls, ['versions/1234/builds/'], 'a branch with its own version and no pull request in git config asks nothing');
  });

  it('hands a running build to the watcher, follows its updates, and reads the addons once it is final', async () => {
    const { prs, watched, fetched, updates } = setup([prBuild(9, '1234', 'building', null)], { pr: { pullRequest: '1234', head: HEAD } });
    await prs.follow(bound('pr'));
    assert.deepEqual(watched, [9]);
    assert.deepEqual(fetched, []);
    updates.fire({ edition: 'community', projectSlug: 'widgets', build: prBuild(9, '1234'), startedHere: false });
    updates.fire({ edition: 'community', projectSlug: 'widgets', build: prBuild(9, '1234'), startedHere: false });
    await settle();
    assert.deepEqual(fetched, ['https://widgets.readthedocs.io/_/addons/?api-version=1&project-slug=widgets&version-slug=1234']);
    const held = prs.held(bound('pr'))!;
    assert.equal(held.builds[0]!.state, 'finished');
    assert.deepEqual(held.addons, { documentationUrl: 'https://widgets--1234.org.readthedocs.build/en/1234/', diff: undefined });
  });

  it('finds a pull request through the HEAD commit when git config names none, and marks a preview the docs host does not show', async () => {
    const { prs, api } = setup([prBuild(10, '88')], { feature: { pullRequest: undefined, head: HEAD } }, null);
    await prs.follow(bound('feature'));
    await settle();
    assert.deepEqual(api.calls, [`builds/?commit=${HEAD}`]);
    assert.equal(prs.held(bound('feature'))?.foundBy, 'commit');
    assert.equal(prs.held(bound('feature'))?.addons, 'unreadable');
  });
});
