import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, setEditionUrls, signInWith, signOutAll } from './helpers/host';
import { refresh, signedInEditions } from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

describe('sign in and out (extension host, sandbox)', () => {
  let sandbox: Sandbox;
  let testing: TestingApi;
  let host: string;

  before(async () => {
    sandbox = await startSandbox({});
    host = new URL(sandbox.origin).host;
    testing = await getTesting();
    await setEditionUrls({ community: sandbox.origin, business: '' });
  });

  after(async () => {
    await signOutAll(testing);
    await sandbox.close();
  });

  beforeEach(() => sandbox.clearLog());

  const signedIn = () => signedInEditions(testing);

  /**
   * The token the extension holds now: the one it sends when the projects list is read again
   * (undefined when signed out, so nothing is sent).
   */
  async function tokenInUse(): Promise<string | undefined> {
    const before = sandbox.requests.length;
    await refresh();
    await signedIn();
    const sent = sandbox.requests.slice(before).filter((r) => r.path === '/api/v3/projects/');
    return sent.at(-1)?.authorization?.replace(/^Token /, '');
  }

  it('rejects a bad token with "The token was rejected by <host>" and stores nothing', async () => {
    const bad = 'f'.repeat(40);
    const ui = await signInWith(testing, bad);
    ui.assertDone();
    const error = await ui.waitForMessage(/token was rejected/);
    assert.equal(error.severity, 'error');
    assert.match(error.text, new RegExp(`^The token was rejected by ${host.replace(/\./g, '\\.')}`));
    // One cheap request checked it.
    const api = sandbox.requests.filter((r) => r.path.startsWith('/api/v3/'));
    assert.equal(api.length, 1);
    assert.equal(api[0].authorization, `Token ${bad}`);
    assert.deepEqual(await signedIn(), []);
    assert.equal(await tokenInUse(), undefined);
    assert.ok(!testing.logLines.join('\n').includes(bad), 'the rejected token is not in the log');
  });

  it('asks for the token in a password box, validates it as typed, and checks it before storing', async () => {
    const token = sandbox.tokens.owner;
    const ui = new ScriptedUi().input('').input('has spaces in it').input(token);
    testing.setUi(ui);
    await vscode.commands.executeCommand('readthedocs.signIn');
    ui.assertDone();
    assert.equal(ui.prompts.length, 1, 'no edition question with one edition configured');
    assert.equal(ui.prompts[0].password, true);
    assert.deepEqual(ui.validationMessages, ['Paste the token.', 'A token has no spaces.']);
    await ui.waitForMessage(`Signed in to ${host}.`);
    const api = sandbox.requests.filter((r) => r.path.startsWith('/api/v3/'));
    assert.equal(api[0].path, '/api/v3/projects/');
    assert.equal(api[0].status, 200);
    assert.deepEqual(await signedIn(), ['community']);
    assert.equal(await tokenInUse(), token);
  });

  it('registers the "readthedocs" authentication provider (Accounts menu)', async () => {
    // An unregistered provider makes getSession throw. Whether a session comes back silently
    // depends on the workbench's consent state, so only its shape is checked when it does.
    const session = await vscode.authentication.getSession('readthedocs', [], { silent: true });
    if (session) assert.equal(session.account.label, `${host} (Read the Docs Community)`);
  });

  it('keeps the token out of settings and out of the log channel', async () => {
    // Make the extension log some requests with the token in use.
    assert.equal(await tokenInUse(), sandbox.tokens.owner);
    const settings = JSON.stringify(vscode.workspace.getConfiguration());
    assert.ok(settings.includes(sandbox.origin), 'the dump holds our settings');
    for (const token of [sandbox.tokens.owner]) {
      assert.ok(!settings.includes(token), 'token in settings');
      assert.ok(!testing.logLines.join('\n').includes(token), 'token in the log');
    }
  });

  it('reports a network failure as such and stores nothing', async () => {
    await signOutAll(testing);
    sandbox.addFault({ path: '/api/v3/projects/', kind: 'drop', times: 10 });
    const ui = await signInWith(testing, sandbox.tokens.other);
    const error = await ui.waitForMessage(() => true);
    assert.equal(error.severity, 'error');
    assert.match(error.text, /reach|connection|network/i);
    sandbox.clearFaults();
    assert.deepEqual(await signedIn(), []);
    assert.equal(await tokenInUse(), undefined);
  });

  it('signs out: forgets the token of the edition', async () => {
    await signInWith(testing, sandbox.tokens.owner);
    assert.deepEqual(await signedIn(), ['community']);
    const ui = new ScriptedUi();
    testing.setUi(ui);
    await vscode.commands.executeCommand('readthedocs.signOut');
    ui.assertDone();
    await ui.waitForMessage(`Signed out of ${host}.`);
    assert.deepEqual(await signedIn(), []);
    assert.equal(await tokenInUse(), undefined);
  });
});
