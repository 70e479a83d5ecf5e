import assert from 'node:assert/strict';
import { analyseBuildTimes } from '../../../src/core/buildTimes/analysis';
import { type BuildFigures, buildFigures, queueSecondsOf } from '../../../src/core/buildTimes/figures';
import { FIGURES_STORE_PREFIX, FiguresCache } from '../../../src/core/buildTimes/figuresCache';
import { MAX_MEDIAN_ROWS, MAX_STEPS_SHOWN, barText, buildTimesPage } from '../../../src/core/buildTimes/page';
import { MAX_USER_STEPS, type StepKind, stepLabel } from '../../../src/core/buildTimes/steps';
import { parseBuild } from '../../../src/core/models/build';
import { parseBuildLog } from '../../../src/core/models/buildLog';
import { MAX_DURATION_SECONDS } from '../../../src/core/models/parse';
import { MemoryMemento } from '../../helpers/memoryMemento';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Build `id` (a day after the one before): a checkout of 2 s, then `count` commands its
 * `build.commands` names (`prefix` + index), each taking `secondsOf(index)`.
 */
function commandsBuild(id: number, count: number, secondsOf: (index: number) => number, prefix = 'echo step-') {
  const created = T0 + id * 86_400_000;
  let clock = created + 1000;
  const lines: [string, number][] = [['git clone --depth 1 https://github.com/x/widgets.git .', 2], ...Array.from({ length: count }, (_, i): [string, number] => [`${prefix}${i}`, secondsOf(i)])];
  const commands = lines.map(([command, seconds], index) => {
    const start = clock;
    clock += seconds * 1000;
    return { id: index + 1, command, exit_code: 0, start_time: iso(start), end_time: iso(clock), run_time: seconds };
  });
  const duration = Math.round((clock - created) / 1000);
  const build = parseBuild({ id, project: 'widgets', version: 'latest', state: 'finished', success: true, commit: `c${id}`.padEnd(40, '0'), created: iso(created), duration, urls: {} });
  const log = parseBuildLog({ id, state: 'finished', date: iso(created), task_executed_at: iso(created + 1000), length: duration, commands, config: { build: { commands: lines.slice(1).map(([command]) => command) } } });
  return buildFigures({ edition: 'community', build, log });
}

describe('Build Times on hostile builds', () => {
  it('2,000 distinct commands: the first MAX_USER_STEPS are steps, the rest add up as other commands; the steps still sum to the duration', () => {
    const figures = commandsBuild(1, 2_000, () => 1);
    const steps = figures.steps!;
    assert.equal(steps.filter((s) => s.kind === 'user').length, MAX_USER_STEPS);
    assert.deepEqual(steps.filter((s) => s.kind === 'user').map((s) => s.command), Array.from({ length: MAX_USER_STEPS }, (_, i) => `echo step-${i}`));
    const other = steps.find((s) => s.kind === 'other')!;
    assert.equal(other.commands, 2_000 - MAX_USER_STEPS);
    assert.equal(other.seconds, 2_000 - MAX_USER_STEPS);
    assert.equal(stepLabel(other), 'other commands');
    const sum = steps.reduce((total, s) => total + s.seconds, 0);
    assert.ok(Math.abs(sum - figures.totalSeconds!) < 1, `${sum} vs ${figures.totalSeconds}`);
  });

  it('the analysis over 20 such builds: the medians of the kept steps, the step that grew and where', () => {
    // Newest first; command 3 takes 1 s in builds 1-10 and 40 s from build 11 on.
    const builds = Array.from({ length: 20 }, (_, k) => 20 - k).map((id) => commandsBuild(id, 2_000, (i) => (i === 3 && id > 10 ? 40 : 1)));
    const analysis = analyseBuildTimes(builds);
    assert.deepEqual(analysis.medians.map((m) => m.step.kind), ['checkout', ...Array<string>(MAX_USER_STEPS).fill('user'), 'other', 'upload']);
    assert.equal(analysis.medians.find((m) => m.step.command === 'echo step-3')!.seconds, 20.5, 'the median of ten 1 s and ten 40 s');
    assert.equal(analysis.medians.find((m) => m.step.kind === 'other')!.seconds, 2_000 - MAX_USER_STEPS);
    assert.ok(analysis.medians.every((m) => m.builds === 20));
    assert.deepEqual(analysis.grown.map((g) => [g.step.command, g.beforeSeconds, g.afterSeconds, g.buildId]), [['echo step-3', 1, 40, 11]]);
    assert.equal(analysis.dominant?.step.step.kind, 'other');
  });

  it('the page of 100 builds with no command in common stays small: steps per bar, medians listed, the rest said', () => {
    const builds = Array.from({ length: 100 }, (_, k) => commandsBuild(100 - k, 2_000, (i) => 1 + (i % 5), `echo build-${100 - k}-step-`));
    const html = buildTimesPage({ nonce: 'n', projectSlug: 'widgets', versionSlug: 'latest', builds, analysis: analyseBuildTimes(builds) });
    assert.ok(html.length < 400 * 1024, `${html.length} characters`);
    assert.equal(html.match(/<rect /g)?.length, 100 * (MAX_STEPS_SHOWN + 1), 'each bar: its queue and MAX_STEPS_SHOWN steps');
    assert.match(barText(builds[0]), new RegExp(`, ${1 + MAX_USER_STEPS + 2 - (MAX_STEPS_SHOWN - 1)} more steps \\d`));
    const medianRows = html.slice(html.indexOf('Median per step')).split('</table>')[0].match(/<tr><td>/g)?.length;
    assert.equal(medianRows, MAX_MEDIAN_ROWS);
    assert.match(html, /more steps with shorter medians are not listed/);
  });

  it('a stored step of a kind this version does not know, with a hostile name: drawn as other commands, escaped, no throw', () => {
    const build = commandsBuild(1, 2, () => 5);
    const hostile = { ...build, steps: [...build.steps!, { key: 'x', kind: '"><script>alert(1)</script>' as StepKind, seconds: 3, commands: 1 }] } satisfies BuildFigures;
    const html = buildTimesPage({ nonce: 'n', projectSlug: 'widgets', versionSlug: 'latest', builds: [hostile], analysis: analyseBuildTimes([hostile]) });
    assert.doesNotMatch(html, /<script/);
    assert.doesNotMatch(html, /class="k-"/);
    assert.match(html, /class="k-other"><title>other commands 3 s<\/title>/);
  });

  it('absurd durations are unknown, never printed: v3 duration, v2 length and run time, dates years apart', () => {
    const build = parseBuild({ id: 1, project: 'w', version: 'latest', state: 'finished', success: true, duration: 1e308, urls: {} });
    assert.equal(build.durationSeconds, undefined);
    assert.equal(parseBuild({ id: 1, project: 'w', state: 'finished', duration: -5, urls: {} }).durationSeconds, undefined);
    assert.equal(parseBuild({ id: 1, project: 'w', state: 'finished', duration: MAX_DURATION_SECONDS, urls: {} }).durationSeconds, MAX_DURATION_SECONDS);
    const log = parseBuildLog({
      id: 1, state: 'finished', length: 1e308, date: '1970-01-01T00:00:00Z', task_executed_at: '+275760-09-13T00:00:00Z', config: {}, commands: [
        { id: 1, command: 'git clone x .', exit_code: 0, start_time: '1970-01-01T00:00:00Z', end_time: '+275760-09-13T00:00:00Z', run_time: 7 },
        { id: 2, command: 'pip install x', exit_code: 0, start_time: '2026-01-01T00:00:00Z', end_time: '2025-01-01T00:00:00Z', run_time: Number.MAX_VALUE },
      ],
    });
    assert.equal(log.lengthSeconds, undefined);
    assert.equal(log.commands[1].runSeconds, undefined);
    assert.equal(queueSecondsOf(log), undefined);
    const figures = buildFigures({ edition: 'community', build, log });
    assert.deepEqual(figures.steps!.map((s) => [s.kind, s.seconds]), [['checkout', 7], ['install', 0]]);
    assert.equal(figures.totalSeconds, undefined);
    const html = buildTimesPage({ nonce: 'n', projectSlug: 'w', versionSlug: 'latest', builds: [figures], analysis: analyseBuildTimes([figures]) });
    assert.doesNotMatch(html, /e\+\d/);
  });
});

