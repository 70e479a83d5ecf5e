import { type TtlCacheOptions, TtlCache } from './ttlCache';

interface InFlight<V> {
  readonly promise: Promise<V>;
  readonly controller: AbortController;
  /** Callers still waiting; when the last one aborts, so does the request. */
  waiting: number;
}

/**
 * Identical concurrent requests merged into one. Each caller may give up on its own (its promise
 * rejects with its signal's reason at once); the shared request is aborted only when every caller
 * waiting on it has given up. A caller without a signal never gives up.
 */
export class SharedFetches<K, V> {
  private readonly inFlight = new Map<K, InFlight<V>>();

  /** The result of the request already under way for `key`, else of a new `fetcher` call. */
  join(key: K, fetcher: (signal: AbortSignal) => Promise<V>, callerSignal?: AbortSignal): Promise<V> {
    if (callerSignal?.aborted) return Promise.reject(callerSignal.reason);
    const flight = this.inFlight.get(key) ?? this.start(key, fetcher);
    return this.wait(key, flight, callerSignal);
  }

  private start(key: K, fetcher: (signal: AbortSignal) => Promise<V>): InFlight<V> {
    const controller = new AbortController();
    const promise = new Promise<V>((resolve) => resolve(fetcher(controller.signal)))
      .finally(() => this.forget(key, controller));
    const flight: InFlight<V> = { promise, controller, waiting: 0 };
    this.inFlight.set(key, flight);
    return flight;
  }

  private wait(key: K, flight: InFlight<V>, callerSignal: AbortSignal | undefined): Promise<V> {
    flight.waiting += 1;
    return new Promise<V>((resolve, reject) => {
      const onAbort = () => {
        reject(callerSignal?.reason);
        flight.waiting -= 1;
        if (flight.waiting > 0) return;
        // Forget it first: a caller arriving after this starts afresh instead of joining an aborted request.
        this.forget(key, flight.controller);
        flight.controller.abort(callerSignal?.reason);
      };
      callerSignal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(resolve, reject).finally(() => callerSignal?.removeEventListener('abort', onAbort));
    });
  }

  /** Forgets the request under way for `key` if it is still the one `controller` belongs to. */
  private forget(key: K, controller: AbortController): void {
    if (this.inFlight.get(key)?.controller === controller) this.inFlight.delete(key);
  }
}

/**
 * Caches successful results for a while and merges identical concurrent requests into one
 * (`SharedFetches`). Failures are not cached, so the next caller tries again.
 */
export class FetchCache<K, V extends NonNullable<unknown>> {
  private readonly cache: TtlCache<K, V>;
  private readonly shared = new SharedFetches<K, V>();

  constructor(options: TtlCacheOptions<V>) {
    this.cache = new TtlCache(options);
  }

  /**
   * The cached value for `key`, else the result of the request already under way for it, else of a new
   * `fetcher` call. Rejects with the caller's abort reason as soon as `callerSignal` aborts; the shared
   * request itself is aborted only when every caller waiting on it has aborted.
   */
  cachedFetch(key: K, ttlMs: number, fetcher: (signal: AbortSignal) => Promise<V>, callerSignal?: AbortSignal): Promise<V> {
    if (callerSignal?.aborted) return Promise.reject(callerSignal.reason);
    const cached = this.cache.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    return this.shared.join(key, async (signal) => {
      const value = await fetcher(signal);
      this.cache.set(key, value, ttlMs);
      return value;
    }, callerSignal);
  }

  invalidate(key: K): void {
    this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }
}
