import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { BuildTimesService } from '../../src/core/buildTimes/buildTimesService';
import { FIGURES_STORE_PREFIX, FiguresCache } from '../../src/core/buildTimes/figuresCache';
import { describeError } from '../../src/core/api/describeError';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';
import { MemoryMemento } from '../helpers/memoryMemento';


/** Build Times against the sandbox over real HTTP: request counts, the persisted cache, private builds, 429. */
describe('client ↔ sandbox: build times', () => {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;
  const target = { edition: 'community', projectSlug: 'widgets', versionSlug: 'latest' } as const;
  const serviceOf = (storage: MemoryMemento) => new BuildTimesService({ clientOf: () => ({ client, origin: sandbox.origin }), cache: new FiguresCache(storage) });
  const apiRequests = () => sandbox.requests.filter((r) => r.path.startsWith('/api/'));

  before(async () => { sandbox = await startSandbox({ buildStepMs: 100 }); });
  beforeEach(() => {
    sandbox.reset();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
  });
  afterEach(() => client.dispose());
  after(() => sandbox.close());

  it('first open of N builds: N+1 requests (a failed public build\'s reason from its v2 detail); reopen 0; after a reload (persisted) only the list', async () => {
    const storage = new MemoryMemento();
    const service = serviceOf(storage);
    const count = 20;
    const times = await service.read(target, count);
    const shown = times.builds.length;
    assert.ok(shown >= 15, `${shown} builds`);
    assert.ok(times.builds.filter((b) => b.outcome === 'failed').length >= 2, 'failed builds among them');
    const first = apiRequests();
    assert.equal(first.filter((r) => r.path.startsWith('/api/v2/')).length, shown);
    assert.equal(first.filter((r) => r.path.endsWith('/notifications/')).length, 0);
    assert.equal(first.length, shown + 1);
    assert.equal(first[0].query.limit, String(count));
    assert.ok(first.filter((r) => r.path.startsWith('/api/v2/')).every((r) => !r.authorization), 'no token to /api/v2/');

    // The seeded running build is not final: its figures are read again; every other costs nothing.
    const running = times.builds.filter((b) => b.outcome === 'running').map((b) => `/api/v2/build/${b.id}/`);
    assert.equal(running.length, 1);
    sandbox.clearLog();
    const again = await service.read(target, count);
    assert.deepEqual(apiRequests().map((r) => r.path), running, 'reopen reads only what still runs');
    assert.deepEqual(again.builds.filter((b) => b.outcome !== 'running'), times.builds.filter((b) => b.outcome !== 'running'));

    // A new window: the figures come back from storage, the list is read again, no build.
    const reloaded = serviceOf(storage);
    assert.equal(storage.keys().filter((k) => k.startsWith(FIGURES_STORE_PREFIX)).length, shown - running.length, 'each final build under its own key');
    sandbox.clearLog();
    await reloaded.read(target, count);
    assert.deepEqual(apiRequests().map((r) => r.path), ['/api/v3/projects/widgets/versions/latest/builds/', ...running]);
  });

  it('a new build costs only its own requests; with no running build a reopen costs none', async () => {
    for (const b of sandbox.db.builds('widgets')) if (b.state === 'building') Object.assign(b, { state: 'finished', success: true, duration: 120 });
    const storage = new MemoryMemento();
    const service = serviceOf(storage);
    await service.read(target, 20);
    sandbox.clearLog();
    await service.read(target, 20);
    assert.equal(apiRequests().length, 0, 'reopen: 0 requests');
    const build = await client.builds.trigger('widgets', 'latest');
    await new Promise((resolve) => setTimeout(resolve, 800)); // the sandbox runs it to the end
    sandbox.clearLog();
    const times = await serviceOf(storage).read(target, 20);
    assert.equal(times.builds[0].id, build.build.id);
    const paths = apiRequests().map((r) => r.path);
    assert.deepEqual(paths.sort(), ['/api/v2/build/' + build.build.id + '/', '/api/v3/projects/widgets/versions/latest/builds/'].sort());
  });

  it('the sandbox\'s figures: queue waits (unknown before the field), steps, the time-out, the memory failure, the growth, the half-speed day, totals = v3 durations', async () => {
    const times = await serviceOf(new MemoryMemento()).read(target, 20);
    const v3 = sandbox.db.builds('widgets').filter((b) => b.version === 'latest');
    for (const figures of times.builds) {
      const record = v3.find((b) => b.id === figures.id)!;
      if (figures.steps && record.duration) {
        const sum = figures.steps.reduce((a, s) => a + s.seconds, 0);
        assert.ok(Math.abs(sum - record.duration) <= 1, `#${figures.id}: ${sum} vs ${record.duration}`);
      }
    }
    assert.ok(times.builds.some((b) => b.queueSeconds === undefined && b.steps), 'an older build without task_executed_at');
    assert.ok(times.builds.some((b) => b.flags.timeOut));
    assert.ok(times.builds.some((b) => b.flags.memory));
    assert.ok(times.builds.some((b) => b.flags.concurrency));
    assert.deepEqual(times.analysis.grown.map((g) => g.step.kind), ['install']);
    assert.equal(times.analysis.slowThroughout.length, 1);
  });

  it('private builds: no per-step times (v2 answers 404), v3\'s duration, state and notifications kept, cached as such', async () => {
    sandbox.db.addVersion('widgets', { slug: 'internal', privacyLevel: 'private' });
    const ok = sandbox.db.addBuild({ project: 'widgets', version: 'internal', duration: 70, created: Date.now() - 3_600_000 });
    const failed = sandbox.db.addBuild({ project: 'widgets', version: 'internal', success: false, duration: 901, created: Date.now() - 1_800_000 });
    sandbox.db.addNotification({ build: failed.id, messageId: 'build:user:time-out', header: 'Build terminated due to time out', body: 'time out', type: 'error' });
    const storage = new MemoryMemento();
    const times = await serviceOf(storage).read({ ...target, versionSlug: 'internal' }, 20);
    assert.deepEqual(times.builds.map((b) => [b.id, b.missing, b.totalSeconds, b.flags.timeOut, b.notices]), [[failed.id, 'private', 901, true, ['build:user:time-out']], [ok.id, 'private', 70, false, []]]);
    assert.equal(sandbox.requests.filter((r) => r.path.endsWith('/notifications/')).length, 1, 'the reason read for the failed private build only');
    sandbox.clearLog();
    await serviceOf(storage).read({ ...target, versionSlug: 'internal' }, 20);
    assert.equal(apiRequests().length, 1, 'only the list: private figures are final too');
  });

  it('a 429 on a build\'s detail is honoured (Retry-After waited, then read) through the one budget', async () => {
    const build = sandbox.db.builds('widgets').filter((b) => b.version === 'latest').sort((a, b) => b.id - a.id)[1];
    sandbox.addFault({ path: `/api/v2/build/${build.id}/`, kind: 'status', status: 429, headers: { 'Retry-After': '1' }, body: { detail: 'Request was throttled. Expected available in 1 second.' } });
    const started = Date.now();
    const times = await serviceOf(new MemoryMemento()).read(target, 5);
    assert.ok(times.builds.find((b) => b.id === build.id)!.steps, 'read after the wait');
    const hits = sandbox.requests.filter((r) => r.path === `/api/v2/build/${build.id}/`);
    assert.deepEqual(hits.map((r) => r.status), [429, 200]);
    assert.ok(Date.now() - started >= 1000, 'waited for Retry-After');
  });

  it('a server error on a detail leaves that build without steps (not cached); a failed list is the caller\'s error', async () => {
    const build = sandbox.db.builds('widgets').filter((b) => b.version === 'latest').sort((a, b) => b.id - a.id)[0];
    sandbox.addFault({ path: `/api/v2/build/${build.id}/`, kind: 'html', status: 500, times: Infinity });
    const storage = new MemoryMemento();
    const times = await serviceOf(storage).read(target, 3);
    assert.equal(times.builds[0].missing, 'unavailable');
    sandbox.clearFaults();
    sandbox.clearLog();
    await serviceOf(storage).read(target, 3);
    assert.deepEqual(apiRequests().filter((r) => r.path.startsWith('/api/v2/')).map((r) => r.path), [`/api/v2/build/${build.id}/`]);
    sandbox.addFault({ path: '/api/v3/projects/widgets/versions/latest/builds/', kind: 'status', status: 404, times: Infinity, body: { detail: 'Not found.' } });
    await assert.rejects(serviceOf(new MemoryMemento()).read(target, 3));
  });

  it('every failure of the list is a typed error in words; a detail that fails for another reason than privacy is not cached', async () => {
    const listPath = '/api/v3/projects/widgets/versions/latest/builds/';
    const cases: [string, () => void, RegExp][] = [
      ['401', () => sandbox.addFault({ path: listPath, kind: 'status', status: 401, times: Infinity, body: { detail: 'Invalid token.' } }), /token|sign in/i],
      ['403', () => sandbox.addFault({ path: listPath, kind: 'status', status: 403, times: Infinity, body: { detail: 'You do not have permission to perform this action.' } }), /permission|not allowed|forbid/i],
      ['404', () => sandbox.addFault({ path: listPath, kind: 'status', status: 404, times: Infinity, body: { detail: 'Not found.' } }), /not found|does not exist|private/i],
      ['429', () => sandbox.addFault({ path: listPath, kind: 'status', status: 429, times: Infinity, headers: { 'Retry-After': '120' }, body: { detail: 'Request was throttled. Expected available in 120 seconds.' } }), /120|minute|wait|too many/i],
      ['502 HTML', () => sandbox.addFault({ path: listPath, kind: 'html', status: 502, times: Infinity }), /502|server/i],
      ['dropped', () => sandbox.addFault({ path: listPath, kind: 'drop', times: Infinity }), /connection|network|reach/i],
      ['timeout', () => sandbox.addFault({ path: listPath, kind: 'delay', delayMs: 2000, times: Infinity }), /time|respond/i],
    ];
    for (const [name, fault, words] of cases) {
      sandbox.reset();
      const quick = clientFor(sandbox.origin, { token: sandbox.tokens.owner, timeoutMs: 500, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterSeconds: 0 } });
      fault();
      const service = new BuildTimesService({ clientOf: () => ({ client: quick, origin: sandbox.origin }), cache: new FiguresCache(new MemoryMemento()) });
      const error = await service.read(target, 5).then(() => undefined, (e: unknown) => e);
      await quick.dispose();
      assert.ok(error instanceof Error, `${name}: rejected`);
      assert.match(describeError(error, { action: 'reading the build times of widgets (latest)' }), words, name);
    }
    // Details: a dropped connection leaves the build without steps and unread next time; a 403 is "not public".
    sandbox.reset();
    const [newest, second] = sandbox.db.builds('widgets').filter((b) => b.version === 'latest' && b.state === 'finished').sort((a, b) => b.id - a.id);
    sandbox.addFault({ path: `/api/v2/build/${newest.id}/`, kind: 'drop', times: Infinity });
    sandbox.addFault({ path: `/api/v2/build/${second.id}/`, kind: 'status', status: 403, times: Infinity, body: { detail: 'Forbidden' } });
    const storage = new MemoryMemento();
    const times = await serviceOf(storage).read(target, 4);
    assert.equal(times.builds.find((b) => b.id === newest.id)!.missing, 'unavailable');
    assert.equal(times.builds.find((b) => b.id === second.id)!.missing, 'private');
  });

  it('the sandbox\'s concurrency hold: triggered with the notification for its retries, then it runs, the notification gone, the queue wait in v2', async () => {
    const control = await fetch(`${sandbox.origin}/_sandbox/hold-next-build`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ project: 'widgets', version: 'latest', limit: 2, retries: 2, retryMs: 150, waitedSeconds: 960 }) });
    assert.equal(control.status, 204);
    const { build } = await client.builds.trigger('widgets', 'latest');
    const waiting = await client.builds.get('widgets', build.id);
    assert.equal(waiting.state, 'triggered');
    const [notice] = (await client.builds.notifications('widgets', build.id)).items;
    assert.equal(notice.messageId, 'build:user:concurrency-limit-reached');
    assert.match(notice.bodyHtml, /\(2\)/);
    assert.equal((await client.buildLogs.get(build.id)).taskExecutedAt, undefined, 'not started: no task_executed_at');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const done = await client.builds.get('widgets', build.id);
    assert.equal(done.state, 'finished');
    assert.deepEqual((await client.builds.notifications('widgets', build.id)).items.map((n) => n.messageId), []);
    const log = await client.buildLogs.get(build.id);
    const queue = (Date.parse(log.taskExecutedAt!) - Date.parse(log.date!)) / 1000;
    assert.ok(queue >= 960, `queue ${queue} s: the wait since its (moved) creation`);
  });
});
