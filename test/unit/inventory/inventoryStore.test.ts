import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DocsFileResult, type Validators } from '../../../src/core/inventory/docsFile';
import { FileInventoryDiskCache, InventoryStore } from '../../../src/core/inventory/inventoryStore';
import { silentLogger } from '../../../src/core/log';
import { ManualClock } from '../../helpers/manualClock';

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
