import assert from 'node:assert/strict';
import { keptReadings } from '../../../src/core/util/keptReadings';

describe('keptReadings: the last readings of each kind, shared', () => {
  it('reads a text of a kind once, keeps the last few per kind and drops the least recently asked', () => {
    const reads: string[] = [];
    const read = keptReadings((kind: string, text: string) => {
      reads.push(`${kind}:${text}`);
      return { kind, text };
    }, 2);
    const first = read('a', 'one');
    assert.equal(read('a', 'one'), first, 'the same reading, not a copy');
    read('b', 'one');
    read('a', 'two');
    read('a', 'one'); // asked again: now the most recent of kind a
    read('a', 'three'); // drops 'two', the least recently asked
    read('a', 'one');
    read('a', 'two');
    assert.deepEqual(reads, ['a:one', 'b:one', 'a:two', 'a:three', 'a:two']);
  });
});
