import * as assert from 'node:assert/strict';
import { redirectTypesFromOptions } from '../../../src/core/choices/redirectTypes';
import {
  emptyRedirectForm, isRedirectLimitMessage, offeredRedirectTypes, redirectFieldOfMessage, redirectFormOf, redirectInputOf,
  redirectLimitExplanation, redirectSummary, typeUsesUrls,
} from '../../../src/core/manage/redirects';
import { type Redirect, parseRedirect } from '../../../src/core/models/redirect';
import { apiFixture } from '../../helpers/fixtures';

const redirect = (fields: Partial<Redirect>): Redirect => ({
  ...parseRedirect({ pk: 1, type: 'page', from_url: '/a', to_url: '/b' }),
  ...fields,
});

describe('manage/redirects', () => {
  it('offers only the types the real service accepts, from an OPTIONS answer that still lists the old names', () => {
    const body = { actions: { POST: { type: { type: 'choice', choices: [
      { value: 'page', display_name: 'Page Redirect' },
      { value: 'exact', display_name: 'Exact Redirect' },
      { value: 'clean_url_to_html', display_name: 'Clean URL to HTML' },
      { value: 'html_to_clean_url', display_name: 'HTML to clean URL' },
      { value: 'prefix', display_name: 'Prefix Redirect' },
      { value: 'sphinx_html', display_name: 'Sphinx HTMLDir to HTML' },
      { value: 'sphinx_htmldir', display_name: 'Sphinx HTML to HTMLDir' },
    ] } } } };
    const offered = offeredRedirectTypes(redirectTypesFromOptions(body));
    assert.deepEqual(offered.map((c) => c.code), ['page', 'exact', 'clean_url_to_html', 'html_to_clean_url']);
    assert.ok(offered.every((c) => c.detail), 'every known type keeps its one-line explanation');
  });

  it('offers what an older server lists (the API description\'s types: renamed names without their new ones), prefix too', () => {
    const body = { actions: { POST: { type: { type: 'choice', choices: [
      { value: 'page', display_name: 'Page Redirect' },
      { value: 'exact', display_name: 'Exact Redirect' },
      { value: 'prefix', display_name: 'Prefix Redirect' },
      { value: 'sphinx_html', display_name: 'Sphinx HTMLDir -> HTML' },
      { value: 'sphinx_htmldir', display_name: 'Sphinx HTML -> HTMLDir' },
    ] } } } };
    assert.deepEqual(offeredRedirectTypes(redirectTypesFromOptions(body)).map((c) => c.code), ['page', 'exact', 'prefix', 'sphinx_html', 'sphinx_htmldir']);
  });

  it('keeps a type the server adds that this version does not know', () => {
    const body = { actions: { POST: { type: { choices: [{ value: 'page', display_name: 'Page' }, { value: 'regex', display_name: 'Regex' }] } } } };
    assert.deepEqual(offeredRedirectTypes(redirectTypesFromOptions(body)).map((c) => c.code), ['page', 'regex']);
  });

  it('knows which types use URLs', () => {
    assert.equal(typeUsesUrls('page'), true);
    assert.equal(typeUsesUrls('exact'), true);
    assert.equal(typeUsesUrls('clean_url_to_html'), false);
    assert.equal(typeUsesUrls('html_to_clean_url'), false);
  });

  describe('redirectInputOf', () => {
    it('a create sends what the person chose, no position', () => {
      const form = { ...emptyRedirectForm(), type: 'exact', fromUrl: '/en/latest/old/*', toUrl: '/en/latest/new/:splat', httpStatus: 301 as const };
      assert.deepEqual(redirectInputOf(form, false), {
        type: 'exact', fromUrl: '/en/latest/old/*', toUrl: '/en/latest/new/:splat', httpStatus: 301, force: false, enabled: true, description: '',
      });
    });

    it('types without URLs send them empty even when the form kept earlier text', () => {
      const form = { ...emptyRedirectForm(), type: 'clean_url_to_html', fromUrl: '/kept', toUrl: '/kept' };
      const input = redirectInputOf(form, false);
      assert.equal(input.fromUrl, '');
      assert.equal(input.toUrl, '');
    });

    it('a PUT carries the whole object, position included', () => {
      const form = redirectFormOf(redirect({ position: 3, force: true, enabled: false, description: 'note', httpStatus: 301 }));
      assert.deepEqual(redirectInputOf(form, true), {
        type: 'page', fromUrl: '/a', toUrl: '/b', httpStatus: 301, force: true, enabled: false, description: 'note', position: 3,
      });
    });

    it('pre-fills from a real PUT response', () => {
      const form = redirectFormOf(parseRedirect(apiFixture('projects-redirects-detail_PUT')));
      assert.ok(form.type);
      assert.ok(form.httpStatus === 301 || form.httpStatus === 302);
    });

    it('pre-fills the renamed old type names with the new ones', () => {
      assert.equal(redirectFormOf(redirect({ type: 'sphinx_html', fromUrl: '', toUrl: '' })).type, 'clean_url_to_html');
    });
  });

  describe('redirectFieldOfMessage (bare-array rule messages)', () => {
    const rows: [string, string | undefined][] = [
      ['The $rest wildcard has been removed in favor of *.', 'from_url'],
      ['The * wildcard must be at the end of the path.', 'from_url'],
      ['The * wildcard must be at the end of from_url to use the :splat placeholder in to_url.', 'to_url'],
      ['Only one redirect of type `clean_url_to_html` is allowed per project.', 'type'],
      ['This project has reached the limit of 100 redirects. Consider replacing some of your redirects with a wildcard redirect.', undefined],
    ];
    for (const [message, field] of rows) it(`${message.slice(0, 40)}… → ${field}`, () => assert.equal(redirectFieldOfMessage(message), field));
  });

  it('recognises the limit refusal and explains it for each edition', () => {
    const message = 'This project has reached the limit of 100 redirects. Consider replacing some of your redirects with a wildcard redirect.';
    assert.equal(isRedirectLimitMessage(message), true);
    assert.equal(isRedirectLimitMessage('The * wildcard must be at the end of the path.'), false);
    assert.match(redirectLimitExplanation('community'), /at most 100 redirects per project/);
    assert.match(redirectLimitExplanation('community'), /:splat/);
    assert.match(redirectLimitExplanation('business', message), /plan/);
  });

  it('summarises a redirect as from → to, or by its type name', () => {
    assert.equal(redirectSummary({ type: 'page', fromUrl: '/a.html', toUrl: '/b.html' }), '/a.html → /b.html');
    assert.equal(redirectSummary({ type: 'html_to_clean_url', fromUrl: '', toUrl: '' }, 'HTML to clean URL'), 'HTML to clean URL');
    assert.equal(redirectSummary({ type: 'exact', fromUrl: '', toUrl: '/x' }), '/ → /x');
  });
});
