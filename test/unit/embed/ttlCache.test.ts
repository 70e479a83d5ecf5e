import assert from 'node:assert/strict';
import { TtlCache } from '../../../src/core/embed';

function manualClock() {
  const clock = { time: 1_000, now: () => clock.time };
  return clock;
}

describe('embed/TtlCache', () => {
  it('returns a value until its time to live has passed', () => {
    const clock = manualClock();
    const cache = new TtlCache<string, string>({ maxEntries: 10, clock });
    cache.set('a', 'A', 100);
    clock.time += 99;
    assert.equal(cache.get('a'), 'A');
    clock.time += 1;
    assert.equal(cache.get('a'), undefined);
    assert.equal(cache.size, 0);
  });

  it('gives every entry its own time to live', () => {
    const clock = manualClock();
    const cache = new TtlCache<string, string>({ maxEntries: 10, clock });
    cache.set('short', 's', 10);
    cache.set('long', 'l', 1000);
    clock.time += 500;
    assert.equal(cache.get('short'), undefined);
    assert.equal(cache.get('long'), 'l');
  });

  it('does not store anything with a time to live of zero', () => {
    const cache = new TtlCache<string, string>({ maxEntries: 10 });
    cache.set('a', 'A', 0);
    assert.equal(cache.get('a'), undefined);
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new TtlCache<string, number>({ maxEntries: 2, clock: manualClock() });
    cache.set('a', 1, 1000);
    cache.set('b', 2, 1000);
    assert.equal(cache.get('a'), 1);
    cache.set('c', 3, 1000);
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.get('a'), 1);
    assert.equal(cache.get('c'), 3);
    assert.equal(cache.size, 2);
  });

  it('replaces a value and restarts its time to live', () => {
    const clock = manualClock();
    const cache = new TtlCache<string, string>({ maxEntries: 2, clock });
    cache.set('a', 'old', 100);
    clock.time += 90;
    cache.set('a', 'new', 100);
    clock.time += 90;
    assert.equal(cache.get('a'), 'new');
    assert.equal(cache.size, 1);
  });

  it('deletes and clears', () => {
    const cache = new TtlCache<string, string>({ maxEntries: 10 });
    cache.set('a', 'A', 1000);
    cache.set('b', 'B', 1000);
    cache.delete('a');
    assert.equal(cache.get('a'), undefined);
    cache.clear();
    assert.equal(cache.size, 0);
  });

  it('holds entries by weight as well as by count: the least recently used go first, a too heavy one is not kept', () => {
    const cache = new TtlCache<string, string>({ maxEntries: 100, maxSize: 10, sizeOf: (v) => v.length });
    cache.set('a', 'aaaa', 1000);
    cache.set('b', 'bbbb', 1000);
    assert.equal(cache.get('a'), 'aaaa'); // a is now the most recently used
    cache.set('c', 'cccc', 1000);
    assert.equal(cache.get('b'), undefined, 'b went first');
    assert.equal(cache.get('a'), 'aaaa');
    assert.equal(cache.weight, 8);
    cache.set('huge', 'x'.repeat(11), 1000);
    assert.equal(cache.get('huge'), undefined);
    assert.equal(cache.weight, 8);
    cache.delete('a');
    assert.equal(cache.weight, 4);
    cache.clear();
    assert.equal(cache.weight, 0);
  });
});
