import assert from 'node:assert/strict';
import { AuthError, NetworkError, RateLimitedError, ServerError, TimeoutError, ValidationError } from '../../../src/core/api/errors';
import { defaultRetryPolicy, retryDelayMs } from '../../../src/core/api/retry';

const half = () => 0.5;

describe('retryDelayMs', () => {
  it('honours Retry-After on 429', () => {
    assert.equal(retryDelayMs(new RateLimitedError(7, undefined), 1, defaultRetryPolicy, half), 7000);
  });

  it('gives up when Retry-After is longer than the cap', () => {
    assert.equal(retryDelayMs(new RateLimitedError(600, undefined), 1, defaultRetryPolicy, half), undefined);
  });

  it('backs off exponentially, capped, with jitter, for 502/503/504 and resets', () => {
    const delays = [1, 2, 3].map((n) => retryDelayMs(new ServerError(503), n, defaultRetryPolicy, () => 1));
    assert.deepEqual(delays, [500, 1000, 2000]);
    assert.equal(retryDelayMs(new NetworkError('ECONNRESET'), 1, defaultRetryPolicy, () => 0), 250);
    assert.equal(retryDelayMs(new ServerError(503), 3, { ...defaultRetryPolicy, maxDelayMs: 600 }, () => 1), 600);
  });

  it('stops after maxRetries', () => {
    assert.equal(retryDelayMs(new ServerError(502), defaultRetryPolicy.maxRetries + 1, defaultRetryPolicy, half), undefined);
  });

  for (const error of [new ServerError(500), new AuthError('x'), new ValidationError({}, ['x']), new TimeoutError(1000), new NetworkError('ECONNREFUSED')]) {
    it(`does not retry ${error.constructor.name} ${error.status ?? (error as NetworkError).code ?? ''}`, () => {
      assert.equal(retryDelayMs(error, 1, defaultRetryPolicy, half), undefined);
    });
  }
});
