import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DocsFileResult, type Validators } from '../../../src/core/inventory/docsFile';
import { FileInventoryDiskCache, InventoryStore } from '../../../src/core/inventory/inventoryStore';
import { silentLogger } from '../../../src/core/log';
import { ManualClock } from '../../helpers/manualClock';
import { zenDemoObjectsInv } from '../../sandbox/seed/zenDemo';

const BYTES = readFileSync(join(__dirname, '..', '..', 'fixtures', 'inventory', 'widgets-objects.inv'));
const ROOT = 'https://widgets.readthedocs.io/en/latest/';
const silent = silentLogger;

/** A docs host that answers with `answers` in turn and records what it was asked. */
function host(answers: DocsFileResult[]) {
  const calls: { url: string; validators: Validators }[] = [];
  return {
    calls,
    fetchFile: async (url: string, validators: Validators): Promise<DocsFileResult> => {
      calls.push({ url, validators });
      const answer = answers.shift();
      if (!answer) throw new Error('offline');
      return answer;
    },
  };
}

describe('inventory: the store (memory, disk, conditional re-fetch)', () => {
  let dir: string;
  beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'inv-')); });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('fetches once, serves memory for a few minutes, then re-checks with the validators', async () => {
    const clock = new ManualClock();
    const docs = host([{ status: 'ok', bytes: BYTES, validators: { etag: '"v1"' } }, { status: 'not-modified' }]);
    const store = new InventoryStore({ fetchFile: docs.fetchFile, logger: silent, clock, refreshMs: 300_000 });
    const [a, b] = await Promise.all([store.get(ROOT), store.get(ROOT.slice(0, -1))]);
    assert.equal(a?.size, 23);
    assert.equal(a, b, 'concurrent callers share one request');
    assert.deepEqual(docs.calls, [{ url: `${ROOT}objects.inv`, validators: {} }]);
    await clock.advance(299_000);
    assert.equal(await store.get(ROOT), a);
    assert.equal(docs.calls.length, 1);
    await clock.advance(2_000);
    assert.equal(await store.get(ROOT), a, '304 keeps the parsed inventory');
    assert.deepEqual(docs.calls[1].validators, { etag: '"v1"' });
  });

  it('Zensical\'s inventories: version 0.0.0 is read as any other; an empty objects.inv is no inventory, quietly, as a 404', async () => {
    const lines: string[] = [];
    const logger = { ...silent, debug: (line: string) => { lines.push(line); } };
    const docs = host([{ status: 'ok', bytes: zenDemoObjectsInv(), validators: {} }, { status: 'ok', bytes: new Uint8Array(0), validators: {} }]);
    const zensical = await new InventoryStore({ fetchFile: docs.fetchFile, logger, clock: new ManualClock() }).get('https://zen-demo.readthedocs.io/en/latest/');
    assert.equal(zensical?.version, '0.0.0');
    assert.equal(zensical?.urlOf(zensical.find(['py:function'], 'zen_demo.core.greet')!), 'https://zen-demo.readthedocs.io/en/latest/api/#zen_demo.core.greet');
    const empty = new InventoryStore({ fetchFile: docs.fetchFile, logger, clock: new ManualClock() });
    assert.equal(await empty.get(ROOT), undefined);
    assert.equal(await empty.get(ROOT), undefined);
    assert.equal(docs.calls.length, 2, 'remembered as missing: not asked again at once');
    assert.deepEqual(lines, [], 'nothing is said about it');
  });

  it('a 404 is remembered quietly; a failure is retried after half a minute', async () => {
    const clock = new ManualClock();
    const docs = host([{ status: 'missing' }]);
    const store = new InventoryStore({ fetchFile: docs.fetchFile, logger: silent, clock });
    assert.equal(await store.get(ROOT), undefined);
    assert.equal(await store.get(ROOT), undefined);
    assert.equal(docs.calls.length, 1);
    const offline = host([]);
    const failing = new InventoryStore({ fetchFile: offline.fetchFile, logger: silent, clock, refreshMs: 300_000 });
    assert.equal(await failing.get(ROOT), undefined);
    assert.equal(await failing.get(ROOT), undefined);
    assert.equal(offline.calls.length, 1, 'a failure is not retried at once');
    await clock.advance(31_000);
    await failing.get(ROOT);
    assert.equal(offline.calls.length, 2, 'but after half a minute');
  });

  it('the disk copy serves a new session, and its validators make the first request conditional', async () => {
    const disk = new FileInventoryDiskCache(dir);
    const first = new InventoryStore({ fetchFile: host([{ status: 'ok', bytes: BYTES, validators: { lastModified: 'Mon, 01 Jan 2024 00:00:00 GMT' } }]).fetchFile, disk, logger: silent });
    await first.get(ROOT);
    const offline = host([]);
    const second = new InventoryStore({ fetchFile: offline.fetchFile, disk, logger: silent });
    assert.equal((await second.get(ROOT))?.size, 23, 'offline, the disk copy is used');
    assert.deepEqual(offline.calls[0].validators, { lastModified: 'Mon, 01 Jan 2024 00:00:00 GMT' });
  });
});

