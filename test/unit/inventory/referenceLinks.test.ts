import * as assert from 'node:assert/strict';
import { InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { type InventoryEntry } from '../../../src/core/inventory/parse';
import { MAX_REFERENCE_LINKS, referenceLinks } from '../../../src/core/inventory/referenceLinks';

const entries: InventoryEntry[] = [
  { name: 'intro', domain: 'std', type: 'label', priority: -1, uri: 'intro.html#intro', displayName: 'Introduction' },
  { name: 'notes', domain: 'std', type: 'label', priority: -1, uri: 'notes.html#notes', displayName: 'Notes' },
];
const own = new InventoryIndex({ project: 'P', version: '1', entries }, 'https://p.example/en/latest/');

describe('inventory: links of a document\'s cross-references', () => {
  it('links each resolved target where it is, to its published address', () => {
    const lines = ['See :ref:`intro` and :ref:`missing`.', ':ref:`notes`'];
    assert.deepEqual(referenceLinks({ lineAt: (i) => lines[i]!, lineCount: lines.length }, 'restructuredtext', { own, named: new Map() }, 'index'), [
      { line: 0, start: 10, end: 15, url: 'https://p.example/en/latest/intro.html#intro', title: 'Introduction' },
      { line: 1, start: 6, end: 11, url: 'https://p.example/en/latest/notes.html#notes', title: 'Notes' },
    ]);
  });

  it('reads at most MAX_REFERENCE_LINKS references: one long line is split no further, later lines are not read', () => {
    const line = ':ref:`intro` '.repeat(MAX_REFERENCE_LINKS + 100);
    let last = 0;
    const text = { lineAt: (i: number) => { last = i; return line; }, lineCount: 3 };
    assert.equal(referenceLinks(text, 'restructuredtext', { own, named: new Map() }, 'index').length, MAX_REFERENCE_LINKS);
    assert.equal(last, 0);
  });

  it('stops when the request is cancelled', () => {
    const aborted = AbortSignal.abort();
    assert.deepEqual(referenceLinks({ lineAt: () => ':ref:`intro`', lineCount: 10 }, 'restructuredtext', { own, named: new Map() }, 'index', aborted), []);
  });
});
