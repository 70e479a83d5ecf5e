import assert from 'node:assert/strict';
import { NotFoundError } from '../../../src/core/api/errors';
import { buildRow } from '../../../src/core/builds/buildRow';
import { NO_OUTCOME_FACTS, buildFinishedMessage, buildOutcome, outcomeFactsOfLog, outcomeFactsOfNotices, outcomeLook } from '../../../src/core/builds/facts';
import { LiveBuilds } from '../../../src/core/builds/liveBuilds';
import { shouldNotify } from '../../../src/core/builds/notify';
import { type BuildSource, PollingBuildWatcher } from '../../../src/core/builds/pollingWatcher';
import { SkippedBuilds } from '../../../src/core/builds/skippedBuilds';
import { analyseBuildTimes } from '../../../src/core/buildTimes/analysis';
import { buildFigures } from '../../../src/core/buildTimes/figures';
import { renderBuildLog } from '../../../src/core/logs/render';
import { type Logger } from '../../../src/core/log';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { type BuildLog, parseBuildLog } from '../../../src/core/models/buildLog';
import { parseNotification } from '../../../src/core/models/notification';
import { ManualClock, flush } from '../../helpers/manualClock';

const quiet: Logger = { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
// ManualClock starts at 1 000 000 ms: the build was created a minute before.
const T0 = 1_000_000 - 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const v3 = (state: string, success: boolean | null = null): Build => parseBuild({ id: 41, project: 'widgets', version: 'latest', state: { code: state, name: state }, success, created: iso(T0) });
/** The v2 detail of build 41 at `now`: the install ended at +40 s, sphinx-build runs since. */
const detail = (state: string, commands: object[], success: boolean | null = null): BuildLog => parseBuildLog({
  id: 41, project_slug: 'widgets', version_slug: 'latest', state, success, date: iso(T0), task_executed_at: iso(T0 + 5_000), length: state === 'finished' || state === 'cancelled' ? 80 : null, commands,
});
const install = { id: 1, command: 'python -m pip install -r docs/requirements.txt', output: 'ok', exit_code: 0, start_time: iso(T0 + 5_000), end_time: iso(T0 + 40_000), run_time: 35 };
const sphinx = { id: 2, command: 'python -m sphinx -T -b html -d _build/doctrees -D language=en docs $READTHEDOCS_OUTPUT/html', output: '', exit_code: null, start_time: null, end_time: null };
const skip = { id: 3, command: 'bash -c "exit 183"', output: '', exit_code: 183, start_time: iso(T0 + 41_000), end_time: iso(T0 + 42_000), run_time: 1 };

describe('the step that runs now, from the watcher\'s own polls (no open log)', () => {
  it('a public build: one v2 request per poll names the running command in rows and the status bar; v3 is never asked', async () => {
    const clock = new ManualClock();
    const calls: string[] = [];
    const answers = [detail('building', [install, sphinx]), detail('building', [install, sphinx])];
    const source: BuildSource = {
      builds: { get: async () => { calls.push('v3'); return v3('building'); } },
      buildLogs: { get: async () => { calls.push('v2'); return answers.shift() ?? detail('finished', [install, { ...sphinx, exit_code: 0, end_time: iso(T0 + 80_000), run_time: 40 }], true); } },
    };
    const watcher = new PollingBuildWatcher({ clientOf: () => source, floorSeconds: () => 5, clock, logger: quiet, publicDetail: (edition) => edition === 'community' });
    const live = new LiveBuilds({ watcher, clientOf: () => undefined, clock, logger: quiet });
    watcher.watch('community', 'widgets', v3('cloning'));
    await clock.advance(5_000);
    await flush();
    assert.deepEqual(calls, ['v2'], 'one request per poll, as before');
    const text = live.text('widgets', { id: 41 }, 'community');
    assert.equal(text, 'sphinx-build, 0:25 of 15:00', 'now − the previous command\'s end, against the plan\'s limit');
    const running = watcher.running[0]!;
    assert.equal(buildRow(running.build, { now: clock.now(), known: { ...NO_OUTCOME_FACTS, live: text, warnings: undefined } }).brief, 'building · sphinx-build, 0:25 of 15:00');
    await clock.advance(10_000);
    await flush();
    await clock.advance(20_000);
    await flush();
    assert.deepEqual(calls, ['v2', 'v2', 'v2'], 'every poll one v2 request, none to v3');
    assert.equal(watcher.running.length, 0, 'the v2 detail said it finished');
    watcher.dispose();
    live.dispose();
  });

  it('a private build: its project\'s first v2 404 turns the watcher to v3 for good (one request more, once per project)', async () => {
    const clock = new ManualClock();
    const calls: string[] = [];
    const source: BuildSource = {
      builds: { get: async () => { calls.push('v3'); return v3('building'); } },
      buildLogs: { get: async () => { calls.push('v2'); throw new NotFoundError('/api/v2/build/41/'); } },
    };
    const watcher = new PollingBuildWatcher({ clientOf: () => source, floorSeconds: () => 5, clock, logger: quiet, publicDetail: () => true });
    watcher.watch('community', 'widgets', v3('building'));
    await clock.advance(5_000);
    await flush();
    await clock.advance(8_000);
    await flush();
    assert.deepEqual(calls, ['v2', 'v3', 'v3']);
    watcher.dispose();
  });
});

describe('a build skipped on purpose (exit 183)', () => {
  const skippedLog = detail('cancelled', [install, skip], false);
  const skipped = parseBuild({ id: 41, project: 'widgets', version: 'latest', state: { code: 'cancelled', name: 'Cancelled' }, success: false, created: iso(T0), finished: iso(T0 + 42_000), duration: 42 });
  const notice = parseNotification({ id: 1, state: 'unread', message: { id: 'build:user:exit-code-183', header: 'Build skipped.', body: 'This build was skipped because one of the commands exited with code 183', type: 'info' } });

  it('reads "skipped by the build (exit 183)" in rows, the notification, the log and Build Times; never a failure or a cancellation', () => {
    const facts = outcomeFactsOfLog(skippedLog);
    assert.deepEqual(facts, { skipped: true });
    assert.deepEqual(outcomeFactsOfNotices([notice]), { skipped: true });
    assert.equal(buildOutcome(skipped, facts), 'skipped');
    assert.equal(buildOutcome(skipped, NO_OUTCOME_FACTS), 'cancelled', 'a plain cancellation stays one');
    const row = buildRow(skipped, { now: T0 + 4 * 60_000, known: { ...facts, live: undefined, warnings: undefined } });
    assert.equal(row.brief, 'skipped by the build (exit 183) 3 minutes ago');
    assert.equal(row.detail.split(' · ')[0], 'skipped by the build (exit 183)');
    assert.equal(buildFinishedMessage(skipped, 'widgets', facts), 'Build #41 of widgets (latest) was skipped by the build (exit 183).');
    assert.equal(outcomeLook('skipped').notice, 'info');
    assert.equal(shouldNotify('failures', { startedHere: true, outcome: 'skipped' }), false, 'the failures setting does not fire');
    assert.match(renderBuildLog({ log: skippedLog, projectSlug: 'widgets', problems: [] }).text, /skipped by the build \(exit 183\)/);
    const figures = buildFigures({ edition: 'community', build: skipped, log: skippedLog });
    assert.equal(figures.outcome, 'skipped');
    assert.equal(analyseBuildTimes([figures]).medianTotalSeconds, undefined, 'not among the measured builds');
  });

  it('SkippedBuilds: the watcher\'s last v2 poll teaches it without a request; otherwise one notifications read per cancelled build', async () => {
    const reads: number[] = [];
    const finished: ((w: { edition: 'community'; projectSlug: string; build: Build; startedHere: boolean; log?: BuildLog }) => void)[] = [];
    const store = new SkippedBuilds({
      clientOf: () => ({ builds: { notifications: async (_p: string, id: number) => { reads.push(id); return { items: id === 42 ? [notice] : [], count: 1, next: undefined } as never; } } }),
      watcher: { onDidFinish: (listener) => { finished.push(listener); return { dispose: () => undefined }; } },
      logger: quiet,
    });
    finished[0]!({ edition: 'community', projectSlug: 'widgets', build: skipped, startedHere: true, log: skippedLog });
    assert.equal(store.isSkipped('community', 'widgets', skipped), true);
    const changes: number[] = [];
    store.onDidChange((c) => changes.push(c.buildId));
    const other = { ...skipped, id: 42 };
    assert.equal(store.isSkipped('community', 'widgets', other), false, 'not known yet: read in the background');
    await flush();
    assert.equal(store.isSkipped('community', 'widgets', other), true);
    assert.deepEqual(changes, [42], 'its rows are drawn again');
    assert.equal(await store.settle('community', 'widgets', { ...skipped, id: 43 }), false);
    assert.equal(store.isSkipped('community', 'widgets', { ...skipped, id: 43 }), false);
    assert.equal(store.isSkipped('community', 'widgets', { ...skipped, id: 44, state: 'finished' }), false, 'only cancelled builds are asked');
    assert.deepEqual(reads, [42, 43], 'each cancelled build read once, none for the one the watcher saw');
    store.dispose();
  });
});
