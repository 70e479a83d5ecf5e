import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { ReadTheDocsClient } from '../../src/core/api/client';
import { silentLogger } from '../../src/core/log';
import { type ClientFactory, Editions } from '../../src/core/editions/editions';
import { environmentTokenOf } from '../../src/core/editions/environmentToken';
import { TokenStore } from '../../src/vscode/tokenStore';
import { TestSettings, settingsOf } from '../helpers/settings';
import { type Sandbox, startSandbox } from '../sandbox';

/** Nothing stored: READTHEDOCS_TOKEN is the only token. */
const noSecrets = {
  get: async () => undefined,
  store: async () => { throw new Error('nothing is stored here'); },
  delete: async () => undefined,
  onDidChange: () => ({ dispose: () => undefined }),
} as unknown as vscode.SecretStorage;

/** READTHEDOCS_TOKEN is a credential for one server; the sandbox's request log shows where it went. */
describe('READTHEDOCS_TOKEN ↔ sandbox: only to its own server', () => {
  let sandbox: Sandbox;
  const open: Editions[] = [];

  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    for (const editions of open) editions.dispose();
    await sandbox.close();
  });

  async function listWith(env: { READTHEDOCS_TOKEN?: string; READTHEDOCS_API_URL?: string }): Promise<Editions> {
    const makeClient: ClientFactory = (edition, baseUrl, getToken) => new ReadTheDocsClient({ edition, baseUrl, getToken, userAgent: 'test', logger: silentLogger });
    const editions = new Editions(new TestSettings(settingsOf({ communityUrl: sandbox.origin, businessUrl: '' })), new TokenStore(noSecrets, environmentTokenOf(env)), makeClient);
    open.push(editions);
    await editions.reloadTokens();
    sandbox.clearLog();
    await editions.requireClient('community').projects.list().catch(() => undefined);
    assert.ok(sandbox.requests.length > 0, 'a request reached the sandbox');
    return editions;
  }

  it('without READTHEDOCS_API_URL it is for Read the Docs Community: a community URL elsewhere never gets it', async () => {
    const editions = await listWith({ READTHEDOCS_TOKEN: sandbox.tokens.owner });
    assert.deepEqual(editions.signedIn, []);
    assert.ok(sandbox.requests.every((r) => r.authorization === undefined), JSON.stringify(sandbox.requests.map((r) => r.authorization)));
  });

  it('with READTHEDOCS_API_URL naming another server, the configured community URL never gets it', async () => {
    const editions = await listWith({ READTHEDOCS_TOKEN: sandbox.tokens.owner, READTHEDOCS_API_URL: 'https://readthedocs.example.com/api/v3/' });
    assert.deepEqual(editions.signedIn, []);
    assert.ok(sandbox.requests.every((r) => r.authorization === undefined));
  });

  it('with READTHEDOCS_API_URL naming this server, it signs the community edition in', async () => {
    const editions = await listWith({ READTHEDOCS_TOKEN: sandbox.tokens.owner, READTHEDOCS_API_URL: `${sandbox.origin}/api/v3/` });
    assert.deepEqual(editions.signedIn, ['community']);
    assert.ok(sandbox.requests.every((r) => r.authorized), 'every request carried the token');
  });
});
