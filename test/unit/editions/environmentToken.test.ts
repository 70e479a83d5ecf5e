import assert from 'node:assert/strict';
import { environmentTokenFor, environmentTokenOf } from '../../../src/core/editions/environmentToken';

describe('READTHEDOCS_TOKEN: a credential for one server', () => {
  it('is for Read the Docs Community unless READTHEDOCS_API_URL names another origin', () => {
    const community = environmentTokenOf({ READTHEDOCS_TOKEN: ' tok ' });
    assert.equal(environmentTokenFor(community, 'community', 'https://app.readthedocs.org'), 'tok');
    assert.equal(environmentTokenFor(community, 'community', 'https://readthedocs.org'), 'tok');
    assert.equal(environmentTokenFor(community, 'community', 'https://rtd.example.com'), undefined);
    assert.equal(environmentTokenFor(community, 'business', 'https://app.readthedocs.org'), undefined);
    const own = environmentTokenOf({ READTHEDOCS_TOKEN: 'tok', READTHEDOCS_API_URL: 'https://rtd.example.com/api/v3/' });
    assert.equal(environmentTokenFor(own, 'community', 'https://rtd.example.com'), 'tok');
    assert.equal(environmentTokenFor(own, 'community', 'https://app.readthedocs.org'), undefined);
  });

  it('goes nowhere when READTHEDOCS_API_URL is no web address, and is absent when blank', () => {
    for (const url of ['not a url', 'file:///tmp/api', 'https://user:pw@rtd.example.com/']) {
      assert.deepEqual(environmentTokenOf({ READTHEDOCS_TOKEN: 'tok', READTHEDOCS_API_URL: url })?.origins, [], url);
    }
    assert.equal(environmentTokenOf({ READTHEDOCS_TOKEN: '  ' }), undefined);
    assert.equal(environmentTokenOf({}), undefined);
  });
});
