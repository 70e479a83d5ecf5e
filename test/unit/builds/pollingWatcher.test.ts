import assert from 'node:assert/strict';
import { type Edition } from '../../../src/core/api/client';
import { AuthError, NotFoundError, ServerError } from '../../../src/core/api/errors';
import { type CallOptions } from '../../../src/core/api/requests';
import { type BuildSource, PollingBuildWatcher } from '../../../src/core/builds/pollingWatcher';
import { type WatchedBuild } from '../../../src/core/builds/watcher';
import { type Logger } from '../../../src/core/log';
import { type Build } from '../../../src/core/models/build';
import { type Clock } from '../../../src/core/util/clock';
import { ManualClock, flush } from '../../helpers/manualClock';

function build(id: number, state: string, success?: boolean): Build {
  return {
    id, project: 'widgets', version: 'latest', state, stateName: state, success, commit: 'abc', created: undefined, finished: undefined,
    durationSeconds: undefined, urls: { build: undefined, version: undefined }, config: undefined,
  };
}

/** A ManualClock that also counts pending timers. */
class CountingClock implements Clock {
  readonly inner = new ManualClock();
  pending = 0;
  now(): number { return this.inner.now(); }
  setTimer(callback: () => void, ms: number): { clear(): void } {
    this.pending += 1;
    let live = true;
    const timer = this.inner.setTimer(() => { if (live) { live = false; this.pending -= 1; } callback(); }, ms);
    return { clear: () => { if (live) { live = false; this.pending -= 1; } timer.clear(); } };
  }
  advance(ms: number): Promise<void> { return this.inner.advance(ms); }
}

interface Poll { at: number; project: string; id: number; options: CallOptions | undefined }

