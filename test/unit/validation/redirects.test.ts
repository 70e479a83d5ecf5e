import * as assert from 'node:assert/strict';
import {
  REDIRECT_TYPES, canonicalRedirectType, requiredFields, validateFromUrl, validateHttpStatus, validatePosition,
  validateRedirect, validateRedirectCount, validateRedirectType, validateToUrl,
} from '../../../src/core/validation/redirects';
import { validatorCases } from './caseTable';

const at = (length: number): string => `/${'a'.repeat(length - 1)}`;

describe('validation/redirects', () => {
  describe('canonicalRedirectType', () => {
    const rows: [string, string][] = [
      ['sphinx_html', 'clean_url_to_html'],
      ['sphinx_htmldir', 'html_to_clean_url'],
      ['page', 'page'],
      ['exact', 'exact'],
      ['clean_url_to_html', 'clean_url_to_html'],
      ['prefix', 'prefix'],
      ['some_future_type', 'some_future_type'],
    ];
    for (const [input, expected] of rows) {
      it(`maps ${input} to ${expected}`, () => assert.equal(canonicalRedirectType(input), expected));
    }
  });

  describe('requiredFields', () => {
    const rows: [string, string[]][] = [
      ['page', ['from_url', 'to_url']],
      ['exact', ['from_url', 'to_url']],
      ['clean_url_to_html', []],
      ['html_to_clean_url', []],
      ['sphinx_html', []],
      ['sphinx_htmldir', []],
    ];
    for (const [type, expected] of rows) {
      it(`${type} needs ${expected.length === 0 ? 'no URL' : expected.join(' and ')}`, () => {
        assert.deepEqual(requiredFields(type), expected);
      });
    }
  });

  describe('validateRedirectType', () => {
    validatorCases(validateRedirectType, [
      ...REDIRECT_TYPES.map((type): [string, [string], undefined] => [type, [type], undefined]),
      ['the renamed sphinx_html (mapped before sending)', ['sphinx_html'], undefined],
      ['an empty type', [''], /Choose a redirect type/],
      ['prefix, explaining the exact /prefix/* replacement', ['prefix'], /exact redirect from \/prefix\/\*/],
    ]);
  });

  describe('validateFromUrl', () => {
    validatorCases(validateFromUrl, [
      ['a page path', ['/old.html', 'page'], undefined],
      ['an exact path with language and version', ['/en/latest/old.html', 'exact'], undefined],
      ['a trailing * wildcard', ['/en/latest/old/*', 'exact'], undefined],
      ['a lone *', ['/*', 'page'], undefined],
      ['255 characters', [at(255), 'exact'], undefined],
      ['anything for clean_url_to_html (forced to "")', ['no slash', 'clean_url_to_html'], undefined],
      ['anything for html_to_clean_url (forced to "")', ['*/x', 'html_to_clean_url'], undefined],
      ['an empty path for page', ['', 'page'], /Enter the path/],
      ['an empty path for exact', ['', 'exact'], /Enter the path/],
      ['a path without a leading /', ['old.html', 'page'], /Start the path with \//],
      ['a full URL', ['https://example.com/old', 'exact'], /Start the path with \//],
      ['$rest at the end', ['/en/latest/$rest', 'exact'], /\$rest wildcard has been removed in favor of \*/],
      ['$rest in the middle', ['/a/$rest/b', 'exact'], /\$rest/],
      ['* in the middle', ['/en/*/old.html', 'exact'], /must be at the end/],
      ['two *', ['/a/**', 'page'], /must be at the end/],
      ['256 characters', [at(256), 'exact'], /at most 255 characters.*256/],
      ['256 characters for page', [at(256), 'page'], /at most 255/],
    ]);
  });

  describe('validateToUrl', () => {
    validatorCases(validateToUrl, [
      ['a path', ['/new.html', 'page', '/old.html'], undefined],
      ['an https URL', ['https://example.com/new/', 'exact', '/en/latest/old/'], undefined],
      ['an http URL', ['http://example.com/', 'page', '/old.html'], undefined],
      [':splat with a trailing * in from_url', ['/en/latest/new/:splat', 'exact', '/en/latest/old/*'], undefined],
      [':splat in an absolute URL with *', ['https://example.com/:splat', 'exact', '/old/*'], undefined],
      ['255 characters', [at(255), 'page', '/old'], undefined],
      ['anything for html_to_clean_url', ['', 'html_to_clean_url', ''], undefined],
      ['an empty target for page', ['', 'page', '/old.html'], /Enter where to redirect to/],
      ['a relative path', ['new.html', 'page', '/old.html'], /Start with \//],
      ['an ftp URL', ['ftp://example.com/', 'exact', '/old'], /Start with \//],
      ['an upper-case HTTPS:// (the server would prefix it with /)', ['HTTPS://example.com/', 'exact', '/old'], /Start with \//],
      ['credentials in the URL', ['https://u:p@example.com/', 'exact', '/old'], /user name and password/],
      ['an incomplete https:// URL', ['https://', 'exact', '/old'], /not a complete URL/],
      [':splat without * in from_url', ['/new/:splat', 'exact', '/old/'], /:splat placeholder needs .* \* wildcard/],
      [':splat with * not at the end of from_url', ['/new/:splat', 'exact', '/old/*/x'], /:splat/],
      [':splat with an empty from_url', ['/new/:splat', 'page', ''], /:splat/],
      ['256 characters', [at(256), 'exact', '/old'], /at most 255 characters.*256/],
    ]);
  });

  describe('validateHttpStatus', () => {
    validatorCases(validateHttpStatus, [
      ['301', [301], undefined],
      ['302', [302], undefined],
      ['303', [303], /"303" is not a valid choice.*301.*302/],
      ['200', [200], /not a valid choice/],
    ]);
  });

  describe('validatePosition', () => {
    validatorCases(validatePosition, [
      ['0', [0], undefined],
      ['a large position', [250], undefined],
      ['typed digits', [' 12 '], undefined],
      ['-1', [-1], /whole number, 0/],
      ['1.5', [1.5], /whole number/],
      ['NaN', [Number.NaN], /whole number/],
      ['typed text', ['first'], /whole number/],
      ['typed negative', ['-3'], /whole number/],
      ['an empty text', [''], /whole number/],
    ]);
  });

  describe('validateRedirect', () => {
    it('accepts a complete exact redirect', () => {
      assert.deepEqual(validateRedirect({
        type: 'exact', from_url: '/en/latest/old/*', to_url: '/en/latest/new/:splat',
        http_status: 301, position: 0, description: 'Moved', force: false, enabled: true,
      }), {});
    });

    it('accepts a clean_url_to_html redirect with null URLs as GET returns them', () => {
      assert.deepEqual(validateRedirect({ type: 'clean_url_to_html', from_url: null, to_url: null }), {});
    });

    it('reports every field at once, keyed by the API field name', () => {
      assert.deepEqual(Object.keys(validateRedirect({
        type: 'page', from_url: 'old', to_url: 'new', http_status: 307, position: -1, description: 'd'.repeat(256),
      })).sort(), ['description', 'from_url', 'http_status', 'position', 'to_url']);
    });

    it('asks for both URLs of a page redirect', () => {
      const errors = validateRedirect({ type: 'page' });
      assert.match(errors.from_url ?? '', /Enter the path/);
      assert.match(errors.to_url ?? '', /Enter where/);
    });

    it('checks :splat against the draft from_url', () => {
      assert.match(validateRedirect({ type: 'exact', from_url: '/old/', to_url: '/new/:splat' }).to_url ?? '', /:splat/);
    });

    it('accepts a description of 255 characters and refuses 256', () => {
      assert.deepEqual(validateRedirect({ type: 'html_to_clean_url', description: 'd'.repeat(255) }), {});
      assert.match(validateRedirect({ type: 'html_to_clean_url', description: 'd'.repeat(256) }).description ?? '', /255/);
    });

    it('explains prefix under type', () => {
      assert.match(validateRedirect({ type: 'prefix', from_url: '/docs/' }).type ?? '', /exact/);
    });

    it('allows one clean_url_to_html per project', () => {
      const others = [{ type: 'page' }, { type: 'clean_url_to_html' }];
      assert.match(validateRedirect({ type: 'clean_url_to_html' }, others).type ?? '', /Only one redirect of type `clean_url_to_html`/);
      assert.deepEqual(validateRedirect({ type: 'html_to_clean_url' }, others), {});
    });

    it('counts an existing redirect under the spec name as the same type', () => {
      assert.match(validateRedirect({ type: 'html_to_clean_url' }, [{ type: 'sphinx_htmldir' }]).type ?? '', /Only one/);
      assert.match(validateRedirect({ type: 'sphinx_html' }, [{ type: 'clean_url_to_html' }]).type ?? '', /`clean_url_to_html`/);
    });

    it('lets the edited redirect keep its own type (the caller leaves it out of the others)', () => {
      assert.deepEqual(validateRedirect({ type: 'clean_url_to_html' }, [{ type: 'page' }]), {});
    });

    it('allows many page and exact redirects', () => {
      const others = [{ type: 'page' }, { type: 'exact' }];
      assert.deepEqual(validateRedirect({ type: 'page', from_url: '/a', to_url: '/b' }, others), {});
    });
  });

  describe('validateRedirectCount', () => {
    validatorCases(validateRedirectCount, [
      ['no redirects yet', [0], undefined],
      ['99 redirects on community', [99], undefined],
      ['100 redirects on community', [100], /limit of 100 redirects.*wildcard/],
      ['more than the limit', [150], /limit of 100/],
      ['a plan limit of 500 below it', [499, 500], undefined],
      ['a plan limit of 500 reached', [500, 500], /limit of 500 redirects/],
    ]);
  });
});
