import assert from 'node:assert/strict';
import { CleartextWarnings, cleartextBaseUrlWarning } from '../../../src/core/validation/urls';

describe('base URL over plain http', () => {
  for (const url of ['http://rtd.internal.example', 'http://10.0.0.5:8000', 'http://app.readthedocs.org']) {
    it(`warns for ${url}`, () => {
      assert.match(cleartextBaseUrlWarning(url) ?? '', /token would travel unencrypted/);
    });
  }
  for (const url of ['https://app.readthedocs.org', 'http://localhost:8000', 'http://127.0.0.1:5000', 'http://127.1.2.3', 'http://[::1]:8000', 'http://docs.localhost', 'not a url']) {
    it(`stays quiet for ${url}`, () => {
      assert.equal(cleartextBaseUrlWarning(url), undefined);
    });
  }

  it('is said once per base URL', () => {
    const warnings = new CleartextWarnings();
    assert.ok(warnings.check('http://rtd.internal.example'));
    assert.equal(warnings.check('http://rtd.internal.example'), undefined);
    assert.ok(warnings.check('http://other.internal.example'));
    assert.equal(warnings.check('https://secure.example'), undefined);
  });
});
