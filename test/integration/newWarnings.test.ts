import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { silentLogger } from '../../src/core/log';
import { BranchProblems, type FoundProblems, boundKey } from '../../src/core/logs/branchProblems';
import { BaseWarningsStore, NewWarnings, comparisonText } from '../../src/core/logs/newWarnings';
import { LiveBuilds } from '../../src/core/builds/liveBuilds';
import { PollingBuildWatcher } from '../../src/core/builds/pollingWatcher';
import { SkippedBuilds } from '../../src/core/builds/skippedBuilds';
import { type Project } from '../../src/core/models/project';
import { Emitter } from '../../src/core/util/events';
import { type BoundProject } from '../../src/core/workspace/boundProject';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';
import { MemoryMemento } from '../helpers/memoryMemento';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issue 44 against the sandbox over real HTTP: what comparing, the running command and skipped builds cost in requests. */
describe('client ↔ sandbox: new warnings, the running command, skipped builds', () => {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 300 });
  });
  beforeEach(() => {
    sandbox.reset();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
  });
  afterEach(() => client.dispose());
  after(() => sandbox.close());

  const v2Reads = (id: number) => sandbox.requests.filter((r) => r.path === `/api/v2/build/${id}/`).length;
  const newestFinished = (version: string) => sandbox.db.builds('widgets').filter((b) => b.version === version && b.state === 'finished').sort((a, b) => b.id - a.id)[0]!;

  function policyOn(versionSlug: string | undefined, store: BaseWarningsStore, builtAs?: string) {
    const shown: FoundProblems[] = [];
    const newWarnings = new NewWarnings(store);
    const bound: BoundProject = { edition: 'community', project: { slug: 'widgets', defaultBranch: 'main' } as Project, folderPath: '/ws', branch: 'develop', versionSlug };
    const policy = new BranchProblems({
      bound: { started: true, current: async () => [bound], onDidChange: new Emitter<readonly BoundProject[]>().event },
      clientOf: () => client,
      watcher: { watch: () => undefined, onDidFinish: new Emitter<never>().event },
      sink: { show: async (_key, _b, _build, _log, found) => { shown.push(found); }, clear: () => undefined },
      newWarnings,
      builtAs: builtAs === undefined ? undefined : () => builtAs,
      logger: silentLogger,
    });
    return { policy, shown, newWarnings, key: boundKey(bound) };
  }

  it('a branch: its base build\'s log read once; 0 requests for it when shown again and after a reload; exact counts', async () => {
    const globalState = new MemoryMemento();
    const base = newestFinished('latest');
    const head = newestFinished('develop');
    const first = policyOn('develop', new BaseWarningsStore(globalState));
    await first.policy.refresh();
    const comparison = first.shown[0]!.comparison!;
    assert.equal(comparison.kind, 'compared');
    assert.equal(comparison.kind === 'compared' && comparison.base.id, base.id);
    assert.equal(comparisonText(comparison), '2 new warnings, 1 fixed');
    assert.deepEqual([v2Reads(base.id), v2Reads(head.id)], [1, 1], 'the base log is the one request beyond today\'s');
    await first.policy.refresh();
    assert.deepEqual([v2Reads(base.id), v2Reads(head.id)], [1, 1], 'shown again: no request');
    first.policy.dispose();

    const reloaded = policyOn('develop', new BaseWarningsStore(globalState));
    await reloaded.policy.refresh();
    assert.equal(comparisonText(reloaded.shown[0]!.comparison!), '2 new warnings, 1 fixed');
    assert.equal(v2Reads(base.id), 1, 'after a reload the base warnings come from globalState');
    reloaded.policy.dispose();
  });

  it('a pull request (a branch without a version of its own) is compared too', async () => {
    const t = policyOn(undefined, new BaseWarningsStore(new MemoryMemento()), '1234');
    await t.policy.refresh();
    assert.equal(comparisonText(t.shown[0]!.comparison!), '2 new warnings, 1 fixed');
    t.policy.dispose();
  });

  it('a private base build: no baseline, said why, every warning shown', async () => {
    const base = newestFinished('latest');
    sandbox.db.version('widgets', 'latest')!.privacyLevel = 'private';
    const t = policyOn('develop', new BaseWarningsStore(new MemoryMemento()));
    await t.policy.refresh();
    const found = t.shown[0]!;
    assert.deepEqual(found.comparison && [found.comparison.kind, comparisonText(found.comparison)], ['none', 'no base: the log of latest\'s build is not public (API v2 serves public builds only)']);
    assert.equal(found.problems.length, 9, 'all warnings, as before');
    assert.equal(v2Reads(base.id), 1);
    t.policy.dispose();
  });

  it('a running build: the watcher\'s polls name its command at the same count of requests; a skipped build not watched is known from one notifications read', async () => {
    const watcher = new PollingBuildWatcher({ clientOf: () => client, floorSeconds: () => 0.2, maxSeconds: 0.3, logger: silentLogger, publicDetail: () => true });
    const live = new LiveBuilds({ watcher, clientOf: () => client, logger: silentLogger });
    const skipped = new SkippedBuilds({ clientOf: () => client, watcher, logger: silentLogger });
    const texts: string[] = [];
    live.onDidChange((w) => { const t = live.text('widgets', w.build, 'community'); if (t) texts.push(t); });
    const triggered = await client.builds.trigger('widgets', 'develop');
    const before = sandbox.requests.length;
    watcher.watch('community', 'widgets', triggered.build);
    for (let i = 0; i < 100 && watcher.running.length > 0; i += 1) await sleep(100);
    const polls = sandbox.requests.slice(before);
    assert.ok(polls.length >= 2, `polls: ${polls.map((r) => r.path).join(", ")}`);
    assert.ok(polls.every((r) => r.path === `/api/v2/build/${triggered.build.id}/`), `one v2 request per poll, none else: ${polls.map((r) => r.path).join(', ')}`);
    assert.ok(texts.some((t) => /^(pip install|sphinx-build|python -mvirtualenv|git [a-z]+|asdf global|cat \.readthedocs\.yaml)[^,]*, \d+:\d\d of 15:00$/.test(t)), `the running command named: ${texts.join(' | ')}`);

    const skippedBuild = sandbox.db.builds('widgets').find((b) => b.version === 'experimental' && b.state === 'cancelled')!;
    const asked = sandbox.requests.length;
    assert.equal(await skipped.settle('community', 'widgets', { id: skippedBuild.id, state: 'cancelled' }), true, 'its notifications say exit 183');
    assert.equal(sandbox.requests.length - asked, 1);
    const log = await client.buildLogs.get(skippedBuild.id);
    assert.equal(log.commands.at(-1)?.exitCode, 183);
    watcher.dispose();
    live.dispose();
    skipped.dispose();
  });
});
