import assert from 'node:assert/strict';
import { KeyedDebounce } from '../../../src/core/util/debounce';

/** Resolves after every timer due within `ms` has run (Node runs timers in order of their due time). */
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyedDebounce: work that waits for a pause', () => {
  it('runs the last call of a key once, each key on its own', async () => {
    const runs: string[] = [];
    const debounce = new KeyedDebounce<string>(5);
    debounce.schedule('a', () => runs.push('a1'));
    debounce.schedule('a', () => runs.push('a2'));
    debounce.schedule('b', () => runs.push('b1'));
    assert.equal(runs.length, 0);
    await after(40);
    assert.deepEqual(runs, ['a2', 'b1']);
  });

  it('a cancelled key and a disposed debounce run nothing; a delay given for one call holds for it', async () => {
    const runs: string[] = [];
    const debounce = new KeyedDebounce<string>(5);
    debounce.schedule('a', () => runs.push('a'));
    debounce.cancel('a');
    debounce.schedule('now', () => runs.push('now'), 0);
    debounce.schedule('b', () => runs.push('b'));
    debounce.dispose();
    await after(40);
    assert.equal(runs.length, 0);
    debounce.schedule('c', () => runs.push('c'), 0);
    await after(10);
    assert.deepEqual(runs, ['c']);
  });
});
