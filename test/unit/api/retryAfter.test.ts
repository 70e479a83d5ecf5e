import assert from 'node:assert/strict';
import { RequestBudget } from '../../../src/core/api/budget';
import { RateLimitedError, ServerError } from '../../../src/core/api/errors';
import { errorForResponse, parseRetryAfter } from '../../../src/core/api/responseErrors';
import { MAX_PAUSE_SECONDS, defaultRetryPolicy, retryDelayMs } from '../../../src/core/api/retry';
import { type Clock, realClock } from '../../../src/core/util/clock';

/* Retry-After as the audit sent it: unusable values, huge values, and on 503. */

const request = { method: 'GET', path: '/api/v3/projects/' };

describe('Retry-After', () => {
  it('accepts whole and decimal seconds and HTTP dates; anything else is unusable', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    assert.equal(parseRetryAfter('0'), 0);
    assert.equal(parseRetryAfter('12'), 12);
    assert.equal(parseRetryAfter(' 1.5 '), 1.5);
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 12:00:30 GMT', now), 30);
    assert.equal(parseRetryAfter('Thursday, 01-Jan-26 12:00:30 GMT', now), 30);
    assert.equal(parseRetryAfter('Thu Jan  1 12:00:30 2026', now), 30);
    for (const unusable of ['-5', '3, 4', '1e3', '0x10', '1.', '.5', 'soon', '', '12 s']) {
      assert.equal(parseRetryAfter(unusable, now), undefined, JSON.stringify(unusable));
    }
  });

  it('a 429 without a usable Retry-After (or one of 0) waits the backoff, never zero', () => {
    for (const header of [undefined, '0', '-5', '1.5', '3, 4']) {
      const error = errorForResponse(429, { kind: 'empty' }, header, request) as RateLimitedError;
      for (let attempt = 1; attempt <= defaultRetryPolicy.maxRetries; attempt++) {
        const delay = retryDelayMs(error, attempt, defaultRetryPolicy, () => 0)!;
        assert.ok(delay >= defaultRetryPolicy.baseDelayMs * 2 ** (attempt - 1) / 2, `${String(header)} attempt ${attempt}: ${delay} ms`);
      }
    }
  });

  it('503 carries its Retry-After, and a GET waits it like a 429 (within the same cap)', () => {
    const error = errorForResponse(503, { kind: 'empty' }, '7', request);
    assert.ok(error instanceof ServerError);
    assert.equal(error.retryAfterSeconds, 7);
    assert.equal(retryDelayMs(error, 1, defaultRetryPolicy, () => 0), 7000);
    assert.equal(retryDelayMs(new ServerError(503, request, 3000), 1, defaultRetryPolicy, () => 0), undefined, 'too long to wait inside one call');
    assert.equal((errorForResponse(500, { kind: 'empty' }, '7', request) as ServerError).retryAfterSeconds, undefined, 'only 503 means "come back later"');
  });

  it('a huge Retry-After pauses the budget for at most the cap, with one timer', async () => {
    let timers = 0;
    const counting: Clock = { now: realClock.now, setTimer: (callback, ms) => { timers++; return realClock.setTimer(callback, ms); } };
    const budget = new RequestBudget(60, counting);
    const before = Date.now();
    budget.pause(3_000_000);
    const pausedUntil = budget.state.pausedUntil!;
    assert.ok(pausedUntil - before <= MAX_PAUSE_SECONDS * 1000 + 50, `paused for ${Math.round((pausedUntil - before) / 1000)} s`);
    const waiting = new AbortController();
    const pending = budget.acquire('user', waiting.signal).catch(() => undefined);
    // A delay beyond setTimeout's 2^31-1 ms would fire at once and re-arm, once per millisecond.
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(timers <= 2, `${timers} timers armed`);
    waiting.abort();
    await pending;
    budget.dispose();
  });
});