describe('inventory: the store shares requests and bounds its memory', () => {
  const ok: DocsFileResult = { status: 'ok', bytes: BYTES, validators: {} };

  it('a shared request ends only when every caller that joined it has given up', async () => {
    const signals: AbortSignal[] = [];
    let answer!: (result: DocsFileResult) => void;
    const store = new InventoryStore({
      fetchFile: (_url, _validators, signal) => {
        signals.push(signal!);
        return new Promise((resolve) => { answer = resolve; });
      },
      logger: silent,
    });
    const first = new AbortController();
    const second = new AbortController();
    const gone = store.get(ROOT, first.signal);
    const staying = store.get(ROOT, second.signal);
    first.abort();
    assert.equal(await gone, undefined, 'the caller that went away gets nothing at once');
    assert.equal(signals.length, 1);
    assert.equal(signals[0].aborted, false, 'the request goes on for the other caller');
    answer(ok);
    assert.equal((await staying)?.size, 23);

    const third = new AbortController();
    const fourth = new AbortController();
    const both = [store.get('https://third.example/', third.signal), store.get('https://third.example/', fourth.signal)];
    third.abort();
    assert.equal(signals[1].aborted, false);
    fourth.abort();
    assert.equal(signals[1].aborted, true, 'the last caller giving up ends the request');
    assert.deepEqual(await Promise.all(both), [undefined, undefined]);
  });

  it('holds at most maxHeldBytes of inventories: the one used longest ago goes first', async () => {
    const docs = host([ok, ok, ok, ok]);
    const size = new InventoryStore({ fetchFile: host([ok]).fetchFile, logger: silent });
    const one = (await size.get(ROOT))!.heldBytes;
    const store = new InventoryStore({ fetchFile: docs.fetchFile, logger: silent, maxHeldBytes: one * 2 });
    const [a, b, c] = ['https://a.example/', 'https://b.example/', 'https://c.example/'];
    await store.get(a);
    await store.get(b);
    await store.get(a);
    assert.equal(docs.calls.length, 2);
    await store.get(c);
    assert.equal(store.heldBytes, one * 2);
    await store.get(a);
    assert.equal(docs.calls.length, 3, 'a, used after b, is still held');
    await store.get(b);
    assert.deepEqual(docs.calls.map((call) => call.url), [`${a}objects.inv`, `${b}objects.inv`, `${c}objects.inv`, `${b}objects.inv`], 'b was dropped and is asked again');
    assert.equal(store.heldBytes, one * 2, 'c, now the one used longest ago, made room for it');
  });

  it('refuses an inventory larger than the whole memory cap', async () => {
    const docs = host([ok]);
    const store = new InventoryStore({ fetchFile: docs.fetchFile, logger: silent, maxHeldBytes: 1000 });
    assert.equal(await store.get(ROOT), undefined);
    assert.equal(store.heldBytes, 0);
  });
});
