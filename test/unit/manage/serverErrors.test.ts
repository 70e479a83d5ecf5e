import * as assert from 'node:assert/strict';
import { fieldMatches, placeServerErrors } from '../../../src/core/manage/serverErrors';

describe('manage/serverErrors', () => {
  describe('fieldMatches', () => {
    const rows: [string, string, boolean][] = [
      ['name', 'name', true],
      ['repository.url', 'repository', true],
      ['repository', 'repository.url', true],
      ['repository.url', 'repository.url', true],
      ['repository_url', 'repository', false],
      ['from_url', 'to_url', false],
    ];
    for (const [server, step, expected] of rows) {
      it(`${server} vs ${step} → ${expected}`, () => assert.equal(fieldMatches(server, step), expected));
    }
  });

  const steps = [['type'], ['from_url'], ['to_url'], ['http_status']];

  it('places field messages (map shape) on the step of that field', () => {
    const placed = placeServerErrors(steps, { fieldErrors: { to_url: ['Enter a valid URL.'] }, generalErrors: [] });
    assert.deepEqual([...placed.byStep], [[2, 'Enter a valid URL.']]);
    assert.deepEqual(placed.unplaced, []);
  });

  it('places nested fields (repository.url) on the step of the parent field', () => {
    const placed = placeServerErrors([['name'], ['repository']], { fieldErrors: { 'repository.url': ['Invalid scheme for URL'] }, generalErrors: [] });
    assert.deepEqual([...placed.byStep], [[1, 'Invalid scheme for URL']]);
  });

  it('joins several messages for one step', () => {
    const placed = placeServerErrors(steps, { fieldErrors: { from_url: ['One.', 'Two.'] }, generalErrors: [] });
    assert.equal(placed.byStep.get(1), 'One. Two.');
  });

  it('places bare-array and non_field_errors messages with the classifier', () => {
    const placed = placeServerErrors(steps, { fieldErrors: {}, generalErrors: ['The * wildcard must be at the end of the path.', 'Something else.'] },
      (message) => (message.includes('wildcard') ? 'from_url' : undefined));
    assert.deepEqual([...placed.byStep], [[1, 'The * wildcard must be at the end of the path.']]);
    assert.deepEqual(placed.unplaced, ['Something else.']);
  });

  it('keeps messages of fields no step sets, labelled with the field', () => {
    const placed = placeServerErrors(steps, { fieldErrors: { position: ['A valid integer is required.'] }, generalErrors: [] });
    assert.equal(placed.byStep.size, 0);
    assert.deepEqual(placed.unplaced, ['position: A valid integer is required.']);
  });

  it('ignores steps with no fields (not shown this time)', () => {
    const placed = placeServerErrors([['type'], [], ['to_url']], { fieldErrors: { from_url: ['x'] }, generalErrors: [] });
    assert.deepEqual(placed.unplaced, ['from_url: x']);
  });
});