describe('the figures cache', () => {
  const origin = 'https://app.readthedocs.org';

  it('each final build written once under its own key; a reload reads them back', async () => {
    const memento = new MemoryMemento();
    const cache = new FiguresCache(memento);
    const builds = [commandsBuild(2, 3, () => 1), commandsBuild(1, 3, () => 1)];
    cache.set(origin, builds);
    await Promise.resolve();
    assert.deepEqual(memento.updates, [`${FIGURES_STORE_PREFIX}${origin}#2`, `${FIGURES_STORE_PREFIX}${origin}#1`]);
    cache.set(origin, [commandsBuild(3, 3, () => 1), ...builds]);
    await Promise.resolve();
    assert.deepEqual(memento.updates.slice(2), [`${FIGURES_STORE_PREFIX}${origin}#3`], 'a new build writes its own entry only');
    assert.deepEqual(new FiguresCache(memento).get(origin, 2), JSON.parse(JSON.stringify(builds[0])));
  });

  it('drops stored figures this version cannot show: an unknown step kind, an absurd duration, more steps than a build keeps, the old single list', async () => {
    const memento = new MemoryMemento();
    const good = commandsBuild(1, 3, () => 1);
    const stored = (id: number, figures: unknown) => memento.update(`${FIGURES_STORE_PREFIX}${origin}#${id}`, { at: id, value: figures });
    await stored(1, good);
    await stored(2, { ...good, id: 2, steps: [{ key: 'x', kind: 'compile_rust', seconds: 1, commands: 1 }] });
    await stored(3, { ...good, id: 3, totalSeconds: 1e308 });
    await stored(4, { ...good, id: 4, steps: Array.from({ length: 2_000 }, (_, i) => ({ key: `user:build.commands:c${i}`, kind: 'user', command: `c${i}`, seconds: 1, commands: 1 })) });
    await memento.update('readthedocs.buildTimes.figures', [[`${origin}#9`, good]]);
    const cache = new FiguresCache(memento);
    await Promise.resolve();
    assert.equal(cache.size, 1);
    assert.ok(cache.get(origin, 1));
    for (const id of [2, 3, 4]) assert.equal(cache.get(origin, id), undefined);
    assert.deepEqual(memento.keys(), [`${FIGURES_STORE_PREFIX}${origin}#1`]);
  });
});
