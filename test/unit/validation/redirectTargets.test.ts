import assert from 'node:assert/strict';
import { validateRedirect, validateToUrl } from '../../../src/core/validation/redirects';

describe('redirect to_url: no protocol-relative targets', () => {
  for (const target of ['//evil.example/x', '/\\evil.example', '/\\/evil.example', '\\\\evil.example', '/\t/evil.example', '/\n/evil.example']) {
    it(`refuses ${JSON.stringify(target)}`, () => {
      assert.ok(validateToUrl(target, 'exact', '/old/'), 'refused');
      assert.ok(validateRedirect({ type: 'page', from_url: '/old.html', to_url: target }).to_url, 'refused in the whole-redirect check');
    });
  }

  for (const target of ['/new-page.html', '/en/latest/', 'https://other.example/x', 'http://other.example/x', '/a//b']) {
    it(`accepts ${JSON.stringify(target)}`, () => {
      assert.equal(validateToUrl(target, 'exact', '/old/'), undefined);
    });
  }
});
