import assert from 'node:assert/strict';
import { BoundedStore, MAX_STORE_ENTRY_BYTES } from '../../../src/core/util/boundedStore';
import { MemoryMemento } from '../../helpers/memoryMemento';

const PREFIX = 'test.store/';
const isText = (value: unknown): value is string => typeof value === 'string';
const storeOf = (memento: MemoryMemento, limits: { maxEntries: number; maxTotalBytes: number; maxEntryBytes?: number } = { maxEntries: 10, maxTotalBytes: 10_000 }, legacyKeys?: string[]) =>
  new BoundedStore(memento, { ...limits, prefix: PREFIX, accepts: isText, legacyKeys });

describe('BoundedStore', () => {
  it('keeps each entry under its own key: a change writes that entry only, and a new window reads them back', async () => {
    const memento = new MemoryMemento();
    const store = storeOf(memento);
    for (let i = 0; i < 5; i++) await store.set(`k${i}`, `value ${i}`).written;
    memento.updates.length = 0;
    await store.set('k5', 'value 5').written;
    assert.deepEqual(memento.updates, [`${PREFIX}k5`]);
    const reopened = storeOf(memento);
    assert.deepEqual(reopened.keys(), ['k0', 'k1', 'k2', 'k3', 'k4', 'k5']);
    assert.equal(reopened.get('k3'), 'value 3');
    assert.equal(reopened.bytes, store.bytes);
  });

  it('past its entry cap the oldest written go first, deleted from the memento too', async () => {
    const memento = new MemoryMemento();
    const store = storeOf(memento, { maxEntries: 3, maxTotalBytes: 10_000 });
    for (let i = 0; i < 5; i++) await store.set(`k${i}`, `v${i}`).written;
    assert.deepEqual(store.keys(), ['k2', 'k3', 'k4']);
    assert.deepEqual([...memento.keys()].sort(), [`${PREFIX}k2`, `${PREFIX}k3`, `${PREFIX}k4`]);
    // Writing a key again makes it the newest.
    await store.set('k2', 'again').written;
    await store.set('k5', 'v5').written;
    assert.deepEqual(store.keys(), ['k4', 'k2', 'k5']);
  });

  it('past its byte cap the oldest go first; the total never exceeds it', async () => {
    const memento = new MemoryMemento();
    const store = storeOf(memento, { maxEntries: 100, maxTotalBytes: 1_000 });
    for (let i = 0; i < 20; i++) {
      await store.set(`k${i}`, 'x'.repeat(200)).written;
      assert.ok(store.bytes <= 1_000, `${store.bytes} bytes`);
    }
    assert.equal(store.size, 4);
    assert.deepEqual(store.keys(), ['k16', 'k17', 'k18', 'k19']);
    assert.equal(memento.keys().length, 4);
  });

  it('refuses an entry heavier than an entry may be (UTF-8 bytes, at most 64 KB), and forgets what the key held', async () => {
    const memento = new MemoryMemento();
    const store = storeOf(memento, { maxEntries: 10, maxTotalBytes: 1024 * 1024 });
    await store.set('big', 'small first').written;
    const refused = store.set('big', 'é'.repeat(MAX_STORE_ENTRY_BYTES / 2));
    await refused.written;
    assert.equal(refused.kept, false);
    assert.equal(store.has('big'), false);
    assert.equal(memento.get(`${PREFIX}big`), undefined);
    assert.equal(store.set('fits', 'é'.repeat(MAX_STORE_ENTRY_BYTES / 2 - 100)).kept, true);
  });

  it('drops what an older version wrote past the caps, values it does not accept, and its legacy keys', async () => {
    const memento = new MemoryMemento();
    await memento.update('test.legacy', Array.from({ length: 1000 }, (_, i) => [`k${i}`, 'x'.repeat(400)]));
    await memento.update(`${PREFIX}huge`, { at: 0, value: 'x'.repeat(MAX_STORE_ENTRY_BYTES) });
    await memento.update(`${PREFIX}foreign`, { at: 1, value: { not: 'a string' } });
    await memento.update(`${PREFIX}bare`, 'no record');
    for (let i = 0; i < 8; i++) await memento.update(`${PREFIX}k${i}`, { at: 10 + i, value: `v${i}` });
    await memento.update('other.extension.key', 'kept');
    const store = storeOf(memento, { maxEntries: 5, maxTotalBytes: 10_000 }, ['test.legacy']);
    assert.deepEqual(store.keys(), ['k3', 'k4', 'k5', 'k6', 'k7']);
    await Promise.resolve();
    assert.deepEqual([...memento.keys()].sort(), ['other.extension.key', ...['k3', 'k4', 'k5', 'k6', 'k7'].map((k) => `${PREFIX}k${k.slice(1)}`)].sort());
    // The next write continues after the newest kept.
    await store.set('k8', 'v8').written;
    assert.deepEqual(storeOf(memento, { maxEntries: 5, maxTotalBytes: 10_000 }).keys(), ['k4', 'k5', 'k6', 'k7', 'k8']);
  });

  it('delete forgets an entry and its key', async () => {
    const memento = new MemoryMemento();
    const store = storeOf(memento);
    await store.set('a', 'x').written;
    await store.delete('a');
    assert.equal(store.size, 0);
    assert.equal(store.bytes, 0);
    assert.equal(memento.keys().length, 0);
  });
});
