import type { Dispatcher } from 'undici';
import { type Edition, ReadTheDocsClient } from '../../src/core/api/client';
import { type RetryPolicy } from '../../src/core/api/retry';
import { type Logger, silentLogger } from '../../src/core/log';
import { type Clock } from '../../src/core/util/clock';

export interface TestClientOptions {
  readonly token?: string;
  readonly edition?: Edition;
  readonly timeoutMs?: number;
  readonly pageSize?: number;
  readonly retry?: RetryPolicy;
  readonly requestsPerMinute?: number;
  /** The request budget's clock (a `ManualClock` holds what waits for the window to move). */
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Where requests go instead of the network's routing (`docsHostsDispatcher` for docs hosts by name). */
  readonly dispatcher?: Dispatcher;
}

/** A real client over real HTTP, pointed at a sandbox origin. */
export function clientFor(origin: string, options: TestClientOptions = {}): ReadTheDocsClient {
  return new ReadTheDocsClient({
    edition: options.edition ?? 'community',
    baseUrl: origin,
    getToken: () => options.token,
    userAgent: 'readthedocs-vscode-tests/0',
    timeoutMs: options.timeoutMs,
    pageSize: options.pageSize,
    retry: options.retry ?? { maxRetries: 3, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterSeconds: 2 },
    requestsPerMinute: options.requestsPerMinute ?? 100_000,
    clock: options.clock,
    logger: options.logger ?? silentLogger,
    dispatcher: options.dispatcher,
  });
}
