import * as assert from 'node:assert/strict';
import { choicesFromOptions } from '../../../src/core/choices/optionsMetadata';

const withTypeChoices = (choices: unknown, method = 'POST'): unknown => ({
  name: 'Redirects', actions: { [method]: { type: { type: 'choice', required: true, label: 'Type', choices } } },
});

describe('choices/optionsMetadata', () => {
  it('reads value and display_name of a POST field', () => {
    assert.deepEqual(choicesFromOptions(withTypeChoices([{ value: 'page', display_name: 'Page Redirect' }]), 'type'), [
      { code: 'page', name: 'Page Redirect' },
    ]);
  });

  it('falls back to PUT when there is no POST', () => {
    assert.deepEqual(choicesFromOptions(withTypeChoices([{ value: 'exact', display_name: 'Exact' }], 'PUT'), 'type'), [
      { code: 'exact', name: 'Exact' },
    ]);
  });

  it('turns numeric values into codes and uses the value when the display name is missing or empty', () => {
    assert.deepEqual(choicesFromOptions(withTypeChoices([{ value: 302 }, { value: 'x', display_name: '' }]), 'type'), [
      { code: '302', name: '302' },
      { code: 'x', name: 'x' },
    ]);
  });

  it('skips malformed entries and keeps the good ones', () => {
    const choices = [null, 'page', { display_name: 'No value' }, { value: { nested: true } }, { value: 'exact', display_name: 'Exact' }];
    assert.deepEqual(choicesFromOptions(withTypeChoices(choices), 'type'), [{ code: 'exact', name: 'Exact' }]);
  });

  const missing: [string, unknown][] = [
    ['undefined', undefined],
    ['null', null],
    ['a string body', '<html>Not found</html>'],
    ['an array body', [1, 2]],
    ['a body without actions (not allowed to write)', { name: 'Redirects', renders: ['application/json'] }],
    ['actions without POST or PUT', { actions: { PATCH: {} } }],
    ['actions as a list', { actions: [] }],
    ['POST as null', { actions: { POST: null } }],
    ['a missing field', { actions: { POST: { from_url: { type: 'string' } } } }],
    ['a field without choices', withTypeChoices(undefined)],
    ['choices that are not a list', withTypeChoices({ page: 'Page' })],
    ['an empty choices list', withTypeChoices([])],
    ['only malformed choices', withTypeChoices([1, null, {}])],
  ];
  for (const [title, body] of missing) {
    it(`gives undefined for ${title}`, () => assert.equal(choicesFromOptions(body, 'type'), undefined));
  }
});
