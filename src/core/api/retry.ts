import { type ApiError, NetworkError, RateLimitedError, ServerError } from './errors';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error goes to the caller. */
  readonly maxRetryAfterSeconds: number;
}

/**
 * The longest the client ever pauses for a Retry-After (429 or 503), whatever the server asks:
 * `Retry-After: 3000000` must not stop an edition for weeks.
 */
export const MAX_PAUSE_SECONDS = 600;

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterSeconds: 30 };

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * How long to wait before retrying a GET that failed with `error`, or undefined when it must not
 * be retried. Writes never come here: a build must never be triggered twice.
 */
export function retryDelayMs(error: ApiError, attempt: number, policy: RetryPolicy, random: () => number = Math.random): number | undefined {
  if (attempt > policy.maxRetries) return undefined;
  const transient = error instanceof RateLimitedError
    || (error instanceof ServerError && RETRYABLE_STATUS.has(error.status ?? 0))
    || (error instanceof NetworkError && RESET_CODES.has(error.code ?? ''));
  if (!transient) return undefined;
  const asked = retryAfterOf(error);
  if (asked !== undefined && asked > policy.maxRetryAfterSeconds) return undefined;
  // Never sooner than the backoff: `Retry-After: 0` must not become a burst of immediate retries.
  return Math.max((asked ?? 0) * 1000, backoff(attempt, policy, random));
}

/** The seconds a 429 or 503 asked the client to wait, when it said. */
export function retryAfterOf(error: ApiError): number | undefined {
  return error instanceof RateLimitedError || error instanceof ServerError ? error.retryAfterSeconds : undefined;
}

/** Capped exponential backoff with jitter: between half and all of base * 2^(attempt-1). */
function backoff(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
