// UI paths that had no extension-host test (issue 17): Refresh (everything, one folder), Open in
// Browser from the palette, Open Build in Browser (row, build document), Show Running Builds and
// the running-builds status bar item's words, and signing in through READTHEDOCS_TOKEN.

import { ReadTheDocsClient } from '../../src/core/api/client';
import { silentLogger } from '../../src/core/log';
import { TestSettings, settingsOf } from '../helpers/settings';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type ClientFactory, Editions } from '../../src/core/editions/editions';
import { environmentTokenOf } from '../../src/core/editions/environmentToken';
import type { NodeOfKind } from '../../src/core/tree/nodes';
import { TokenStore } from '../../src/vscode/tokenStore';
import { runningBuildIds, waitFor } from './helpers/host';
import { useSignedInSandbox } from './helpers/manage';
import { children, folderNode, folderRows, refresh, run } from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

/** A SecretStorage with nothing stored: the environment variable is the only token. */
function emptySecrets(): vscode.SecretStorage {
  const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  return {
    get: async () => undefined,
    store: async () => { throw new Error('nothing is stored in this test'); },
    delete: async () => undefined,
    onDidChange: changed.event,
  };
}

describe('UI paths: refresh, open in browser, running builds, READTHEDOCS_TOKEN', function () {
  this.timeout(60_000);
  // Builds step slowly enough to be caught running.
  const ctx = useSignedInSandbox({ buildStepMs: 1500 });

  const gets = (path: string) => ctx.sandbox.requests.filter((r) => r.method === 'GET' && r.path === path);

  beforeEach(() => {
    ctx.sandbox.clearLog();
    ctx.testing.setUi(new ScriptedUi());
  });

  it('Show Running Builds with nothing running says so, and the status bar item is hidden', async () => {
    // Builds other files watched left with their sign-out (the watcher drops a signed-out edition's builds at once).
    await waitFor(() => runningBuildIds(ctx.testing).length === 0, 'no build watched', 30_000);
    assert.equal(ctx.testing.runningBuildsStatus(), undefined);
    const ui = new ScriptedUi();
    await run(ctx.testing, 'readthedocs.showRunningBuilds', ui);
    assert.deepEqual(ui.messages.map((m) => [m.severity, m.text]), [['info', 'No Read the Docs build is running.']]);
    ui.assertDone();
  });

  it('Show Running Builds reveals the running build; the status bar item names it', async () => {
    // (Builds other test files left watched may still be listed: the assertions name this one.)
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    await waitFor(() => ctx.testing.projects.view.visible, 'the projects view');
    const response = await fetch(`${ctx.sandbox.apiBase}projects/gadget-docs/versions/latest/builds/`, {
      method: 'POST', headers: { Authorization: `Token ${ctx.sandbox.tokens.owner}` },
    });
    assert.equal(response.status, 202);
    const { build } = await response.json() as { build: { id: number } };
    const folder = await folderNode(ctx.testing, 'gadget-docs', 'builds');
    await refresh(folder);
    await children(ctx.testing, folder); // the tree hands running builds to the watcher
    await waitFor(() => runningBuildIds(ctx.testing).includes(build.id), 'the build to be watched');

    const status = ctx.testing.runningBuildsStatus();
    assert.equal(status?.text, `$(sync~spin) Read the Docs: ${runningBuildIds(ctx.testing).length} building`);
    assert.match(status?.tooltip ?? '', new RegExp(`build #${build.id} of gadget-docs \\(latest\\): \\w+`));

    await run(ctx.testing, 'readthedocs.showRunningBuilds', new ScriptedUi());
    const id = `community/project:gadget-docs/builds/build:${build.id}`;
    assert.ok(ctx.testing.projects.view.selection.some((n) => n.id === id), `selected: ${ctx.testing.projects.view.selection.map((n) => n.id).join(', ')}`);
    await waitFor(() => !runningBuildIds(ctx.testing).includes(build.id), 'the build to finish', 30_000);
  });

  it('Refresh reloads everything, or only the row it is given', async () => {
    await children(ctx.testing, await folderNode(ctx.testing, 'widgets', 'redirects'));
    ctx.sandbox.clearLog();
    const folder = await folderNode(ctx.testing, 'widgets', 'redirects');
    await children(ctx.testing, folder);
    assert.equal(ctx.sandbox.requests.length, 0, 'loaded once, then kept');

    await vscode.commands.executeCommand('readthedocs.refresh', folder);
    await children(ctx.testing, folder);
    assert.equal(gets('/api/v3/projects/widgets/redirects/').length, 1, 'the folder reloaded');
    assert.equal(gets('/api/v3/projects/').length, 0, 'not the projects');

    await vscode.commands.executeCommand('readthedocs.refresh');
    await children(ctx.testing);
    assert.equal(gets('/api/v3/projects/').length, 1, 'the projects reloaded');
  });

  it('Open in Browser from the palette: project, then page; the default page of a build without asking', async () => {
    const ui = new ScriptedUi().pick('Gadget Docs').pick('Documentation');
    const url = await run(ctx.testing, 'readthedocs.openInBrowser', ui) as string;
    ui.assertDone();
    assert.equal(url, 'https://docs.example-gadgets.org/en/latest/', 'its custom domain');
    assert.deepEqual(ui.opened, [url]);

    const [build] = (await folderRows(ctx.testing, 'gadget-docs', 'builds')).filter((n): n is NodeOfKind<'build'> => n.kind === 'build');
    assert.ok(build);
    const quiet = new ScriptedUi();
    assert.equal(await run(ctx.testing, 'readthedocs.openInBrowser', quiet, build), build.build.urls.build);
    assert.equal(quiet.prompts.length, 0, 'one page: no question');
    assert.deepEqual(quiet.opened, [build.build.urls.build]);
  });

  it('Open Download and Dismiss Notice from the palette: project, then the item', async () => {
    const download = new ScriptedUi().pick('Widgets').pick('stable').pick('PDF').pick('Copy Link');
    const copied = await run(ctx.testing, 'readthedocs.openVersionDownload', download) as { url: string; action: string };
    download.assertDone();
    assert.equal(copied.action, 'copy');
    assert.match(copied.url, /pdf/i);
    assert.equal(await vscode.env.clipboard.readText(), copied.url);

    const dismiss = new ScriptedUi().pick('Widgets');
    dismiss.pick(/\w/);
    await run(ctx.testing, 'readthedocs.dismissNotice', dismiss);
    dismiss.assertDone();
    assert.ok(!(dismiss.prompts[1]?.items ?? []).some((label) => /consecutive failures/i.test(label)), 'a notice that cannot be dismissed is not offered');
    assert.equal(ctx.sandbox.requests.filter((r) => r.method === 'PATCH' && /^\/api\/v3\/projects\/widgets\/notifications\/\d+\/$/.test(r.path)).length, 1);
  });

  it('Open Build in Browser: from a row, from the build document (no extra request), and says when no build is open', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const none = new ScriptedUi();
    assert.equal(await run(ctx.testing, 'readthedocs.openBuildInBrowser', none), undefined);
    await none.waitForMessage(/Open a build first/);

    // widgets-fr: a build no other test file opens (an open build document keeps what it read).
    const [build] = (await folderRows(ctx.testing, 'widgets-fr', 'builds')).filter((n): n is NodeOfKind<'build'> => n.kind === 'build');
    assert.ok(build?.build.urls.build);
    const fromRow = new ScriptedUi();
    assert.equal(await run(ctx.testing, 'readthedocs.openBuildInBrowser', fromRow, build), build.build.urls.build);
    assert.deepEqual(fromRow.opened, [build.build.urls.build]);

    await vscode.commands.executeCommand('readthedocs.showBuild', build);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.scheme === 'readthedocs-build', 'the build document');
    ctx.sandbox.clearLog();
    const fromDocument = new ScriptedUi();
    assert.equal(await run(ctx.testing, 'readthedocs.openBuildInBrowser', fromDocument), build.build.urls.build);
    assert.deepEqual(fromDocument.opened, [build.build.urls.build]);
    assert.equal(ctx.sandbox.requests.length, 0, 'the document already had the build');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('READTHEDOCS_TOKEN signs the community edition in without storing anything', async () => {
    const tokens = new TokenStore(emptySecrets(), environmentTokenOf({ READTHEDOCS_TOKEN: ctx.sandbox.tokens.owner, READTHEDOCS_API_URL: ctx.sandbox.origin }));
    const settings = new TestSettings(settingsOf({ communityUrl: ctx.sandbox.origin }));
    const makeClient: ClientFactory = (edition, baseUrl, getToken) => new ReadTheDocsClient({ edition, baseUrl, getToken, userAgent: 'test', logger: silentLogger });
    const editions = new Editions(settings, tokens, makeClient);
    try {
      assert.deepEqual(editions.signedIn, []);
      await editions.reloadTokens();
      assert.deepEqual(editions.signedIn, ['community']);
      assert.equal(tokens.isFromEnvironment('community', ctx.sandbox.origin), true);
      const page = await editions.requireClient('community').projects.list();
      assert.ok(page.items.some((p) => p.slug === 'widgets'));
      assert.ok(ctx.sandbox.requests.every((r) => r.authorized), 'every request carried the token');
      assert.ok(tokens.secretsToRedact().includes(ctx.sandbox.tokens.owner), 'and it is redacted from logs');
    } finally {
      editions.dispose();
    }
  });
});
