import * as assert from 'node:assert/strict';
import { InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { type InventoryEntry } from '../../../src/core/inventory/parse';
import { MAX_CHECKED_REFERENCES, MAX_READ_REFERENCES, MAX_REFERENCE_HINTS, referenceHints } from '../../../src/core/inventory/referenceHints';

/** An inventory that counts the names it hands out for "did you mean". */
class CountingIndex extends InventoryIndex {
  suggested = 0;

  override *suggestionNames(...args: Parameters<InventoryIndex['suggestionNames']>): Iterable<string> {
    for (const name of super.suggestionNames(...args)) {
      this.suggested++;
      yield name;
    }
  }
}

function labels(count: number): InventoryEntry[] {
  return Array.from({ length: count }, (_, i) => ({ name: `label-${i}`, domain: 'std', type: 'label', priority: -1, uri: `page.html#label-${i}`, displayName: `Label ${i}` }));
}

describe('inventory: hints for unresolved targets of a document', () => {
  it('marks the unresolved :ref:/:doc: targets where they are, and no other role', () => {
    const own = new InventoryIndex({ project: 'P', version: '1', entries: labels(3) }, 'https://p.example/en/latest/');
    const lines = ['See :ref:`label-1` and :ref:`missing`.', ':func:`nowhere` :doc:`gone`'];
    const hints = referenceHints((i) => lines[i]!, lines.length, 'restructuredtext', { own, named: new Map() }, 'index');
    assert.deepEqual(hints, [
      { line: 0, start: 29, end: 36, name: 'missing' },
      { line: 1, start: 22, end: 26, name: 'gone' },
    ]);
    assert.deepEqual(referenceHints((i) => lines[i]!, lines.length, 'restructuredtext', { own: undefined, named: new Map() }, 'index'), [], 'nothing to judge against');
  });

  it('1,000 unresolved targets cost lookups only: no name is compared for "did you mean"', () => {
    const own = new CountingIndex({ project: 'P', version: '1', entries: labels(20_000) }, 'https://p.example/en/latest/');
    const lines = Array.from({ length: 1_000 }, (_, i) => `See :ref:\`label-${i}-new\`.`);
    const hints = referenceHints((i) => lines[i]!, lines.length, 'restructuredtext', { own, named: new Map() }, 'index');
    assert.equal(hints.length, 1_000);
    assert.equal(own.suggested, 0);
  });

  it('looks up at most MAX_CHECKED_REFERENCES references and gives at most MAX_REFERENCE_HINTS hints', () => {
    const own = new InventoryIndex({ project: 'P', version: '1', entries: labels(10) }, 'https://p.example/en/latest/');
    const unresolved = Array.from({ length: MAX_REFERENCE_HINTS + 5 }, (_, i) => `:ref:\`x${i}\``);
    assert.equal(referenceHints((i) => unresolved[i]!, unresolved.length, 'restructuredtext', { own, named: new Map() }, 'index').length, MAX_REFERENCE_HINTS);
    // Resolved references first, then one unresolved past the cap: it is never looked up.
    const lines = [...Array.from({ length: MAX_CHECKED_REFERENCES }, () => ':ref:`label-1`'), ':ref:`late`'];
    let read = 0;
    const hints = referenceHints((i) => { read = i; return lines[i]!; }, lines.length, 'restructuredtext', { own, named: new Map() }, 'index');
    assert.deepEqual(hints, []);
    assert.equal(read, MAX_CHECKED_REFERENCES);
  });

  it('reads at most MAX_READ_REFERENCES references, looked up or not: a long line is split no further', () => {
    const own = new InventoryIndex({ project: 'P', version: '1', entries: labels(10) }, 'https://p.example/en/latest/');
    const line = `${':py:func:`f` '.repeat(MAX_READ_REFERENCES)}:ref:\`missing\``;
    let last = 0;
    const hints = referenceHints((i) => { last = i; return i === 0 ? line : ':ref:`gone`'; }, 2, 'restructuredtext', { own, named: new Map() }, 'index');
    assert.deepEqual(hints, []);
    assert.equal(last, 0);
  });
});
