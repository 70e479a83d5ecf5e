import assert from 'node:assert/strict';
import { OrderedReads } from '../../../src/core/util/orderedReads';

/** A read whose answers the test releases by hand, in any order. */
function manualRead() {
  const pending: { answer: (value: string) => void }[] = [];
  const read = () => new Promise<string>((answer) => pending.push({ answer }));
  return { read, pending };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('OrderedReads', () => {
  it('starts a read only after the one before it ended, in call order', async () => {
    const { read, pending } = manualRead();
    const reads = new OrderedReads(read, (v) => v);
    const first = reads.next();
    const second = reads.next();
    await settle();
    assert.equal(pending.length, 1, 'the second read waits for the first');
    pending[0]!.answer('a');
    await settle();
    assert.equal(pending.length, 2);
    pending[1]!.answer('b');
    assert.deepEqual(await first, { value: 'a', changed: true });
    assert.deepEqual(await second, { value: 'b', changed: true });
  });

  it('compares each result with the read just before it, not with what was known when it was asked', async () => {
    // Disk says "remotes"; the git extension opens the repository without remotes, then its status brings them back.
    const answers = ['remotes', 'none', 'remotes'];
    const reads = new OrderedReads(async () => answers.shift()!, (v) => v);
    assert.equal((await reads.next()).changed, true);
    const opened = reads.next();
    const statusLoaded = reads.next();
    assert.deepEqual(await opened, { value: 'none', changed: true });
    assert.deepEqual(await statusLoaded, { value: 'remotes', changed: true }, 'the change back to remotes is seen');
    answers.push('remotes');
    assert.equal((await reads.next()).changed, false, 'an unchanged read says so');
  });

  it('a failed read rejects its caller only; the next read runs and compares with the last good one', async () => {
    let fail = true;
    const reads = new OrderedReads(async () => { if (fail) throw new Error('gone'); return 'x'; }, (v) => v);
    await assert.rejects(reads.next(), /gone/);
    fail = false;
    assert.deepEqual(await reads.next(), { value: 'x', changed: true });
    assert.equal((await reads.next()).changed, false);
  });
});
