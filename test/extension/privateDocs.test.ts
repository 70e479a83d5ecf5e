// Private docs on Read the Docs for Business, in a real extension host: the fixture workspace bound to
// the sandbox's Business `widgets`, made private (every version needs a header token on its docs
// origin). Private Docs in the Editor creates one sharing method (one write); then a :ref: hover and
// completion work, the token going only to the docs origin; sign-out deletes the method and the
// hovers stop.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, setEditionUrls, setSetting, signInWith, signOutAll, waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';

async function openFixture(relative: string): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the fixture workspace is open');
  return vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, relative));
}

async function referenceHover(document: vscode.TextDocument, needle: string, offset: number): Promise<string | undefined> {
  const index = document.getText().indexOf(needle);
  assert.ok(index >= 0, needle);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, document.positionAt(index + offset));
  return hovers.flatMap((hover) => hover.contents.map((c) => (typeof c === 'string' ? c : c.value))).find((text) => text.includes('Read the Docs') || text.includes('[Open in browser]('));
}

async function completionLabels(): Promise<string[]> {
  const document = await vscode.workspace.openTextDocument({ language: 'restructuredtext', content: 'See :ref:`inst' });
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(0, 14));
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

describe('private docs on Business: hovers and completion after Private Docs in the Editor, nothing after sign-out', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let docsHost: string;

  before(async () => {
    sandbox = await startSandbox({ edition: 'business', loopbackDocs: true });
    sandbox.db.project('widgets')!.privacyLevel = 'private';
    docsHost = new URL(sandbox.docsOrigins.get('widgets')!).host;
    testing = await getTesting();
    await signOutAll(testing);
    await setEditionUrls({ community: '', business: sandbox.origin });
    await setSetting('projects', ['business/widgets']);
    await signInWith(testing, sandbox.tokens.owner, 'business');
  });

  after(async () => {
    await signOutAll(testing);
    await setSetting('projects', undefined);
    await setEditionUrls({ business: '' });
    await sandbox?.close();
  });

  it('the private inventory is refused without a token', async () => {
    const response = await fetch(`${sandbox.docsOrigins.get('widgets')}/en/stable/objects.inv`);
    assert.equal(response.status, 401);
  });

  it('enabling costs one write; then a :ref: hover shows the private section and completion offers its labels; the token goes only to the docs origin', async () => {
    sandbox.clearLog();
    const ui = new ScriptedUi().pick('All versions');
    testing.setUi(ui);
    await vscode.commands.executeCommand('readthedocs.enablePrivateDocs', { edition: 'business', projectSlug: 'widgets' });
    await ui.waitForMessage(/private docs of widgets are readable in the editor/);
    const writes = sandbox.requests.filter((r) => r.method !== 'GET');
    assert.deepEqual(writes.map((r) => `${r.method} ${r.path} ${r.status}`), ['POST /api/v3/projects/widgets/sharing/ 201']);
    const [method] = sandbox.db.sharingMethods;
    assert.equal(method.accessType, 'http_header_token');
    assert.match(method.description, /^VS Code: private docs in the editor \(/);

    const document = await openFixture('docs/guide/writing.rst');
    const text = await waitFor(async () => {
      const hover = await referenceHover(document, ':ref:`requirements`', 8);
      return hover && /Python 3\.9\+/.test(hover) ? hover : undefined;
    }, 'the :ref: hover with the private section', 30_000);
    assert.match(text, /\*\*Requirements\*\*/);
    const labels = await waitFor(async () => {
      const found = await completionLabels();
      return found.includes('installing-with-pip') ? found : undefined;
    }, 'completion from the private inventory');
    assert.ok(labels.includes('installing-with-pip'));

    const carrying = sandbox.requests.filter((r) => r.authorization?.includes(method.token));
    assert.ok(carrying.length >= 2, 'objects.inv and the page');
    assert.ok(carrying.every((r) => r.host === docsHost), carrying.map((r) => r.host).join(', '));
    assert.ok(sandbox.requests.filter((r) => r.host !== docsHost).every((r) => !r.authorization?.includes(method.token)));
    assert.ok(!sandbox.requests.some((r) => r.path === '/api/v3/embed/' && r.query.url?.includes('/en/stable/installation.html')), 'no embed request for a private page');
    assert.ok(!testing.logLines.some((line) => line.includes(method.token)), 'never logged');
  });

  it('sign-out deletes the method from the server, and the hovers and completion stop', async () => {
    sandbox.clearLog();
    await signOutAll(testing);
    assert.deepEqual(sandbox.requests.filter((r) => r.method === 'DELETE').map((r) => `${r.path} ${r.status}`), [`/api/v3/projects/widgets/sharing/${1}/ 204`]);
    assert.equal(sandbox.db.sharingMethods.length, 0, 'the method is gone from the server');
    const document = await openFixture('docs/guide/writing.rst');
    const hover = await referenceHover(document, ':ref:`requirements`', 8);
    assert.ok(!hover || !/Python 3\.9\+/.test(hover), hover);
    assert.ok(!(await completionLabels()).includes('installing-with-pip'));
  });
});