/** A fake client whose answers are scripted per poll: a state, or an error to throw. */
function fakeSource(clock: Clock, script: (poll: Poll, n: number) => Build | Error) {
  const polls: Poll[] = [];
  const source: BuildSource = {
    builds: {
      get: async (project: string, id: number, _expand?: boolean, options?: CallOptions) => {
        const poll = { at: clock.now(), project, id, options };
        polls.push(poll);
        const answer = script(poll, polls.filter((p) => p.id === id).length);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  };
  return { source, polls };
}

function recordingLogger() {
  const lines: string[] = [];
  const logger: Logger = {
    trace: (m) => lines.push(`trace ${m}`), debug: (m) => lines.push(`debug ${m}`), info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${String(m)}`),
  };
  return { logger, lines };
}

describe('PollingBuildWatcher', () => {
  let clock: CountingClock;
  let start: number;
  beforeEach(() => {
    clock = new CountingClock();
    start = clock.now();
  });

  function make(script: (poll: Poll, n: number) => Build | Error, extra: { floor?: number; onProblem?: (e: unknown, w: WatchedBuild) => void; clientFor?: (e: Edition) => boolean } = {}) {
    const { source, polls } = fakeSource(clock, script);
    const { logger, lines } = recordingLogger();
    const watcher = new PollingBuildWatcher({
      clientOf: (edition) => (extra.clientFor && !extra.clientFor(edition) ? undefined : source),
      floorSeconds: () => extra.floor ?? 5,
      clock,
      logger,
      onProblem: extra.onProblem,
    });
    const updates: WatchedBuild[] = [];
    const finishes: WatchedBuild[] = [];
    watcher.onDidUpdate((w) => updates.push(w));
    watcher.onDidFinish((w) => finishes.push(w));
    const runningCounts: number[] = [];
    watcher.onDidChangeRunning(() => runningCounts.push(watcher.running.length));
    return { watcher, polls, lines, updates, finishes, runningCounts };
  }

  it('says when the running set changes: watched, finished, gone (404), signed out; not for a build already watched', async () => {
    const { watcher, runningCounts } = make((poll) => (poll.id === 1 ? build(1, 'finished', true) : poll.id === 2 ? new NotFoundError(undefined) : new AuthError('Invalid token.')));
    watcher.watch('community', 'widgets', build(1, 'building'));
    watcher.watch('community', 'widgets', build(1, 'building'));
    watcher.watch('community', 'widgets', build(2, 'building'));
    watcher.watch('community', 'widgets', build(3, 'building'));
    assert.deepEqual(runningCounts, [1, 2, 3]);
    await clock.advance(60_000);
    assert.deepEqual(runningCounts, [1, 2, 3, 2, 1, 0]);
  });

  it('says every answer of a poll (onDidPoll), changed or not, and no more: live words are said again from it', async () => {
    const { watcher, polls, updates } = make((_poll, n) => build(1, n < 3 ? 'building' : 'uploading'));
    const polled: string[] = [];
    watcher.onDidPoll((w) => polled.push(w.build.state));
    watcher.watch('community', 'widgets', build(1, 'building'));
    await clock.advance(5_000 + 7_500 + 11_250);
    assert.deepEqual(polled, ['building', 'building', 'uploading']);
    assert.equal(polls.length, 3, 'no request beyond the polls');
    assert.deepEqual(updates.map((u) => u.build.state), ['uploading']);
    watcher.dispose();
  });

  it('says when a build begins to be watched, once, with the build: not for a final build or one already watched', () => {
    const { watcher } = make((poll) => build(poll.id, 'building'));
    const started: [number, boolean][] = [];
    watcher.onDidStartWatching((w) => started.push([w.build.id, w.startedHere]));
    watcher.watch('community', 'widgets', build(1, 'building'));
    watcher.watch('community', 'widgets', build(1, 'building'));
    watcher.watch('community', 'widgets', build(2, 'finished', true));
    watcher.watch('community', 'widgets', build(3, 'triggered'), { whileVisibleOnly: true });
    watcher.watch('community', 'widgets', build(3, 'triggered'));
    assert.deepEqual(started, [[1, true], [3, false]]);
    watcher.dispose();
  });

  it('drops the builds of an edition that is gone at once when asked, without a request, and keeps the others', async () => {
    let businessSignedIn = true;
    const { watcher, polls, runningCounts } = make((poll) => build(poll.id, 'building'), { clientFor: (edition) => edition === 'community' || businessSignedIn });
    watcher.watch('community', 'widgets', build(1, 'building'));
    watcher.watch('business', 'widgets', build(2, 'building'));
    watcher.dropGone();
    assert.deepEqual(watcher.running.map((w) => w.build.id), [1, 2], 'both still have a client');
    businessSignedIn = false;
    watcher.dropGone();
    assert.deepEqual(watcher.running.map((w) => w.build.id), [1]);
    assert.deepEqual(runningCounts, [1, 2, 1]);
    assert.equal(polls.length, 0);
    assert.equal(clock.pending, 1, 'only the remaining build has a timer');
  });

  it('knows which builds were started here: a watch without whileVisibleOnly, also when it widens a tree watch, kept across polls and at the end', async () => {
    const { watcher, finishes } = make((poll, n) => (n >= 3 ? build(poll.id, 'finished', true) : build(poll.id, 'building')));
    watcher.watch('community', 'widgets', build(1, 'building'), { whileVisibleOnly: true });
    watcher.watch('community', 'widgets', build(2, 'building'));
    watcher.watch('community', 'widgets', build(3, 'building'), { whileVisibleOnly: true });
    watcher.watch('community', 'widgets', build(3, 'building'));
    assert.deepEqual(watcher.running.map((w) => [w.build.id, w.startedHere]), [[1, false], [2, true], [3, true]]);
    await clock.advance(10 * 60_000);
    assert.deepEqual(finishes.map((w) => [w.build.id, w.build.state, w.startedHere]).sort(), [[1, 'finished', false], [2, 'finished', true], [3, 'finished', true]]);
  });

  it('starts no timer while nothing runs, and none for a final build', async () => {
    const { watcher, polls } = make(() => build(1, 'building'));
    assert.equal(clock.pending, 0);
    watcher.watch('community', 'widgets', build(1, 'finished', true));
    watcher.watch('community', 'widgets', build(2, 'cancelled'));
    assert.equal(clock.pending, 0);
    assert.equal(watcher.running.length, 0);
    await clock.advance(10 * 60_000);
    assert.equal(polls.length, 0);
  });

  it('polls at the floor, backs off ×1.5 up to 60 s while the state stays, as background work', async () => {
    const { watcher, polls } = make(() => build(1, 'building'));
    watcher.watch('community', 'widgets', build(1, 'building'));
    assert.equal(clock.pending, 1);
    await clock.advance(10 * 60_000);
    const gaps = polls.map((p, i) => (p.at - (i === 0 ? start : polls[i - 1].at)) / 1000);
    assert.deepEqual(gaps.slice(0, 6), [5, 7.5, 11.25, 16.875, 25.3125, 37.96875]);
    assert.ok(gaps.slice(6).every((g) => g <= 60));
    assert.equal(Math.max(...gaps), 60);
    assert.ok(polls.every((p) => p.options?.priority === 'background' && p.options.signal instanceof AbortSignal));
    assert.equal(clock.pending, 1, 'one timer per running build');
    watcher.dispose();
    assert.equal(clock.pending, 0);
  });

  it('goes back to the floor when the state changes, and reports each new state', async () => {
    const states = ['triggered', 'triggered', 'triggered', 'cloning', 'cloning', 'building'];
    const { watcher, polls, updates } = make((_p, n) => build(1, states[Math.min(n - 1, states.length - 1)]));
    watcher.watch('community', 'widgets', build(1, 'triggered'));
    await clock.advance(5_000 + 7_500 + 11_250 + 16_875); // 4 polls: the 4th sees cloning
    assert.equal(polls.length, 4);
    assert.deepEqual(updates.map((u) => u.build.state), ['cloning']);
    await clock.advance(4_999);
    assert.equal(polls.length, 4);
    await clock.advance(1);
    assert.equal(polls.length, 5, 'after a change the next poll comes at the floor again');
  });

  it('stops at finished: one update with the final state, one finish, no timer left', async () => {
    const { watcher, updates, finishes, polls } = make((_p, n) => (n < 3 ? build(1, 'building') : build(1, 'finished', false)));
    watcher.watch('community', 'widgets', build(1, 'building'));
    await clock.advance(5 * 60_000);
    assert.equal(polls.length, 3);
    assert.equal(finishes.length, 1);
    assert.equal(finishes[0].build.success, false);
    assert.deepEqual(updates.map((u) => u.build.state), ['finished']);
    assert.equal(watcher.running.length, 0);
    assert.equal(clock.pending, 0);
    assert.equal(watcher.isPolling, false);
  });

  it('stops at cancelled too', async () => {
    const { watcher, finishes } = make(() => build(1, 'cancelled'));
    watcher.watch('community', 'widgets', build(1, 'installing'));
    await clock.advance(5_000);
    assert.equal(finishes[0]?.build.state, 'cancelled');
    assert.equal(clock.pending, 0);
  });

  it('survives failed polls: logs, retries later, reports only after 3 in a row, then recovers', async () => {
    const problems: unknown[] = [];
    const { watcher, lines, finishes, polls } = make(
      (_p, n) => (n <= 4 ? new ServerError(502) : build(1, 'finished', true)),
      { onProblem: (e) => problems.push(e) },
    );
    watcher.watch('community', 'widgets', build(1, 'building'));
    await clock.advance(5_000);
    await clock.advance(10_000);
    assert.equal(problems.length, 0, 'two failures: not reported yet');
    await clock.advance(20_000);
    assert.equal(problems.length, 1, 'third failure in a row: reported once');
    await clock.advance(40_000);
    assert.equal(problems.length, 1, 'not again for the fourth');
    assert.equal(polls.length, 4);
    await clock.advance(60_000);
    assert.equal(finishes.length, 1, 'the next good poll still finishes it');
    assert.equal(lines.filter((l) => l.startsWith('warn [builds] polling widgets #1 failed')).length, 4);
    assert.equal(clock.pending, 0);
  });

  it('stops watching every build of an edition on a 401 and tells once', async () => {
    const problems: unknown[] = [];
    const { watcher, polls } = make((p) => (p.id === 1 ? new AuthError('Invalid token.') : build(p.id, 'building')), { onProblem: (e) => problems.push(e) });
    watcher.watch('community', 'widgets', build(1, 'building'));
    watcher.watch('community', 'widgets', build(2, 'building'));
    watcher.watch('business', 'acme', build(3, 'building'));
    await clock.advance(5_000);
    assert.equal(problems.length, 1);
    assert.ok(problems[0] instanceof AuthError);
    assert.deepEqual(watcher.running.map((w) => w.build.id), [3]);
    const before = polls.length;
    await clock.advance(60_000);
    assert.ok(polls.slice(before).every((p) => p.id === 3));
    watcher.dispose();
  });

  it('drops a build that disappeared (404) and one whose edition is gone', async () => {
    const { watcher } = make((p) => (p.id === 1 ? new NotFoundError(undefined) : build(p.id, 'building')), { clientFor: (e) => e === 'community' });
    watcher.watch('community', 'widgets', build(1, 'building'));
    watcher.watch('business', 'acme', build(2, 'building'));
    await clock.advance(5_000);
    assert.equal(watcher.running.length, 0);
    assert.equal(clock.pending, 0);
  });

  it('watches a build once however often it is handed over', async () => {
    const { watcher, polls } = make(() => build(1, 'building'));
    watcher.watch('community', 'widgets', build(1, 'building'));
    watcher.watch('community', 'widgets', build(1, 'building'));
    assert.equal(clock.pending, 1);
    await clock.advance(5_000);
    assert.equal(polls.length, 1);
    watcher.dispose();
  });

  it('pauses tree-only builds (no timers, no polls) while the view is hidden and resumes at the floor', async () => {
    const { watcher, polls } = make(() => build(1, 'building'));
    watcher.watch('community', 'widgets', build(1, 'building'), { whileVisibleOnly: true });
    await clock.advance(5_000 + 7_500 + 11_250);
    assert.equal(polls.length, 3);
    watcher.setPaused(true);
    assert.equal(clock.pending, 0);
    await clock.advance(10 * 60_000);
    assert.equal(polls.length, 3);
    watcher.watch('community', 'widgets', build(2, 'building'), { whileVisibleOnly: true });
    assert.equal(clock.pending, 0, 'a build watched while paused waits too');
    watcher.setPaused(false);
    assert.equal(clock.pending, 2);
    await clock.advance(5_000);
    assert.equal(polls.length, 5);
    watcher.dispose();
  });

  it('keeps polling a build someone waits for (no whileVisibleOnly) while the view is hidden', async () => {
    const { watcher, polls, finishes } = make((p, n) => (n < 3 ? build(p.id, 'building') : build(p.id, 'finished', true)));
    watcher.setPaused(true);
    watcher.watch('community', 'widgets', build(1, 'building'));
    watcher.watch('community', 'widgets', build(2, 'building'), { whileVisibleOnly: true });
    assert.equal(clock.pending, 1);
    await clock.advance(5 * 60_000);
    assert.deepEqual(finishes.map((f) => f.build.id), [1]);
    assert.ok(polls.every((p) => p.id === 1));
    // The tree shows build 2, then someone triggers interest in it: it polls while hidden from then on.
    watcher.watch('community', 'widgets', build(2, 'building'));
    assert.equal(clock.pending, 1);
    await clock.advance(5 * 60_000);
    assert.deepEqual(finishes.map((f) => f.build.id), [1, 2]);
    assert.equal(clock.pending, 0);
  });

  it('follows the floor setting as it changes', async () => {
    let floor = 2;
    const { source, polls } = fakeSource(clock, () => build(1, 'building'));
    const watcher = new PollingBuildWatcher({ clientOf: () => source, floorSeconds: () => floor, clock, logger: recordingLogger().logger });
    watcher.watch('community', 'widgets', build(1, 'building'));
    await clock.advance(2_000);
    assert.equal(polls.length, 1);
    floor = 30;
    await clock.advance(3_000); // already scheduled with the old floor (2 × 1.5)
    assert.equal(polls.length, 2);
    await clock.advance(29_999);
    assert.equal(polls.length, 2, 'the interval after that is at least the new floor');
    await clock.advance(1);
    assert.equal(polls.length, 3);
    watcher.dispose();
  });

  it('aborts a poll in flight on dispose and fires nothing after', async () => {
    let release: (b: Build) => void = () => undefined;
    let signal: AbortSignal | undefined;
    const source: BuildSource = {
      builds: { get: (_p, _id, _e, options) => { signal = options?.signal; return new Promise<Build>((r) => { release = r; }); } },
    };
    const watcher = new PollingBuildWatcher({ clientOf: () => source, floorSeconds: () => 5, clock, logger: recordingLogger().logger });
    const updates: WatchedBuild[] = [];
    watcher.onDidUpdate((w) => updates.push(w));
    watcher.watch('community', 'widgets', build(1, 'building'));
    await clock.advance(5_000);
    assert.equal(watcher.isPolling, true);
    watcher.dispose();
    assert.equal(signal?.aborted, true);
    release(build(1, 'finished', true));
    await flush();
    assert.equal(updates.length, 0);
  });
});
