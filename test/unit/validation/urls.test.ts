import * as assert from 'node:assert/strict';
import { hasWebScheme, isWebUrl, parseHttpUrl, validateHttpUrl, webUrlOf } from '../../../src/core/validation/urls';
import { validatorCases } from './caseTable';

describe('validation/urls', () => {
  describe('validateHttpUrl', () => {
    validatorCases(validateHttpUrl, [
      ['an https URL', ['https://docs.example.com/en/latest/'], undefined],
      ['an http URL with a port and fragment', ['http://localhost:8000/page.html#section'], undefined],
      ['surrounding whitespace', ['  https://example.readthedocs.io/  '], undefined],
      ['an empty string', [''], /Enter a URL/],
      ['only spaces', ['   '], /Enter a URL/],
      ['a bare host name', ['docs.example.com/page'], /not a complete URL/],
      ['a relative path', ['/en/latest/'], /not a complete URL/],
      ['an ftp URL', ['ftp://example.com/file'], /Only http:\/\/ and https:\/\/.*ftp:/],
      ['a javascript: URL', ['javascript:alert(1)'], /Only http/],
      ['a file URL', ['file:///etc/passwd'], /Only http/],
      ['user and password', ['https://user:secret@example.com/'], /user name and password/],
      ['a user name alone', ['https://user@example.com/'], /user name and password/],
      ['an http URL without a host', ['https://'], /not a complete URL/],
    ]);
  });

  describe('parseHttpUrl', () => {
    it('returns the parsed URL', () => {
      const result = parseHttpUrl(' https://example.readthedocs.io/en/latest/index.html#intro ');
      assert.ok(result.ok);
      assert.equal(result.url.hostname, 'example.readthedocs.io');
      assert.equal(result.url.hash, '#intro');
    });

    it('returns a reason that never repeats the password', () => {
      const result = parseHttpUrl('https://me:hunter2@example.com/');
      assert.equal(result.ok, false);
      assert.ok(!result.ok && !result.reason.includes('hunter2'));
    });
  });

  describe('hasWebScheme (an address, not a path)', () => {
    it('exactly as the server reads a redirect target; in any case as typed', () => {
      assert.deepEqual(['http://a/', 'https://a/', 'HTTPS://a/', '/docs/', 'httpx://a', 'http:/a', 'ftp://a', ''].map((t) => hasWebScheme(t)), [true, true, false, false, false, false, false, false]);
      assert.deepEqual(['HTTPS://a/', 'Http://a', '/docs/', 'javascript:x'].map((t) => hasWebScheme(t, true)), [true, true, false, false]);
    });
  });

  describe('webUrlOf / isWebUrl (the one silent check for server-sent links)', () => {
    it('accepts absolute http(s) URLs and refuses other schemes, relative paths and user info', () => {
      assert.equal(webUrlOf('https://x.readthedocs.io/en/latest/')?.host, 'x.readthedocs.io');
      assert.equal(isWebUrl('http://127.0.0.1:8000/a'), true);
      for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', '/en/latest/', 'https://x.readthedocs.io@evil.example/', 'https://u:p@example.com/']) {
        assert.equal(webUrlOf(bad), undefined, bad);
        assert.equal(isWebUrl(bad), false, bad);
      }
    });
  });
});
