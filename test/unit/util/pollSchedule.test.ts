import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { silentLogger } from '../../../src/core/log';
import { type Build } from '../../../src/core/models/build';
import { PollingBuildWatcher } from '../../../src/core/builds/pollingWatcher';
import { parseBuildLog } from '../../../src/core/models/buildLog';
import { LogFollower } from '../../../src/core/logs/follower';
import { POLL_SECONDS, PollSchedule, pollSecondsOf } from '../../../src/core/util/pollSchedule';
import { type Clock } from '../../../src/core/util/clock';

const MAX_TIMER_MS = 2 ** 31 - 1;

/** A clock that only records the delays asked of it. */
function delaysClock(): { clock: Clock; delays: number[] } {
  const delays: number[] = [];
  return { delays, clock: { now: () => 0, setTimer: (_callback, ms) => { delays.push(ms); return { clear: () => undefined }; } } };
}

describe('the polling schedule', () => {
  it('keeps builds.pollSeconds within its range, as package.json declares it', () => {
    assert.equal(pollSecondsOf(2 ** 40), POLL_SECONDS.maximum);
    assert.equal(pollSecondsOf(Number.MAX_VALUE), POLL_SECONDS.maximum);
    assert.equal(pollSecondsOf(0.2), POLL_SECONDS.minimum);
    for (const bad of [0, -3, Number.NaN, Number.POSITIVE_INFINITY, '10', null, undefined]) assert.equal(pollSecondsOf(bad), POLL_SECONDS.default, String(bad));
    assert.equal(pollSecondsOf(12), 12);
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default: number; minimum: number; maximum: number }> }[] | { properties: Record<string, { default: number; minimum: number; maximum: number }> } } };
    const sections = Array.isArray(manifest.contributes.configuration) ? manifest.contributes.configuration : [manifest.contributes.configuration];
    const setting = sections.map((s) => s.properties['readthedocs.builds.pollSeconds']).find((p) => p !== undefined)!;
    assert.deepEqual({ default: setting.default, minimum: setting.minimum, maximum: setting.maximum }, POLL_SECONDS);
  });

  it('starts at the floor, grows ×1.5 while nothing changes and ×2 on failure, up to the ceiling, back to the floor on news', () => {
    const schedule = new PollSchedule(() => 2, 10_000);
    assert.equal(schedule.delayMs, 2000);
    schedule.unchanged();
    assert.equal(schedule.delayMs, 3000);
    schedule.failed();
    assert.equal(schedule.delayMs, 6000);
    schedule.failed(9_000);
    assert.equal(schedule.delayMs, 10_000, 'the ceiling');
    schedule.failed(3_600_000);
    assert.equal(schedule.delayMs, 10_000, 'a long Retry-After stops at the ceiling too');
    schedule.news();
    assert.equal(schedule.delayMs, 2000);
  });

  it('never goes below the floor, even a floor above the ceiling', () => {
    let floor = 1;
    const schedule = new PollSchedule(() => floor, 60_000);
    floor = 300;
    schedule.unchanged();
    assert.equal(schedule.delayMs, 300_000);
  });

  it('a huge pollSeconds never reaches a timer as more than 2^31 - 1 ms (build watcher and log follower)', async () => {
    const { clock, delays } = delaysClock();
    const source = { builds: { get: async (): Promise<Build> => { throw new Error('not called'); } } };
    const watcher = new PollingBuildWatcher({ clientOf: () => source, floorSeconds: () => 2 ** 40, clock, logger: silentLogger });
    watcher.watch('community', 'widgets', { id: 1, state: 'building', success: undefined } as unknown as Build);
    const log = parseBuildLog({ id: 5, state: 'building', success: true, commands: [] });
    const follower = new LogFollower(log, { fetch: async () => log, floorSeconds: () => 2 ** 40, clock, onUpdate: () => undefined });
    assert.equal(delays.length, 2);
    assert.ok(delays.every((ms) => ms > 0 && ms <= MAX_TIMER_MS), String(delays));
    assert.deepEqual(delays, [POLL_SECONDS.maximum * 1000, POLL_SECONDS.maximum * 1000]);
    watcher.dispose();
    follower.dispose();
  });
});
