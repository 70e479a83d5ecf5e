import assert from 'node:assert/strict';
import { asObject, optObject, ShapeError } from '../../../src/core/models/parse';
import { isJsonObject } from '../../../src/core/util/json';

describe('isJsonObject', () => {
  it('takes objects and mappings, empty ones too', () => {
    assert.equal(isJsonObject({}), true);
    assert.equal(isJsonObject({ a: 1 }), true);
    assert.equal(isJsonObject(Object.create(null)), true);
  });

  it('refuses null, lists and every other kind of value', () => {
    for (const value of [null, undefined, [], [{}], 'x', '', 0, 1, true, false]) {
      assert.equal(isJsonObject(value), false, JSON.stringify(value));
    }
  });

  it('is the rule asObject and optObject follow', () => {
    assert.throws(() => asObject([], 'p'), ShapeError);
    assert.throws(() => asObject(null, 'p'), ShapeError);
    assert.deepEqual(asObject({ a: 1 }, 'p'), { a: 1 });
    assert.equal(optObject({ a: [] }, 'a'), undefined);
    assert.deepEqual(optObject({ a: { b: 2 } }, 'a'), { b: 2 });
  });
});
