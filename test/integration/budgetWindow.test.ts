import assert from 'node:assert/strict';
import { RequestBudget } from '../../src/core/api/budget';
import { Transport } from '../../src/core/api/transport';
import { silentLogger } from '../../src/core/log';
import { type Sandbox, startSandbox } from '../sandbox';

/*
 * The budget against the sandbox's own DRF-style sliding-window throttle, on real clocks with the
 * window shortened on both sides (1 s instead of 60 s) so a burst of 200 runs in seconds. The first
 * requests are slow, so the ones queued behind them on the connection pool reach the server late:
 * a budget that counts from the moment it grants a request reuses their slots too early.
 */

const WINDOW_MS = 1000;
const LIMIT = 40;

describe('fault suite: the budget agrees with the server', () => {
  let sandbox: Sandbox;

  before(async () => { sandbox = await startSandbox({ buildStepMs: 600_000, requestsPerMinute: LIMIT, rateWindowMs: WINDOW_MS }); });
  after(() => sandbox.close());

  it('a burst of 200 calls: zero 429s, never more than the limit in any window as the server sees it', async function () {
    this.timeout(60_000);
    sandbox.reset();
    sandbox.addFault({ kind: 'delay', delayMs: 700, times: 8 });
    const transport = new Transport({
      baseUrl: sandbox.origin,
      getToken: () => sandbox.tokens.owner,
      userAgent: 'readthedocs-vscode-budget-test/0',
      budget: new RequestBudget(LIMIT, undefined, WINDOW_MS),
      logger: silentLogger,
      retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterSeconds: 0 },
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, () => transport.send({ method: 'GET', path: 'projects/', query: { limit: 1, fields: 'slug' } })));
    await transport.dispose();

    const throttled = sandbox.requests.filter((r) => r.status === 429).length;
    assert.equal(throttled, 0, `${throttled} requests answered 429`);
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 200);
    const times = sandbox.requests.map((r) => r.time).sort((a, b) => a - b);
    let busiest = 0;
    for (const end of times) busiest = Math.max(busiest, times.filter((t) => t > end - WINDOW_MS && t <= end).length);
    assert.ok(busiest <= LIMIT, `${busiest} requests in one ${WINDOW_MS} ms window`);
  });
});
