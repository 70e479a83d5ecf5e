import * as assert from 'node:assert/strict';
import { REDIRECT_TYPE_CHOICES, redirectTypesFromOptions } from '../../../src/core/choices/redirectTypes';
import { REDIRECT_TYPES } from '../../../src/core/validation/redirects';

const realServiceOptions = {
  name: 'Redirects List',
  actions: {
    POST: {
      type: {
        type: 'choice',
        required: true,
        choices: [
          { value: 'page', display_name: 'Page Redirect' },
          { value: 'exact', display_name: 'Exact Redirect' },
          { value: 'clean_url_to_html', display_name: 'Clean URL to HTML (file/ to file.html)' },
          { value: 'html_to_clean_url', display_name: 'HTML to clean URL (file.html to file/)' },
        ],
      },
    },
  },
};

describe('choices/redirectTypes', () => {
  it('offers the four types the real service accepts, each explained', () => {
    assert.deepEqual(REDIRECT_TYPE_CHOICES.map((c) => c.code), [...REDIRECT_TYPES]);
    for (const choice of REDIRECT_TYPE_CHOICES) assert.ok(choice.detail, `${choice.code} has an explanation`);
  });

  it('never offers the names the real service refuses', () => {
    const codes = REDIRECT_TYPE_CHOICES.map((c) => c.code);
    for (const old of ['prefix', 'sphinx_html', 'sphinx_htmldir']) assert.ok(!codes.includes(old));
  });

  it('uses the server names from OPTIONS, with our explanations', () => {
    const choices = redirectTypesFromOptions(realServiceOptions);
    assert.deepEqual(choices.map((c) => c.code), ['page', 'exact', 'clean_url_to_html', 'html_to_clean_url']);
    assert.equal(choices[2]?.name, 'Clean URL to HTML (file/ to file.html)');
    assert.equal(choices[2]?.detail, '…/page/ → …/page.html');
  });

  it('keeps a type the server offers that we do not know, without an explanation', () => {
    const choices = redirectTypesFromOptions({
      actions: { POST: { type: { choices: [{ value: 'page', display_name: 'Page' }, { value: 'new_kind', display_name: 'New kind' }] } } },
    });
    assert.deepEqual(choices[1], { code: 'new_kind', name: 'New kind' });
    assert.ok(choices[0]?.detail);
  });

  const fallbacks: [string, unknown][] = [
    ['no body', undefined],
    ['a body without actions', { name: 'Redirects List' }],
    ['a malformed body', { actions: { POST: { type: { choices: 'page,exact' } } } }],
    ['an HTML body', '<!doctype html>'],
  ];
  for (const [title, body] of fallbacks) {
    it(`falls back to the known list for ${title}`, () => assert.equal(redirectTypesFromOptions(body), REDIRECT_TYPE_CHOICES));
  }
});
