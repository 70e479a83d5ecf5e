import assert from 'node:assert/strict';
import { ReadTheDocsClient } from '../../../src/core/api/client';
import { type ClientFactory, Editions, type TokenSource } from '../../../src/core/editions/editions';
import { silentLogger } from '../../../src/core/log';
import { TestSettings, settingsOf } from '../../helpers/settings';

describe('Editions: the transport for docs hosts', () => {
  const source: TokenSource = { get: async () => undefined };
  const factory: ClientFactory = (edition, baseUrl, getToken) => new ReadTheDocsClient({ edition, baseUrl, getToken, userAgent: 'test', logger: silentLogger });

  it('is the first edition that is on: Community, else Business, else none', () => {
    const both = new Editions(new TestSettings(settingsOf({ businessUrl: 'https://app.readthedocs.com/' })), source, factory);
    assert.equal(both.docsHostTransport(), both.client('community')!.transport);
    both.dispose();
    const business = new Editions(new TestSettings(settingsOf({ communityUrl: '', businessUrl: 'https://app.readthedocs.com/' })), source, factory);
    assert.equal(business.docsHostTransport(), business.client('business')!.transport);
    business.dispose();
    const none = new Editions(new TestSettings(settingsOf({ communityUrl: '' })), source, factory);
    assert.equal(none.docsHostTransport(), undefined);
    none.dispose();
  });
});
