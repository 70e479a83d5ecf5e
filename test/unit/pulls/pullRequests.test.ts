import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../../src/core/api/client';
import { type BuildWatcher, type WatchedBuild } from '../../../src/core/builds/watcher';
import { type FetchDocsFile } from '../../../src/core/inventory/docsFile';
import { type Build } from '../../../src/core/models/build';
import { parseProject } from '../../../src/core/models/project';
import { parseVersion } from '../../../src/core/models/version';
import { parseRedirect } from '../../../src/core/models/redirect';
import { type BranchHints } from '../../../src/core/pulls/discovery';
import { PullRequests, type PullRequestsOptions } from '../../../src/core/pulls/pullRequests';
import { RULE_DEFAULTS, type RedirectRule } from '../../../src/core/redirects/rule';
import { Emitter } from '../../../src/core/util/events';
import { type WorkspaceProject } from '../../../src/core/workspace/binding';
import { HEAD, fakeBuilds, prBuild } from './builders';

const project = parseProject({ id: 1, slug: 'widgets', name: 'Widgets', repository: { url: 'https://github.com/example-org/widgets', type: 'git' }, urls: { documentation: 'https://widgets.readthedocs.io/en/stable/' } });
const bound = (branch: string, own?: string): WorkspaceProject => ({
  edition: 'community', project, folderPath: '/w', branch, versionSlug: own, by: 'remote',
  branchVersion: own ? { kind: 'active', branch, version: parseVersion({ id: 2, slug: own, verbose_name: branch, identifier: branch, active: true, type: 'branch' }) } : { kind: 'missing', branch },
});

function setup(builds: Build[], hints: Record<string, BranchHints>, addons: unknown = { versions: { current: { urls: { documentation: 'https://widgets--1234.org.readthedocs.build/en/1234/' } } } }, extra: Partial<PullRequestsOptions> = {}, redirects: unknown[] = []) {
  const api = fakeBuilds(builds);
  const updates = new Emitter<WatchedBuild>();
  const watched: number[] = [];
  const watcher = { onDidStartWatching: new Emitter<WatchedBuild>().event, onDidUpdate: updates.event, watch: (_e: string, _p: string, b: Build) => { watched.push(b.id); } } as unknown as BuildWatcher;
  const fetched: string[] = [];
  const fetchDocsFile: FetchDocsFile = async (url) => { fetched.push(url); return addons === null ? { status: 'missing' } : { status: 'ok', bytes: Buffer.from(JSON.stringify(addons)), validators: {} }; };
  const logger = { debug() {}, info() {}, warn() {}, error() {} } as never;
  const prs = new PullRequests({
    editions: { client: () => ({ builds: api, redirects: { list: async () => ({ items: redirects.map((r) => parseRedirect(r)) }) } }) as unknown as ReadTheDocsClient },
    watcher, fetchDocsFile, logger, ...extra,
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

  const deletedDiff = (filenames: string[]) => ({ addons: { filetreediff: { enabled: true, outdated: false, diff: { added: [], modified: [], deleted: filenames.map((filename) => ({ filename, urls: { base: `https://widgets.readthedocs.io/en/latest/${filename}` } })) } } } });
  const pageRule = (fromUrl: string, toUrl: string): RedirectRule => ({ ...RULE_DEFAULTS, type: 'page', fromUrl, toUrl });

  it('counts the redirects file\'s rules with the server\'s, and checks again (no request) when the file changes', async () => {
    const fileChanged = new Emitter<string>();
    let fileRules: RedirectRule[] = [pageRule('/old-install.html', '/install.html')];
    const { prs, api } = setup([prBuild(9, '1234')], { pr: { pullRequest: '1234', head: HEAD } }, deletedDiff(['glossary.html', 'old-install.html', 'faq.html']), {
      fileRedirects: { rules: async (folder) => (folder === '/w' ? fileRules : []), onDidChange: fileChanged.event },
    }, [{ pk: 1, type: 'page', from_url: '/faq.html', to_url: '/help.html', position: 0, http_status: 302, force: false, enabled: true, description: '' }]);
    await prs.follow(bound('pr'));
    await settle(); await settle();
    assert.deepEqual(prs.held(bound('pr'))?.uncaughtDeletions?.map((p) => p.filename), ['glossary.html']);
    assert.deepEqual(prs.uncaughtIn('/w').map((pr) => [pr.pullRequest, pr.pages.map((p) => p.filename), pr.deleted]), [['1234', ['glossary.html'], ['glossary.html', 'old-install.html', 'faq.html']]]);
    const calls = api.calls.length;
    let changes = 0;
    prs.onDidChange(() => changes++);
    fileRules = [...fileRules, pageRule('/unrelated.html', '/')];
    fileChanged.fire('/w');
    await settle();
    assert.equal(changes, 0, 'a change of the file that catches nothing new is no change');
    fileRules = [...fileRules, pageRule('/glossary.html', '/')];
    fileChanged.fire('/w');
    await settle();
    assert.deepEqual(prs.held(bound('pr'))?.uncaughtDeletions, []);
    assert.deepEqual(prs.uncaughtIn('/w'), []);
    assert.equal(changes, 1);
    assert.equal(api.calls.length, calls);
  });

  it('reads the deleted pages from git (against the default branch) when the server has no diff', async () => {
    const asked: [string, string][] = [];
    const gitProject = { ...project, defaultBranch: 'main' };
    const { prs } = setup([prBuild(9, '1234')], { pr: { pullRequest: '1234', head: HEAD } }, null, {
      localDeletions: async (folder, base) => { asked.push([folder, base]); return [{ filename: 'glossary.html', current: undefined, base: undefined }]; },
    });
    const onBranch = { ...bound('pr'), project: gitProject };
    await prs.follow(onBranch);
    await settle(); await settle();
    assert.deepEqual(asked, [['/w', 'main']]);
    assert.deepEqual(prs.held(onBranch)?.uncaughtDeletions, [{ filename: 'glossary.html', url: '/en/latest/glossary.html' }]);
  });
});
