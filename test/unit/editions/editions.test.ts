import assert from 'node:assert/strict';
import { ReadTheDocsClient } from '../../../src/core/api/client';
import { type ClientFactory, Editions, type TokenSource } from '../../../src/core/editions/editions';
import { silentLogger } from '../../../src/core/log';
import { flush } from '../../helpers/manualClock';
import { TestSettings, settingsOf } from '../../helpers/settings';

describe('Editions', () => {
  let tokens: Map<string, string>;
  const source: TokenSource = { get: async (_edition, origin) => tokens.get(origin) };
  const made: string[] = [];
  const factory: ClientFactory = (edition, baseUrl, getToken) => {
    made.push(baseUrl);
    return new ReadTheDocsClient({ edition, baseUrl, getToken, userAgent: 'test', logger: silentLogger });
  };

  let settings: TestSettings;
  beforeEach(() => { tokens = new Map(); made.length = 0; settings = new TestSettings(); });

  it('configures only editions with a base URL, community first, and keys tokens by origin', async () => {
    const editions = new Editions(new TestSettings(settingsOf({ businessUrl: 'https://app.readthedocs.com/' })), source, factory);
    assert.deepEqual(editions.configured, ['community', 'business']);
    assert.deepEqual(editions.signedIn, []);
    tokens.set('https://app.readthedocs.com', 'b'.repeat(40));
    await editions.reloadTokens();
    assert.deepEqual(editions.signedIn, ['business']);
    assert.equal(editions.origin('business'), 'https://app.readthedocs.com');
    editions.dispose();
  });

  it('rebuilds the client of an edition whose base URL changed, and re-reads its token', async () => {
    tokens.set('https://app.readthedocs.org', 'a'.repeat(40));
    const editions = new Editions(settings, source, factory);
    await editions.reloadTokens();
    const before = editions.client('community');
    let changes = 0;
    editions.onDidChange(() => changes++);
    settings.set({ communityUrl: 'https://rtd.example.com' });
    await flush();
    assert.notEqual(editions.client('community'), before);
    assert.deepEqual(editions.signedIn, [], 'the old token belongs to the old origin');
    assert.ok(changes >= 1);
    editions.dispose();
  });

  it('keeps the client when only the budget changes, and announces a page size change', async () => {
    const editions = new Editions(settings, source, factory);
    const client = editions.client('community');
    let changes = 0;
    editions.onDidChange(() => changes++);
    settings.set({ requestsPerMinute: 30 });
    await flush();
    assert.equal(changes, 0);
    settings.set({ requestsPerMinute: 30, pageSize: 50 });
    await flush();
    assert.equal(editions.client('community'), client);
    assert.equal(changes, 1);
    editions.dispose();
  });

  it('marks an edition signed out after a rejected token, once', async () => {
    tokens.set('https://app.readthedocs.org', 'a'.repeat(40));
    const editions = new Editions(settings, source, factory);
    await editions.reloadTokens();
    let changes = 0;
    editions.onDidChange(() => changes++);
    editions.markSignedOut('community');
    editions.markSignedOut('community');
    assert.deepEqual(editions.signedIn, []);
    assert.equal(changes, 1);
    editions.dispose();
  });

  it('reads no token until one is needed, then once, and again only when asked to reload', async () => {
    tokens.set('https://app.readthedocs.org', 'a'.repeat(40));
    const reads: string[] = [];
    const counting: TokenSource = { get: async (_edition, origin) => { reads.push(origin); return tokens.get(origin); } };
    const source = new TestSettings();
    const editions = new Editions(source, counting, factory);
    source.set({ communityUrl: 'https://rtd.example.com/' });
    await flush();
    source.set({ pageSize: 50 });
    await flush();
    assert.deepEqual(reads, [], 'building and re-configuring the editions reads no secret');
    assert.equal(editions.tokensRead, false);
    assert.deepEqual(editions.signedIn, []);

    tokens.set('https://app.readthedocs.org', 'a'.repeat(40));
    await Promise.all([editions.ensureTokens(), editions.ensureTokens()]);
    await editions.ensureTokens();
    assert.deepEqual(reads, ['https://app.readthedocs.org'], 'read once, however many ask');
    assert.deepEqual(editions.signedIn, ['community']);

    await editions.reloadTokens();
    assert.equal(reads.length, 2);
    source.set({ communityUrl: 'https://rtd.example.com/' });
    await flush();
    assert.deepEqual(reads.slice(2), ['https://rtd.example.com'], 'once read, a new base URL re-reads its token');
    editions.dispose();
  });

  it('tries the first reading again when it failed', async () => {
    let fail = true;
    const flaky: TokenSource = { get: async () => { if (fail) throw new Error('keyring locked'); return 'a'.repeat(40); } };
    const editions = new Editions(new TestSettings(), flaky, factory);
    await assert.rejects(editions.ensureTokens(), /keyring locked/);
    fail = false;
    await editions.ensureTokens();
    assert.deepEqual(editions.signedIn, ['community']);
    editions.dispose();
  });

  it('switches an edition off with an empty URL', () => {
    const editions = new Editions(new TestSettings(settingsOf({ communityUrl: '  ' })), source, factory);
    assert.deepEqual(editions.configured, []);
    editions.dispose();
  });
});
