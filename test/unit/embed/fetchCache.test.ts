import assert from 'node:assert/strict';
import { FetchCache } from '../../../src/core/embed';

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fetcher whose calls the test settles by hand, recording the signal each call was given. */
function controlledFetcher() {
  const calls: { signal: AbortSignal; result: Deferred<string> }[] = [];
  const fetcher = (signal: AbortSignal) => {
    const result = deferred<string>();
    calls.push({ signal, result });
    return result.promise;
  };
  return { calls, fetcher };
}

const TTL = 60_000;

function setup() {
  const clock = { time: 0, now: () => clock.time };
  const cache = new FetchCache<string, string>({ maxEntries: 10, clock });
  return { clock, cache, ...controlledFetcher() };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => assert.fail('expected a rejection'), (error: unknown) => error);
}

describe('embed/FetchCache', () => {
  it('merges identical concurrent requests into one fetch', async () => {
    const { cache, calls, fetcher } = setup();
    const first = cache.cachedFetch('url', TTL, fetcher);
    const second = cache.cachedFetch('url', TTL, fetcher);
    assert.equal(calls.length, 1);
    calls[0].result.resolve('content');
    assert.deepEqual(await Promise.all([first, second]), ['content', 'content']);
  });

  it('keeps different keys apart', async () => {
    const { cache, calls, fetcher } = setup();
    const a = cache.cachedFetch('a', TTL, fetcher);
    const b = cache.cachedFetch('b', TTL, fetcher);
    assert.equal(calls.length, 2);
    calls[0].result.resolve('A');
    calls[1].result.resolve('B');
    assert.deepEqual(await Promise.all([a, b]), ['A', 'B']);
  });

  it('serves a success from the cache until it expires', async () => {
    const { clock, cache, calls, fetcher } = setup();
    const first = cache.cachedFetch('url', TTL, fetcher);
    calls[0].result.resolve('content');
    await first;
    clock.time += TTL - 1;
    assert.equal(await cache.cachedFetch('url', TTL, fetcher), 'content');
    assert.equal(calls.length, 1);
    clock.time += 1;
    const refetched = cache.cachedFetch('url', TTL, fetcher);
    assert.equal(calls.length, 2);
    calls[1].result.resolve('fresh');
    assert.equal(await refetched, 'fresh');
  });

  it('does not cache failures: the next caller tries again', async () => {
    const { cache, calls, fetcher } = setup();
    const first = cache.cachedFetch('url', TTL, fetcher);
    const joined = cache.cachedFetch('url', TTL, fetcher);
    calls[0].result.reject(new Error('404'));
    assert.equal(((await rejection(first)) as Error).message, '404');
    assert.equal(((await rejection(joined)) as Error).message, '404');
    const retry = cache.cachedFetch('url', TTL, fetcher);
    assert.equal(calls.length, 2);
    calls[1].result.resolve('content');
    assert.equal(await retry, 'content');
  });

  it('turns a fetcher that throws synchronously into a rejection', async () => {
    const { cache } = setup();
    const error = await rejection(cache.cachedFetch('url', TTL, () => { throw new Error('bad url'); }));
    assert.equal((error as Error).message, 'bad url');
  });

  it('rejects an aborted caller at once but keeps the fetch for the others', async () => {
    const { cache, calls, fetcher } = setup();
    const hover = new AbortController();
    const aborted = cache.cachedFetch('url', TTL, fetcher, hover.signal);
    const other = cache.cachedFetch('url', TTL, fetcher, new AbortController().signal);
    hover.abort(new Error('hover closed'));
    assert.equal(((await rejection(aborted)) as Error).message, 'hover closed');
    assert.equal(calls[0].signal.aborted, false);
    calls[0].result.resolve('content');
    assert.equal(await other, 'content');
  });

  it('aborts the fetch when every caller has aborted, and starts afresh for the next', async () => {
    const { cache, calls, fetcher } = setup();
    const one = new AbortController();
    const two = new AbortController();
    const first = cache.cachedFetch('url', TTL, fetcher, one.signal);
    const second = cache.cachedFetch('url', TTL, fetcher, two.signal);
    one.abort();
    assert.equal(calls[0].signal.aborted, false);
    two.abort();
    assert.equal(calls[0].signal.aborted, true);
    assert.equal(((await rejection(first)) as Error).name, 'AbortError');
    assert.equal(((await rejection(second)) as Error).name, 'AbortError');
    calls[0].result.reject(calls[0].signal.reason);

    const next = cache.cachedFetch('url', TTL, fetcher);
    assert.equal(calls.length, 2);
    calls[1].result.resolve('content');
    assert.equal(await next, 'content');
  });

  it('never aborts a fetch that a caller without a signal waits for', async () => {
    const { cache, calls, fetcher } = setup();
    const hover = new AbortController();
    void rejection(cache.cachedFetch('url', TTL, fetcher, hover.signal));
    const patient = cache.cachedFetch('url', TTL, fetcher);
    hover.abort();
    assert.equal(calls[0].signal.aborted, false);
    calls[0].result.resolve('content');
    assert.equal(await patient, 'content');
  });

  it('rejects a caller whose signal is already aborted without fetching', async () => {
    const { cache, calls, fetcher } = setup();
    const error = await rejection(cache.cachedFetch('url', TTL, fetcher, AbortSignal.abort()));
    assert.equal((error as Error).name, 'AbortError');
    assert.equal(calls.length, 0);
  });

  it('caches a result that arrives after every caller gave up', async () => {
    const { cache, calls, fetcher } = setup();
    const hover = new AbortController();
    void rejection(cache.cachedFetch('url', TTL, fetcher, hover.signal));
    hover.abort();
    calls[0].result.resolve('late');
    await calls[0].result.promise;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(await cache.cachedFetch('url', TTL, fetcher), 'late');
    assert.equal(calls.length, 1);
  });

  it('forgets a key on request', async () => {
    const { cache, calls, fetcher } = setup();
    const first = cache.cachedFetch('url', TTL, fetcher);
    calls[0].result.resolve('old');
    await first;
    cache.invalidate('url');
    void cache.cachedFetch('url', TTL, fetcher);
    assert.equal(calls.length, 2);
  });
});
