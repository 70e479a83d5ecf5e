import assert from 'node:assert/strict';
import { GROWTH_FACTOR, SLOW_THROUGHOUT_FACTOR, analyseBuildTimes, guideFor, median, stepGrowth, slowThroughout } from '../../../src/core/buildTimes/analysis';
import { type BuildFigures, buildFigures, queueSecondsOf } from '../../../src/core/buildTimes/figures';
import { CONCURRENCY_RETRY_SECONDS } from '../../../src/core/builds/timeLimits';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { parseBuildLog } from '../../../src/core/models/buildLog';
import { parseNotification } from '../../../src/core/models/notification';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A v3 build and its v2 detail: `steps` are [command, seconds]; the commands run back to back from `executed`. */
export function sampleBuild(id: number, steps: readonly (readonly [string, number])[], opts: { queue?: number | null; success?: boolean; state?: string; upload?: number; commit?: string } = {}) {
  const created = T0 + id * 3_600_000;
  const queue = opts.queue === undefined ? 10 : opts.queue;
  const executed = created + (queue ?? 0) * 1000;
  let clock = executed + 2000;
  const commands = steps.map(([command, seconds], index) => {
    const start = clock;
    clock += seconds * 1000;
    return { id: id * 100 + index, command, output: '', exit_code: 0, start_time: iso(start), end_time: iso(clock), run_time: Math.floor(seconds) };
  });
  const duration = Math.round((clock - executed) / 1000 + (opts.upload ?? 5));
  const state = opts.state ?? 'finished';
  const build = parseBuild({ id, project: 'widgets', version: 'latest', state: { code: state }, success: opts.success ?? true, commit: opts.commit ?? `c${id}`.padEnd(40, '0'), created: iso(created), duration, urls: { build: `https://app.readthedocs.org/projects/widgets/builds/${id}/` } });
  const log = parseBuildLog({ id, state, date: iso(created), task_executed_at: queue === null ? null : iso(executed), length: duration, commands, config: {} });
  return { build, log };
}

const sphinx = (install: number, html: number, pdf = 20): [string, number][] => [
  ['git clone --depth 1 https://github.com/x/widgets.git .', 2],
  ['asdf global python 3.12.7', 1],
  ['python -mvirtualenv $READTHEDOCS_VIRTUALENV_PATH', 3],
  ['python -m pip install --exists-action=w --no-cache-dir -r docs/requirements.txt', install],
  ['python -m sphinx -T -b html -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/html', html],
  ['python -m sphinx -T -b latex -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/pdf', pdf],
];

function figuresOf(sample: ReturnType<typeof sampleBuild>, notifications: string[] = []): BuildFigures {
  return buildFigures({ edition: 'community', build: sample.build, log: sample.log, notifications: notifications.map((id, i) => parseNotification({ id: i, message: { id, header: '', body: '' } })) });
}

describe('build figures', () => {
  it('queue wait, steps in run order, the rest as upload; the steps add up to the v3 duration', () => {
    const sample = sampleBuild(1, sphinx(30, 60), { queue: 42, upload: 7 });
    const f = figuresOf(sample);
    assert.equal(f.queueSeconds, 42);
    assert.deepEqual(f.steps!.map((s) => s.kind), ['checkout', 'system_dependencies', 'create_environment', 'install', 'build_html', 'build_pdf', 'upload']);
    const sum = f.steps!.reduce((a, s) => a + s.seconds, 0);
    assert.ok(Math.abs(sum - sample.build.durationSeconds!) < 1, `${sum} vs ${sample.build.durationSeconds}`);
    assert.equal(f.totalSeconds, sample.build.durationSeconds);
    assert.equal(f.limitSeconds, 900);
    assert.equal(buildFigures({ edition: 'business', build: sample.build, log: sample.log }).limitSeconds, 1800);
  });

  it('a build from before task_executed_at has an unknown queue wait, not zero', () => {
    const f = figuresOf(sampleBuild(2, sphinx(30, 60), { queue: null }));
    assert.equal(f.queueSeconds, undefined);
    assert.equal(queueSecondsOf({ date: iso(T0), taskExecutedAt: undefined }), undefined);
    assert.equal(queueSecondsOf({ date: iso(T0), taskExecutedAt: iso(T0) }), 0);
  });

  it('without notifications, a killed command\'s exit code (42 time, 137 memory) or a failed build at the limit flags it', () => {
    const killed = (exitCode: number, seconds = 60) => {
      const sample = sampleBuild(20 + exitCode, sphinx(30, seconds), { success: false });
      const commands = sample.log.commands.map((c, i, all) => (i === all.length - 1 ? { ...c, exitCode } : c));
      return buildFigures({ edition: 'community', build: sample.build, log: { ...sample.log, commands } }).flags;
    };
    assert.deepEqual(killed(42), { timeOut: true, memory: false, concurrency: false });
    assert.deepEqual(killed(137), { timeOut: false, memory: true, concurrency: false });
    assert.deepEqual(killed(1), { timeOut: false, memory: false, concurrency: false });
    assert.equal(killed(1, 900).timeOut, true, 'a failed build that reached 15 minutes');
    assert.equal(figuresOf(sampleBuild(30, sphinx(30, 900))).flags.timeOut, false, 'a passing build is not flagged');
  });

  it('flags from notification ids; a long queue is a concurrency wait', () => {
    const f = figuresOf(sampleBuild(3, sphinx(30, 900), { success: false }), ['build:user:time-out']);
    assert.deepEqual(f.flags, { timeOut: true, memory: false, concurrency: false });
    assert.equal(figuresOf(sampleBuild(4, sphinx(30, 60)), ['build:user:excessive-memory']).flags.memory, true);
    assert.equal(figuresOf(sampleBuild(5, sphinx(30, 60), { queue: CONCURRENCY_RETRY_SECONDS + 1 })).flags.concurrency, true);
    assert.equal(figuresOf(sampleBuild(6, sphinx(30, 60), { queue: 20 })).flags.concurrency, false);
  });

  it('a private build: no steps, says why, keeps v3\'s duration and state', () => {
    const { build } = sampleBuild(7, sphinx(30, 60));
    const f = buildFigures({ edition: 'community', build, log: 'private' });
    assert.equal(f.steps, undefined);
    assert.equal(f.missing, 'private');
    assert.equal(f.totalSeconds, build.durationSeconds);
    assert.equal(f.outcome, 'succeeded');
  });

  it('a running build: the commands that ended, no upload remainder', () => {
    const sample = sampleBuild(8, sphinx(30, 60), { state: 'building' });
    const running = { ...sample.build, durationSeconds: undefined } as Build;
    const log = { ...sample.log, commands: [...sample.log.commands.slice(0, 4), { ...sample.log.commands[4], endTime: undefined, runSeconds: undefined, exitCode: undefined }] };
    const f = buildFigures({ edition: 'community', build: running, log });
    assert.deepEqual(f.steps!.map((s) => s.kind), ['checkout', 'system_dependencies', 'create_environment', 'install']);
  });
});

