import assert from 'node:assert/strict';
import { RequestBudget } from '../../../src/core/api/budget';
import { ManualClock, flush } from '../../helpers/manualClock';

describe('RequestBudget', () => {
  let clock: ManualClock;
  beforeEach(() => { clock = new ManualClock(); });

  async function grantedAfter(budget: RequestBudget, priority: 'user' | 'background', order: string[], label: string) {
    const release = await budget.acquire(priority);
    order.push(label);
    release();
  }

  it('lets at most perMinute requests out in any 60 s window (plus a 1 s margin)', async () => {
    const budget = new RequestBudget(5, clock);
    const order: string[] = [];
    for (let i = 0; i < 7; i++) void grantedAfter(budget, 'user', order, `r${i}`);
    await flush();
    assert.equal(order.length, 5);
    await clock.advance(60_999);
    assert.equal(order.length, 5);
    await clock.advance(1);
    assert.deepEqual(order, ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
  });

  it('serves user actions before background work that waited longer', async () => {
    const budget = new RequestBudget(5, clock);
    const order: string[] = [];
    for (let i = 0; i < 5; i++) (await budget.acquire('user'))();
    void grantedAfter(budget, 'background', order, 'poll');
    void grantedAfter(budget, 'user', order, 'click');
    await clock.advance(61_000);
    assert.deepEqual(order, ['click', 'poll']);
  });

  it('counts a request for as long as it is under way, however long that is', async () => {
    const budget = new RequestBudget(1, clock);
    const order: string[] = [];
    const release = await budget.acquire('user');
    void grantedAfter(budget, 'user', order, 'next');
    await clock.advance(5 * 60_000);
    assert.deepEqual(order, []);
    release();
    await clock.advance(61_000);
    assert.deepEqual(order, ['next']);
  });

  it('counts a request from when it completes, not from when it was granted', async () => {
    const budget = new RequestBudget(1, clock);
    const order: string[] = [];
    const release = await budget.acquire('user');
    void grantedAfter(budget, 'user', order, 'next');
    await clock.advance(30_000); // the first request is still under way
    release();
    await clock.advance(60_999);
    assert.deepEqual(order, [], 'one window after the grant is not enough: the server may have seen it late');
    await clock.advance(1);
    assert.deepEqual(order, ['next']);
  });

  it('keeps the last fifth of the window for user actions', async () => {
    const budget = new RequestBudget(10, clock);
    const order: string[] = [];
    for (let i = 0; i < 8; i++) (await budget.acquire('background'))();
    void grantedAfter(budget, 'background', order, 'poll');
    void grantedAfter(budget, 'user', order, 'click');
    await flush();
    assert.deepEqual(order, ['click']);
  });

  it('pauses everything until Retry-After after a 429, and reports it', async () => {
    const budget = new RequestBudget(60, clock);
    const states: (number | undefined)[] = [];
    budget.onDidChangeState((s) => states.push(s.pausedUntil));
    budget.pause(3);
    const order: string[] = [];
    void grantedAfter(budget, 'user', order, 'after-pause');
    await clock.advance(2_999);
    assert.deepEqual(order, []);
    assert.ok(budget.state.pausedUntil);
    await clock.advance(1);
    assert.deepEqual(order, ['after-pause']);
    assert.equal(states.at(-1), undefined);
  });

  it('drops a waiter whose signal aborts', async () => {
    const budget = new RequestBudget(1, clock);
    await budget.acquire('user');
    const controller = new AbortController();
    const waiting = budget.acquire('user', controller.signal);
    controller.abort(new Error('gone'));
    await assert.rejects(waiting, /gone/);
    assert.equal(budget.state.waiting, 0);
  });
});
