import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { MAX_COMPLETION_ITEMS, completionsFor, relativeDocName } from '../../../src/core/inventory/complete';
import { InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { parseInventory } from '../../../src/core/inventory/parse';
import { type InventorySet } from '../../../src/core/inventory/resolve';

const own = new InventoryIndex(parseInventory(readFileSync(join(__dirname, '..', '..', 'fixtures', 'inventory', 'widgets-objects.inv'))), 'https://widgets.readthedocs.io/en/latest/');
const python = new InventoryIndex(parseInventory(Buffer.concat([
  Buffer.from('# Sphinx inventory version 2\n# Project: Python\n# Version: 3\n# The remainder of this file is compressed using zlib.\n'),
  deflateSync(Buffer.from('tut-intro std:label -1 tutorial/index.html#$ The Python Tutorial\ninstalling-index std:label -1 installing/index.html#$ Installing Python Modules\n')),
])), 'https://docs.python.org/3/');
const set: InventorySet = { own, named: new Map([['python', python]]) };

describe('inventory: completion', () => {
  it(':ref: offers own labels first (with titles), then named ones with their prefix', () => {
    const found = completionsFor({ role: 'ref' }, 'instal', set, 'index');
    assert.deepEqual(found.map((c) => [c.insertText, c.detail, c.inventoryName]), [
      ['install from source', 'Install from source', undefined],
      ['installation', 'Installation', undefined],
      ['python:installing-index', 'Installing Python Modules', 'python'],
    ]);
  });

  it('a typed intersphinx prefix completes inside that inventory only', () => {
    assert.deepEqual(completionsFor({ role: 'ref' }, 'python:tu', set, 'index').map((c) => [c.insertText, c.filterText]), [['python:tut-intro', 'python:tut-intro']]);
  });

  it(':doc: offers documents relative to the current one; :term:, Python roles by type', () => {
    assert.deepEqual(completionsFor({ role: 'doc' }, '../in', set, 'guide/usage').map((c) => c.insertText), ['../index', '../installation']);
    assert.deepEqual(completionsFor({ role: 'doc' }, 'guide', set, 'index').map((c) => c.insertText), ['guide/usage']);
    assert.deepEqual(completionsFor({ role: 'term' }, 'g', set, undefined).map((c) => c.insertText), ['Gadget Box']);
    assert.deepEqual(completionsFor({ role: 'py:class' }, 'widgets.', set, undefined).map((c) => [c.insertText, c.type]), [['widgets.Widget', 'py:class'], ['widgets.WidgetError', 'py:exception']]);
    assert.deepEqual(completionsFor({ role: 'code' }, '', set, undefined), []);
  });

  it('respects the limit', () => {
    assert.equal(completionsFor({ role: 'any' }, '', set, undefined, 5).length, 5);
  });

  it('relative document names', () => {
    assert.equal(relativeDocName('installation', 'guide/usage'), '../installation');
    assert.equal(relativeDocName('guide/deep/x', 'guide/usage'), 'deep/x');
    assert.equal(relativeDocName('api', 'index'), 'api');
    assert.equal(relativeDocName('api', undefined), 'api');
  });

  it('offers at most MAX_COMPLETION_ITEMS items, taken in name order before any is made', () => {
    const many = new InventoryIndex({ project: 'P', version: '1', entries: Array.from({ length: MAX_COMPLETION_ITEMS * 3 }, (_, i) => ({
      name: `label-${String(i).padStart(4, '0')}`, domain: 'std', type: 'label', priority: -1, uri: 'page.html#$', displayName: '-',
    })) }, 'https://p.example/');
    const found = completionsFor({ role: 'ref' }, 'label-', { own: many, named: new Map() }, undefined);
    assert.equal(found.length, MAX_COMPLETION_ITEMS);
    assert.equal(found[0]!.insertText, 'label-0000');
    const docs = new InventoryIndex({ project: 'P', version: '1', entries: Array.from({ length: MAX_COMPLETION_ITEMS * 3 }, (_, i) => ({
      name: `page-${i}`, domain: 'std', type: 'doc', priority: -1, uri: `page-${i}.html`, displayName: '-',
    })) }, 'https://p.example/');
    assert.equal(completionsFor({ role: 'doc' }, 'page', { own: docs, named: new Map() }, 'index').length, MAX_COMPLETION_ITEMS);
  });
});
