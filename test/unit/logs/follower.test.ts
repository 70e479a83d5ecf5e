import assert from 'node:assert/strict';
import { NotFoundError, ServerError } from '../../../src/core/api/errors';
import { type BuildLog, parseBuildLog } from '../../../src/core/models/buildLog';
import { LogFollower } from '../../../src/core/logs/follower';
import { ManualClock } from '../../helpers/manualClock';

const cmd = (id: number, done: boolean) => ({ id, command: `c${id}`, output: done ? 'ok' : '', exit_code: done ? 0 : null, end_time: done ? 't' : null });
const log = (state: string, commands: ReturnType<typeof cmd>[]) => parseBuildLog({ id: 5, state, success: true, commands });

describe('logs: following a running build', () => {
  it('polls at the floor while commands finish, backs off while nothing changes, stops at the final state', async () => {
    const clock = new ManualClock();
    const answers = [
      log('building', [cmd(1, true), cmd(2, false)]),
      log('building', [cmd(1, true), cmd(2, false)]),
      log('building', [cmd(2, true), cmd(3, false)]),
      log('finished', [cmd(3, true)]),
    ];
    const polls: number[] = [];
    const updates: BuildLog[] = [];
    const follower = new LogFollower(log('building', [cmd(1, false)]), {
      fetch: async () => { polls.push(clock.now()); return answers.shift()!; },
      floorSeconds: () => 2,
      clock,
      onUpdate: (l) => updates.push(l),
    });
    const start = clock.now();
    await clock.advance(60_000);
    assert.deepEqual(polls.map((t) => t - start), [2000, 4000, 7000, 9000], 'floor, floor, ×1.5 after an unchanged answer, floor again');
    assert.equal(updates.length, 3, 'the unchanged answer is not an update');
    assert.deepEqual(updates[2].commands.map((c) => [c.id, c.exitCode]), [[1, 0], [2, 0], [3, 0]], 'commands merged by id');
    assert.equal(follower.active, false, 'nothing scheduled after the final state');
  });

  it('nothing is scheduled for a final log; a 404 stops, other errors back off; dispose stops', async () => {
    const clock = new ManualClock();
    let calls = 0;
    const idle = new LogFollower(log('finished', []), { fetch: async () => { calls++; return log('finished', []); }, floorSeconds: () => 1, clock, onUpdate: () => undefined });
    assert.equal(idle.active, false);
    const errors: unknown[] = [];
    const failing = [new ServerError(502), new NotFoundError(undefined)];
    const gone = new LogFollower(log('building', []), {
      fetch: async () => { calls++; throw failing.shift()!; }, floorSeconds: () => 1, clock, onUpdate: () => undefined, onError: (e) => errors.push(e),
    });
    await clock.advance(10_000);
    assert.equal(calls, 2, 'one retry after a 502 (at twice the interval), none after the 404');
    assert.equal(errors.length, 2);
    assert.equal(gone.active, false);
    const disposed = new LogFollower(log('building', []), { fetch: async () => { calls++; return log('building', []); }, floorSeconds: () => 1, clock, onUpdate: () => undefined });
    disposed.dispose();
    await clock.advance(10_000);
    assert.equal(calls, 2);
  });
});