describe('across builds', () => {
  /** Newest first, as the view lists them. */
  const history = (rows: [number, number][]) => rows.map(([install, html], i) => figuresOf(sampleBuild(i + 1, sphinx(install, html)))).reverse();

  it('medians per step', () => {
    assert.equal(median([]), undefined);
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    const a = analyseBuildTimes(history([[30, 60], [32, 62], [34, 58]]));
    assert.equal(a.medians.find((m) => m.step.kind === 'install')!.seconds, 32);
    assert.equal(a.medians.find((m) => m.step.kind === 'build_html')!.seconds, 60);
    assert.equal(a.dominant!.step.step.kind, 'build_html');
    assert.equal(a.medianQueueSeconds, 10);
  });

  it('growth: the build and commit where a step grew and stayed', () => {
    const builds = history([[30, 60], [31, 61], [29, 59], [90, 60], [95, 62], [92, 61]]);
    const grown = stepGrowth(builds);
    assert.equal(grown.length, 1);
    assert.equal(grown[0].step.kind, 'install');
    assert.equal(grown[0].buildId, 4);
    assert.equal(grown[0].commit, 'c4'.padEnd(40, '0'));
    assert.ok(grown[0].afterSeconds / grown[0].beforeSeconds >= GROWTH_FACTOR);
    // One slow build among normal ones is not growth.
    assert.deepEqual(stepGrowth(history([[30, 60], [31, 61], [90, 60], [29, 59], [30, 62]])), []);
  });

  it('slow throughout: every step far above its median is the half-speed day, one slow step is not', () => {
    const halfSpeed = sphinx(30, 60).map(([command, seconds]) => [command, seconds * 2.1] as [string, number]);
    const builds = [...history([[30, 60], [31, 61]]).reverse(), figuresOf(sampleBuild(3, halfSpeed)), ...history([[29, 59], [30, 62]]).reverse().map((f) => ({ ...f, id: f.id + 3 }))].reverse();
    assert.deepEqual(slowThroughout(builds), [3]);
    assert.ok(125 / 60 >= SLOW_THROUGHOUT_FACTOR);
    assert.deepEqual(slowThroughout(history([[30, 60], [31, 61], [90, 60], [29, 59]])), []);
  });

  it('cancelled and private builds do not count in the medians', () => {
    const builds = history([[30, 60], [31, 61]]);
    const cancelled = buildFigures({ edition: 'community', build: { ...sampleBuild(9, sphinx(1, 1)).build, state: 'cancelled' }, log: sampleBuild(9, sphinx(1, 1)).log });
    const a = analyseBuildTimes([cancelled, ...builds]);
    assert.equal(a.medians.find((m) => m.step.kind === 'install')!.builds, 2);
  });

  it('the guide\'s section for the dominant step', () => {
    assert.match(guideFor('install'), /build-using-too-many-resources\.html#reduce-documentation-build-dependencies$/);
    assert.match(guideFor('create_environment'), /#use-mamba-instead-of-conda$/);
    assert.match(guideFor('build_pdf'), /#reduce-formats-you-re-building$/);
    assert.match(guideFor('build_html'), /#document-python-modules-api-statically$/);
    assert.match(guideFor('checkout'), /^https:\/\/docs\.readthedocs\.com\//);
  });
});
