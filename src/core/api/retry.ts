import { type ApiError, NetworkError, RateLimitedError, ServerError } from './errors';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error goes to the caller. */
  readonly maxRetryAfterSeconds: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterSeconds: 30 };

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * How long to wait before retrying a GET that failed with `error`, or undefined when it must not
 * be retried. Writes never come here: a build must never be triggered twice.
 */
export function retryDelayMs(error: ApiError, attempt: number, policy: RetryPolicy, random: () => number = Math.random): number | undefined {
  if (attempt > policy.maxRetries) return undefined;
  if (error instanceof RateLimitedError) {
    if (error.retryAfterSeconds === undefined) return backoff(attempt, policy, random);
    return error.retryAfterSeconds <= policy.maxRetryAfterSeconds ? error.retryAfterSeconds * 1000 : undefined;
  }
  const transient = (error instanceof ServerError && RETRYABLE_STATUS.has(error.status ?? 0))
    || (error instanceof NetworkError && RESET_CODES.has(error.code ?? ''));
  return transient ? backoff(attempt, policy, random) : undefined;
}

/** Capped exponential backoff with jitter: between half and all of base * 2^(attempt-1). */
function backoff(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
