import * as assert from 'node:assert/strict';
import { InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { MAX_COMPARED_NAMES, nearestNames } from '../../../src/core/inventory/nearest';
import { type InventoryEntry } from '../../../src/core/inventory/parse';
import { referenceAt } from '../../../src/core/inventory/referenceAt';
import { resolveReference } from '../../../src/core/inventory/resolve';

function functions(count: number): InventoryEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `pkg.module${i % 97}.function_${i}`;
    return { name, domain: 'py', type: 'function', priority: 1, uri: `api.html#${name}`, displayName: name };
  });
}

describe('inventory: "did you mean" suggestions stay bounded', () => {
  it(`reads at most ${MAX_COMPARED_NAMES} names, however many it is offered`, () => {
    let read = 0;
    const names = function* () {
      for (let i = 0; i < 1_000_000; i++) {
        read++;
        yield `name${i}`;
      }
    };
    nearestNames('name999999x', names());
    assert.equal(read, MAX_COMPARED_NAMES + 1);
  });

  it('a table that fits is offered whole; a larger one only around the name in name order', () => {
    const index = new InventoryIndex({ project: 'Big', version: '1', entries: functions(100_000) }, 'https://big.example/');
    assert.equal([...index.suggestionNames(['py:function'], 'x', 200_000)].length, 100_000);
    const around = [...index.suggestionNames(['py:function', 'py:class'], 'pkg.module2.function_99', 1000)];
    assert.equal(around.length, 1000);
    assert.ok(around.includes('pkg.module2.function_99'));
  });

  it('finds a typo against a large inventory (compares a bounded set around it)', () => {
    const index = new InventoryIndex({ project: 'Big', version: '1', entries: functions(100_000) }, 'https://big.example/');
    const reference = referenceAt(':func:`pkg.module8.function_9999x`', 8, 'restructuredtext')!;
    const resolution = resolveReference(reference, { own: index, named: new Map() }, undefined);
    assert.equal(resolution?.kind, 'unresolved');
    assert.ok(resolution?.kind === 'unresolved' && resolution.nearest.includes('pkg.module8.function_9999'), JSON.stringify(resolution));
  });
});
