import assert from 'node:assert/strict';
import { RateLimitedError, ServerError } from '../../src/core/api/errors';
import { MAX_PAUSE_SECONDS } from '../../src/core/api/retry';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';

describe('client ↔ sandbox: Retry-After on 429 and 503', () => {
  let sandbox: Sandbox;

  before(async () => { sandbox = await startSandbox({ buildStepMs: 50 }); });
  beforeEach(() => sandbox.reset());
  after(() => sandbox.close());

  it('a 503 with a long Retry-After goes to the caller at once and pauses the edition (capped)', async () => {
    const client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
    sandbox.addFault({ path: '/api/v3/projects/', kind: 'status', status: 503, headers: { 'Retry-After': '120' } });
    const before = Date.now();
    await assert.rejects(client.projects.list(), (e: unknown) => e instanceof ServerError && e.retryAfterSeconds === 120);
    assert.equal(sandbox.requests.length, 1, 'not retried with a backoff the server asked not to use');
    const paused = client.budget.state.pausedUntil;
    assert.ok(paused !== undefined && paused - before >= 119_000 && paused - before <= 121_000, 'paused for the Retry-After');
    await client.dispose();
  });

  it('Retry-After: 3000000 pauses for MAX_PAUSE_SECONDS, not weeks', async () => {
    const client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
    sandbox.addFault({ path: '/api/v3/projects/', kind: 'status', status: 429, headers: { 'Retry-After': '3000000' }, body: { detail: 'Request was throttled.' } });
    const before = Date.now();
    await assert.rejects(client.projects.list(), RateLimitedError);
    const paused = client.budget.state.pausedUntil!;
    assert.ok(paused - before <= MAX_PAUSE_SECONDS * 1000 + 1000, `paused ${Math.round((paused - before) / 1000)} s`);
    await client.dispose();
  });
});
