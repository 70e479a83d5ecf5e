import assert from 'node:assert/strict';
import { LiveBuilds, type LiveSource } from '../../../src/core/builds/liveBuilds';
import { type WatchedBuild } from '../../../src/core/builds/watcher';
import { silentLogger } from '../../../src/core/log';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { parseBuildLog } from '../../../src/core/models/buildLog';
import { parseNotification } from '../../../src/core/models/notification';
import { Emitter } from '../../../src/core/util/events';
import { flush } from '../../helpers/manualClock';

const T0 = Date.parse('2026-11-24T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

class FakeWatcher {
  readonly started = new Emitter<WatchedBuild>();
  readonly updated = new Emitter<WatchedBuild>();
  readonly polled = new Emitter<WatchedBuild>();
  readonly finished = new Emitter<WatchedBuild>();
  readonly onDidStartWatching = this.started.event;
  readonly onDidUpdate = this.updated.event;
  readonly onDidPoll = this.polled.event;
  readonly onDidFinish = this.finished.event;
  running: WatchedBuild[] = [];
}

function watched(id: number, state: string, created = T0): WatchedBuild {
  return { edition: 'community', projectSlug: 'widgets', startedHere: true, build: parseBuild({ id, project: 'widgets', version: 'latest', state: { code: state }, created: iso(created) }) };
}

describe('live build words at the watcher\'s pace', () => {
  let now = T0;
  let reads: string[];
  const client: LiveSource = {
    builds: {
      notifications: (_project, id) => {
        reads.push(`notifications ${id}`);
        return Promise.resolve({ items: [parseNotification({ id: 1, message: { id: 'build:user:concurrency-limit-reached', body: 'limit reached (<b>2</b>), retry in 5 minutes' } })], count: 1, next: undefined, previous: undefined } as never);
      },
    },
  };
  const logOf = (id: number) => parseBuildLog({ id, task_executed_at: iso(T0 + 10_000), commands: [
    { id: 1, command: 'git clone --depth 1 https://x/y.git .', exit_code: 0, end_time: iso(T0 + 40_000) },
    { id: 2, command: 'python -m sphinx -T -b html . $READTHEDOCS_OUTPUT/html', exit_code: null },
  ] });
  let watcher: FakeWatcher;
  let live: LiveBuilds;
  let known: { slug: string; translationOf: string | undefined; organization: string | undefined }[] = [];

  beforeEach(() => {
    now = T0;
    reads = [];
    watcher = new FakeWatcher();
    known = [];
    live = new LiveBuilds({ watcher, clientOf: () => client, knownProjects: () => known, clock: { now: () => now }, logger: silentLogger });
  });
  afterEach(() => live.dispose());

  it('a build still triggered after 30 s: its notifications once per attempt, the retry count from its creation', async () => {
    const waiting = watched(7, 'triggered');
    watcher.started.fire(waiting);
    now = T0 + 10_000;
    watcher.polled.fire(waiting);
    await flush();
    assert.deepEqual(reads, [], 'a build that just started is not asked about: most start within seconds');
    now = T0 + 3 * 300_000 + 60_000;
    watcher.polled.fire(waiting);
    await flush();
    assert.equal(live.text('widgets', waiting.build), 'waiting for a free builder: limit 2 reached, about retry 3 of 25, next in about 4 min');
    for (let i = 0; i < 5; i += 1) watcher.polled.fire(waiting); // the same attempt: nothing read
    await flush();
    assert.deepEqual(reads, ['notifications 7']);
    now += 300_000;
    watcher.polled.fire(waiting);
    await flush();
    assert.deepEqual(reads, ['notifications 7', 'notifications 7'], 'read again at the next attempt');
    // A build it can see holding a builder is named, the rest counted.
    watcher.running = [watched(5, 'building'), waiting];
    assert.match(live.text('widgets', waiting.build)!, /; running: build #5 of widgets \(latest\) and 1 more it cannot list$/);
    // A translation's running build holds one too (the projects held say so); an unrelated project's does not.
    const translation = { ...watched(6, 'uploading'), projectSlug: 'widgets-fr' };
    const other = { ...watched(4, 'building'), projectSlug: 'gadgets' };
    watcher.running = [watched(5, 'building'), translation, other, waiting];
    known = [{ slug: 'widgets', translationOf: undefined, organization: undefined }, { slug: 'widgets-fr', translationOf: 'widgets', organization: undefined }, { slug: 'gadgets', translationOf: undefined, organization: undefined }];
    assert.match(live.text('widgets', waiting.build)!, /; running: build #5 of widgets \(latest\), build #6 of widgets-fr \(latest\)$/);
  });

  it('a running build: the command from the log a document read, counted from the previous end; no request of its own', async () => {
    const building = watched(8, 'building');
    watcher.started.fire(building);
    live.offerLog('community', 'widgets', logOf(8));
    now = T0 + 40_000 + 372_000;
    for (let i = 0; i < 5; i += 1) watcher.polled.fire(building);
    await flush();
    assert.equal(live.text('widgets', building.build), 'sphinx-build, 6:12 of 15:00');
    assert.deepEqual(reads, []);
    watcher.finished.fire(watched(8, 'finished'));
    assert.equal(live.text('widgets', building.build), undefined);
    live.offerLog('community', 'widgets', logOf(8)); // no longer watched: ignored
    assert.equal(live.text('widgets', building.build), undefined);
  });

  it('without a log: how long it has run since the watcher saw it start', async () => {
    watcher.started.fire(watched(9, 'triggered'));
    now = T0 + 5_000;
    watcher.updated.fire(watched(9, 'cloning'));
    now = T0 + 5_000 + 125_000;
    assert.equal(live.text('widgets', { id: 9 } as Build), 'running for 2:05 of 15:00');
    // First seen already running: no start of ours, nothing said.
    watcher.started.fire(watched(10, 'building'));
    assert.equal(live.text('widgets', { id: 10 } as Build), undefined);
    assert.deepEqual(reads, []);
  });

  it('says again at each poll (the views re-render from it)', () => {
    const building = watched(10, 'building');
    let changes = 0;
    live.onDidChange(() => { changes += 1; });
    watcher.started.fire(building);
    watcher.polled.fire(building);
    watcher.polled.fire(building);
    assert.equal(changes, 2);
  });
});
