// Pull requests against the sandbox over real HTTP: PR versions hidden from versions/, their builds found by
// the nested list and by ?commit=, the rebuild POST, and the addons API on the loopback docs origin.

import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { NotFoundError } from '../../src/core/api/errors';
import { type BuildWatcher } from '../../src/core/builds/watcher';
import { docsFileFetcher } from '../../src/core/inventory/docsFile';
import { silentLogger } from '../../src/core/log';
import { addonsUrl, readAddons } from '../../src/core/pulls/addons';
import { findPullRequestBuilds } from '../../src/core/pulls/discovery';
import { PullRequests } from '../../src/core/pulls/pullRequests';
import { Emitter } from '../../src/core/util/events';
import { type WorkspaceProject } from '../../src/core/workspace/binding';
import { clientFor } from '../helpers/clientFor';
import { type Sandbox, startSandbox } from '../sandbox';
import { sha1Hex } from '../sandbox/hash';

const PR_HEAD = sha1Hex('widgets:pr-1234');

describe('pull requests ↔ sandbox', function () {
  this.timeout(20_000);
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;
  const fetchDocsFile = () => docsFileFetcher(() => client.transport, 'addonsJson');

  before(async () => { sandbox = await startSandbox({ loopbackDocs: true, buildStepMs: 20 }); });
  after(async () => { await sandbox.close(); });
  beforeEach(() => {
    sandbox.reset();
    sandbox.clearLog();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
  });
  afterEach(async () => { await client.dispose(); });

  it('hides pull-request versions from versions/ but lists their builds in builds/, ?commit= and the nested list', async () => {
    const versions = await client.versions.list('widgets');
    assert.ok(!versions.items.some((v) => v.slug === '1234' || v.slug === '1240'));
    await assert.rejects(client.versions.get('widgets', '1234'), NotFoundError);
    const all = await client.builds.list('widgets');
    assert.ok(all.items.some((b) => b.version === '1234') && all.items.some((b) => b.version === '1240'));
    const ofCommit = await client.builds.list('widgets', { commit: PR_HEAD });
    assert.ok(ofCommit.items.length > 0 && ofCommit.items.every((b) => b.version === '1234' && b.commit === PR_HEAD));
    const nested = await client.builds.listOfVersion('widgets', '1234');
    assert.deepEqual(nested.items.map((b) => b.success), [true, false], 'newest first: passed after a failure');
  });

  it('finds the pull request in one request, by its number or by the HEAD commit', async () => {
    const byNumber = await findPullRequestBuilds(client.builds, 'widgets', { pullRequest: '1234', head: undefined }, undefined);
    assert.equal(byNumber?.number, '1234');
    const byCommit = await findPullRequestBuilds(client.builds, 'widgets', { pullRequest: undefined, head: PR_HEAD }, undefined);
    assert.deepEqual([byCommit?.number, byCommit?.foundBy], ['1234', 'commit']);
    assert.deepEqual(sandbox.requests.map((r) => `${r.method} ${r.path}`), ['GET /api/v3/projects/widgets/versions/1234/builds/', 'GET /api/v3/projects/widgets/builds/']);
  });

  it('rebuilds the commit of the pull request\'s last build with one POST; a pull request without a version is a 404', async () => {
    const { build } = await client.builds.trigger('widgets', '1234');
    assert.equal(build.version, '1234');
    assert.equal((await client.builds.get('widgets', build.id)).commit, PR_HEAD);
    await assert.rejects(client.builds.trigger('widgets', '99999'), NotFoundError);
    assert.equal(sandbox.requests.filter((r) => r.method === 'POST').length, 2);
  });

  it('the docs host\'s addons API gives the preview root and the changed pages, without a token', async () => {
    const docs = (await client.projects.get('widgets')).urls.documentation!;
    sandbox.clearLog();
    const addons = await readAddons(fetchDocsFile(), addonsUrl(docs, 'widgets', '1234')!);
    const origin = sandbox.docsOrigins.get('widgets')!;
    assert.equal(addons?.documentationUrl, `${origin}/en/1234/`);
    assert.equal(addons?.diff?.outdated, true);
    assert.deepEqual(addons?.diff?.added.map((p) => [p.filename, p.current, p.base]), [['tutorial-advanced.html', `${origin}/en/1234/tutorial-advanced.html`, `${origin}/en/latest/tutorial-advanced.html`]]);
    assert.deepEqual(addons?.diff?.modified.map((p) => p.filename), ['usage.html']);
    assert.deepEqual(addons?.diff?.deleted.map((p) => p.filename), ['glossary.html', 'old-install.html']);
    const [request] = sandbox.requests;
    assert.equal(request?.authorization, undefined, 'no token to a docs host');
    const branch = await readAddons(fetchDocsFile(), addonsUrl(docs, 'widgets', 'latest')!);
    assert.equal(branch?.diff, undefined, 'no diff for a branch version');
    assert.equal(await readAddons(fetchDocsFile(), addonsUrl(docs, 'widgets', '4321')!), undefined);
  });

  it('the pull request whose build failed on warnings has a log with Sphinx warnings', async () => {
    const [failed] = (await client.builds.listOfVersion('widgets', '1240')).items;
    assert.equal(failed?.success, false);
    const log = await client.buildLogs.get(failed!.id);
    assert.match(JSON.stringify(log), /WARNING/);
  });

  it('PullRequests: two requests from the checkout to the row (versions by the binding, builds here), none while idle; the addons and redirects once, for the deleted pages no redirect catches', async () => {
    const project = await client.projects.get('widgets');
    const watcher = { onDidStartWatching: new Emitter().event, onDidUpdate: new Emitter().event, watch() {} } as unknown as BuildWatcher;
    const prs = new PullRequests({ editions: { client: () => client }, watcher, fetchDocsFile: fetchDocsFile(), logger: silentLogger, readHints: async () => ({ pullRequest: '1234', head: PR_HEAD }) });
    const bound: WorkspaceProject = { edition: 'community', project, folderPath: '/w', branch: 'docs/new-guide', versionSlug: undefined, by: 'remote', branchVersion: { kind: 'missing', branch: 'docs/new-guide' } };
    sandbox.clearLog();
    const changed = new Promise<void>((resolve) => { const s = prs.onDidChange(() => { if (prs.held(bound)?.addons) { s.dispose(); resolve(); } }); });
    await prs.follow(bound);
    await changed;
    await prs.follow(bound);
    assert.deepEqual(sandbox.requests.map((r) => r.path), ['/api/v3/projects/widgets/versions/1234/builds/', '/_/addons/', '/api/v3/projects/widgets/redirects/']);
    assert.deepEqual(prs.held(bound)?.uncaughtDeletions?.map((p) => p.filename), ['glossary.html'], 'old-install.html is caught by the page redirect');
    prs.dispose();
  });
});
