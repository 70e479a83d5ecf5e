import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Edition, type ReadTheDocsClient } from '../../src/core/api/client';
import { BuildNotTriggeredError } from '../../src/core/api/errors';
import { silentLogger } from '../../src/core/log';
import { realClock } from '../../src/core/util/clock';
import { Emitter } from '../../src/core/util/events';
import { WorkspaceBinding } from '../../src/core/workspace/binding';
import { resolveBranchVersion } from '../../src/core/workspace/branchVersion';
import { folderRepositoryFromDisk } from '../../src/core/workspace/gitDirectory';
import { ProjectCatalog } from '../../src/core/workspace/projectCatalog';
import { syncVersionsUntilBranch } from '../../src/core/workspace/syncVersions';
import { clientFor } from '../helpers/clientFor';
import { ManualClock } from '../helpers/manualClock';
import { gitIn } from '../helpers/git';
import { type Sandbox, startSandbox } from '../sandbox';

function pushed<T>(list: T[], item: T): T {
  list.push(item);
  return item;
}

/** The workspace binding from a real git repository against the sandbox over real HTTP: what it binds and what it costs. */
describe('workspace binding ↔ sandbox', () => {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;
  let dir: string;
  let repo: string;
  let entries: string[];
  const folderChanged = new Emitter<void>();
  const editionsChanged = new Emitter<void>();
  const git = (...args: string[]) => gitIn(repo)(...args);
  const editions = { signedIn: ['community'] as Edition[], ensureTokens: async () => undefined, client: () => client, onDidChange: editionsChanged.event };
  const gets = (path: RegExp) => sandbox.requests.filter((r) => r.method === 'GET' && path.test(r.path));

  const made: WorkspaceBinding[] = [];
  function makeBinding(catalog = new ProjectCatalog(editions)): WorkspaceBinding {
    return pushed(made, new WorkspaceBinding({
      editions,
      catalog,
      folders: { folders: async () => [await folderRepositoryFromDisk(repo)], onDidChange: folderChanged.event },
      entries: () => entries,
      logger: silentLogger,
    }));
  }

  before(async () => { sandbox = await startSandbox({ buildStepMs: 20 }); });
  after(async () => { await sandbox.close(); });
  beforeEach(() => {
    sandbox.reset();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
    entries = [];
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'rtd-bind-')));
    repo = dir;
    git('init', '-q', '-b', 'main');
    git('remote', 'add', 'origin', 'git@github.com:Example-Org/widgets.git');
    writeFileSync(join(repo, 'index.rst'), 'Widgets\n=======\n');
    git('add', '.');
    git('commit', '-q', '-m', 'docs');
  });
  afterEach(() => {
    // A binding left alive would answer the next test's events (and send requests).
    for (const binding of made.splice(0)) binding.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('binds the clone to widgets with latest on the default branch: one list request, one version request', async () => {
    const binding = makeBinding();
    const projects = await binding.current();
    assert.deepEqual(projects.map((p) => [p.edition, p.project.slug, p.folderPath, p.branch, p.versionSlug]), [['community', 'widgets', repo, 'main', 'latest']]);
    assert.equal(gets(/^\/api\/v3\/projects\/$/).length, 1);
    assert.equal(gets(/\/versions\//).length, 1);
    binding.dispose();
  });

  it('costs no request when the list is already loaded and the branch known', async () => {
    const catalog = new ProjectCatalog(editions);
    await catalog.projects('community');
    const binding = makeBinding(catalog);
    sandbox.clearLog();
    await binding.current();
    assert.equal(gets(/^\/api\/v3\/projects\/$/).length, 0, 'no list request');
    sandbox.clearLog();
    folderChanged.fire();
    await binding.currentState();
    assert.equal(sandbox.requests.length, 0, 'a recomputation with nothing new sends nothing');
    binding.dispose();
  });

  it('follows a checkout: the branch\'s own version, an inactive one, none; fires onDidChange', async () => {
    const binding = makeBinding();
    await binding.current();
    const seen: (string | undefined)[] = [];
    binding.onDidChange((projects) => seen.push(projects[0]?.branchVersion?.kind));
    for (const [branch, kind, slug] of [['develop', 'active', 'develop'], ['feature/dark-mode', 'inactive', undefined], ['docs/new-guide', 'missing', undefined]] as const) {
      git('checkout', '-q', '-b', branch);
      folderChanged.fire();
      const [bound] = await binding.current();
      assert.equal(bound?.branch, branch);
      assert.equal(bound?.branchVersion?.kind, kind, branch);
      assert.equal(bound?.versionSlug, slug);
    }
    assert.deepEqual(seen, ['active', 'inactive', 'missing']);
    binding.dispose();
  });

  it('adds and drops projects through readthedocs.projects entries', async () => {
    entries = ['community/gadget-docs', '!community/widgets', 'community/others-project'];
    const projects = await makeBinding().current();
    // others-project is not in the owner's list: read by its detail (public), bound all the same.
    assert.deepEqual(projects.map((p) => [p.project.slug, p.by]), [['gadget-docs', 'setting'], ['others-project', 'setting']]);
  });

  it('lists an unbound clone as unmatched (import offer) and sends nothing without remotes', async () => {
    git('remote', 'set-url', 'origin', 'https://github.com/example-org/sprockets.git');
    const state = await makeBinding().currentState();
    assert.deepEqual(state.projects, []);
    assert.deepEqual(state.unmatched.map((f) => f.folderPath), [repo]);
    git('remote', 'remove', 'origin');
    sandbox.clearLog();
    const none = await makeBinding().currentState();
    assert.deepEqual([none.projects, none.unmatched], [[], []]);
    assert.equal(sandbox.requests.length, 0);
  });

  it('binds nothing and sends nothing while signed out; Refresh lists again', async () => {
    const binding = makeBinding();
    await binding.current();
    editions.signedIn = [];
    editionsChanged.fire();
    sandbox.clearLog();
    const out = await binding.currentState();
    assert.deepEqual([out.projects, out.unmatched, sandbox.requests.length], [[], [], 0]);
    editions.signedIn = ['community'];
    sandbox.clearLog();
    await binding.refresh();
    assert.equal(gets(/^\/api\/v3\/projects\/$/).length, 1, 'Refresh reads the list again');
    assert.equal(gets(/\/versions\//).length, 1, 'and the version');
    binding.dispose();
  });

  it('Refresh is a person\'s click: it goes ahead of background work that used up its share of the budget', async () => {
    // 10 a minute: background work may use 8 of them, a click all 10. The window never moves here.
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner, requestsPerMinute: 10, clock: new ManualClock() });
    const binding = makeBinding();
    await binding.current();
    for (let i = 0; i < 6; i++) await client.projects.get('widgets', {}, { priority: 'background' });
    assert.equal(sandbox.requests.length, 8, 'the background share is used up');
    let settled = false;
    void binding.forgetVersions('community', 'widgets').then(() => { settled = true; });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(settled, false, 'a recomputation after a write waits for the window');
    sandbox.clearLog();
    const state = await binding.refresh();
    assert.deepEqual(state.projects.map((p) => [p.project.slug, p.versionSlug]), [['widgets', 'latest']]);
    assert.deepEqual(sandbox.requests.map((r) => r.path), ['/api/v3/projects/', '/api/v3/projects/widgets/versions/latest/'], 'Refresh went out at once');
    binding.dispose();
  });

  it('Sync Versions: one POST, then the branch shows as an inactive version after a re-read or two', async () => {
    const project = await client.projects.get('widgets');
    const before = await resolveBranchVersion(client.versions, project, 'docs/new-guide');
    assert.equal(before.kind, 'missing');
    sandbox.clearLog();
    const outcome = await syncVersionsUntilBranch({
      projects: client.projects, projectSlug: 'widgets', clock: realClock, delays: [0.01, 0.05, 0.1, 0.2],
      readBranch: () => resolveBranchVersion(client.versions, project, 'docs/new-guide'),
    });
    assert.equal(outcome.kind, 'found');
    assert.equal(outcome.kind === 'found' && outcome.result.kind, 'inactive');
    assert.equal(outcome.kind === 'found' && outcome.result.version.slug, 'docs-new-guide');
    assert.equal(sandbox.requests.filter((r) => r.method === 'POST').length, 1);
  });

  it('Sync Versions gives up after its re-reads, and a refused sync throws without re-reads', async () => {
    const project = await client.projects.get('widgets');
    const outcome = await syncVersionsUntilBranch({
      projects: client.projects, projectSlug: 'widgets', clock: realClock, delays: [0.001, 0.001],
      readBranch: () => resolveBranchVersion(client.versions, project, 'not-in-the-repository'),
    });
    assert.deepEqual(outcome, { kind: 'notYet', reads: 2 });
    sandbox.clearLog();
    await assert.rejects(syncVersionsUntilBranch({
      projects: client.projects, projectSlug: 'legacy-widgets', clock: realClock, delays: [0.001],
      readBranch: () => { throw new Error('must not re-read'); },
    }), BuildNotTriggeredError);
    assert.equal(sandbox.requests.length, 1);
  });
});
