import assert from 'node:assert/strict';
import { completionInventories, crossReferenceCompletionOf, hintsLeftToStudio } from '../../../src/core/inventory/completionScope';
import { type InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { type InventorySet } from '../../../src/core/inventory/resolve';

describe('cross-reference completion beside Esbonio (core/inventory/completionScope)', () => {
  const own = { project: 'widgets' } as unknown as InventoryIndex;
  const python = { project: 'Python' } as unknown as InventoryIndex;
  const set: InventorySet = { own, named: new Map([['python', python]]) };

  it('auto: everything without Esbonio; with it, only other projects\' inventories and intersphinx mappings', () => {
    assert.equal(completionInventories(set, 'auto', false), set);
    const beside = completionInventories(set, 'auto', true)!;
    assert.equal(beside.own, undefined, 'Esbonio offers the folder\'s own targets');
    assert.equal(beside.named.get('python'), python);
  });

  it('always: everything, Esbonio or not; never: nothing', () => {
    assert.equal(completionInventories(set, 'always', true), set);
    assert.equal(completionInventories(set, 'never', false), undefined);
    assert.equal(completionInventories(set, 'never', true), undefined);
  });

  it('reads the setting, anything unknown as auto', () => {
    assert.deepEqual(['auto', 'always', 'never', 'sometimes', undefined, 3].map(crossReferenceCompletionOf), ['auto', 'always', 'never', 'auto', 'auto', 'auto']);
  });
});

describe('reference hints beside Zensical Studio (core/inventory/completionScope)', () => {
  it('Markdown pages\' hints are left to Zensical Studio when it is active; reStructuredText keeps them; without it nothing is left', () => {
    assert.equal(hintsLeftToStudio('mkdocs', true), true);
    assert.equal(hintsLeftToStudio('markdown', true), true);
    assert.equal(hintsLeftToStudio('restructuredtext', true), false);
    assert.equal(hintsLeftToStudio('mkdocs', false), false);
  });
});
