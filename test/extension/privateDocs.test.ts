// Private docs on Read the Docs for Business, in a real extension host: the fixture workspace bound to
// the sandbox's Business `widgets`, made private (every version needs a header token on its docs
// origin). Private Docs in the Editor creates one sharing method (one write); then a :ref: hover and
// completion work, the token going only to the docs origin; sign-out deletes the method and the
// hovers stop.

import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { addSharingMethod } from '../sandbox/rules/sharing';
import { getTesting, setEditionUrls, setSetting, signInWith, signOutAll, waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';
import { rowText } from './helpers/manage';
import { children, findNode, refresh, run, treeItem, workspaceRows } from './helpers/tree';

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

/** Every file of this window's storage folders (the user data's globalStorage, every extension's, and workspaceStorage). */
async function storageFiles(testing: TestingApi): Promise<{ path: string; bytes: Buffer }[]> {
  const ours = testing.globalStorage.fsPath;
  const at = ours.lastIndexOf(`${sep}globalStorage${sep}`);
  assert.ok(at > 0, `the user data folder above ${ours}`);
  const walk = async (dir: string): Promise<{ path: string; bytes: Buffer }[]> => {
    const found: { path: string; bytes: Buffer }[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) found.push(...await walk(path));
      else if (entry.isFile()) found.push({ path, bytes: await readFile(path) });
    }
    return found;
  };
  const user = ours.slice(0, at);
  return [...await walk(join(user, 'globalStorage')), ...await walk(join(user, 'workspaceStorage'))];
}

/** A stored file as it is: its path and its content's digest. */
const fileState = (file: { path: string; bytes: Buffer }) => `${file.path} ${createHash('sha256').update(file.bytes).digest('hex')}`;

/**
 * No file of the storage folders holds `privateBytes` (a private objects.inv as served) or names a
 * root inside the private scope (`scopeRoot`; the same host's public subprojects may be kept).
 * Files unchanged since before any token existed (`before`) are left out: earlier suites keep the
 * community sandbox's public widgets inventory, whose bytes are the same as the private one's.
 */
async function assertNoPrivateByteStored(testing: TestingApi, privateBytes: Buffer, scopeRoot: string, when: string, before: ReadonlySet<string>): Promise<void> {
  const files = await storageFiles(testing);
  assert.ok(files.length > 0, `${when}: the storage folders were found and walked`);
  for (const file of files.filter((f) => !before.has(fileState(f)))) {
    assert.ok(!file.bytes.includes(privateBytes), `${when}: ${file.path} holds the private objects.inv`);
    assert.ok(!file.bytes.includes(Buffer.from(scopeRoot)), `${when}: ${file.path} names a private root`);
  }
}

describe('private docs on Business: hovers and completion after Private Docs in the Editor, nothing after sign-out', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let docsHost: string;
  let privateInventory: Buffer;
  let storedBeforeAnyToken: ReadonlySet<string>;

  before(async () => {
    sandbox = await startSandbox({ edition: 'business', loopbackDocs: true });
    sandbox.db.project('widgets')!.privacyLevel = 'private';
    docsHost = new URL(sandbox.docsOrigins.get('widgets')!).host;
    testing = await getTesting();
    storedBeforeAnyToken = new Set((await storageFiles(testing)).map(fileState));
    await signOutAll(testing);
    await setEditionUrls({ community: '', business: sandbox.origin });
    await setSetting('projects', ['business/widgets']);
    // The file's sixty-odd requests run within seconds: the minute's budget is not what these tests measure.
    await setSetting('requestsPerMinute', 600);
    await signInWith(testing, sandbox.tokens.owner, 'business');
  });

  after(async () => {
    await signOutAll(testing);
    await setSetting('projects', undefined);
    await setSetting('requestsPerMinute', undefined);
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

  it('the private objects.inv read with the token is nowhere in the storage folders', async () => {
    const origin = sandbox.docsOrigins.get('widgets')!;
    const [method] = sandbox.db.sharingMethods;
    privateInventory = Buffer.from(await (await fetch(`${origin}/en/stable/objects.inv`, { headers: { Authorization: `Token ${method.token}` } })).arrayBuffer());
    assert.ok(privateInventory.length > 100);
    assert.ok(sandbox.requests.some((r) => r.path === '/en/stable/objects.inv' && r.authorization?.includes(method.token)), 'the extension read it with the token');
    await assertNoPrivateByteStored(testing, privateInventory, `${origin}/en/`, 'after a hover and completion', storedBeforeAnyToken);
  });

  it('the preview panel shows a private page, read with the header', async () => {
    const url = `${sandbox.docsOrigins.get('widgets')}/en/stable/usage.html#configuration-label`;
    const render = await vscode.commands.executeCommand<{ html: string; failure?: string } | undefined>('readthedocs.previewDocs', url);
    assert.ok(render && !render.failure, render?.failure);
    assert.match(render.html, /widgets\.toml/);
  });

  it('This Workspace shows the row of the bound Business project: on, and until when', async () => {
    const row = await waitFor(async () => {
      for (const top of await workspaceRows(testing)) {
        const found = (await workspaceRows(testing, top)).find((r) => r.label === 'Private Docs in the Editor');
        if (found) return found;
      }
      return undefined;
    }, 'the Private Docs row');
    assert.match(String(row.description), /^on, renewed before \d{4}-\d{2}-\d{2}$/);
    assert.equal(row.action?.kind, 'command');
  });

  it('the Sharing folder lists the method; Create Sharing Link… copies the link; Delete asks in a modal naming it', async () => {
    const folder = await waitFor(() => findNode(testing, 'business/org:example-corp/project:widgets/sharing'), 'the Sharing folder');
    const rows = await children(testing, folder);
    assert.equal(rows.length, 1);
    assert.match(rowText(testing, rows[0]), /Header token[\s\S]*all versions · expires /);
    const item = treeItem(testing, rows[0]);
    const shown = [item.label, item.description, item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip].map(String).join('\n');
    assert.ok(!shown.includes(sandbox.db.sharingMethods[0].token), 'the token is never shown');

    sandbox.clearLog();
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const ui = new ScriptedUi().pick('Secret link').pick('All versions').input(inAMonth).input('for Ana');
    await run(testing, 'readthedocs.createSharingLink', ui, folder);
    await ui.waitForMessage(/Created a secret link for widgets/);
    const link = sandbox.db.sharingMethods.find((m) => m.description === 'for Ana');
    assert.ok(link && link.accessType === 'token' && link.expires === inAMonth);
    assert.match(await vscode.env.clipboard.readText(), new RegExp(`/_/sharing/${link.token}\\?next=`));
    assert.ok(!ui.messages.some((m) => m.text.includes(link.token)), 'the secret is not shown');

    const pw = new ScriptedUi().pick('Password').pick('All versions').input(inAMonth).input('for Bo').input('correct horse');
    await run(testing, 'readthedocs.createSharingLink', pw, folder);
    await pw.waitForMessage(/Created a password for widgets/);
    assert.ok(!pw.messages.some((m) => m.text.includes('correct horse')));
    assert.ok(!testing.logLines.some((line) => line.includes('correct horse')), 'the password is never logged');

    await refresh(folder);
    const listed = await waitFor(async () => {
      const found = await children(testing, folder);
      return found.length === 3 ? found : undefined;
    }, 'three methods');
    const row = listed.find((n) => rowText(testing, n).includes('for Ana'));
    assert.ok(row);
    const del = new ScriptedUi().confirmed();
    await run(testing, 'readthedocs.deleteSharingMethod', del, row);
    const confirm = del.prompts.find((p) => p.kind === 'confirm');
    assert.match(confirm?.title ?? '', /Secret link “for Ana” of widgets/);
    assert.equal(sandbox.db.sharingMethods.some((m) => m.description === 'for Ana'), false);
  });

  it('one picker of private versions: Create Sharing Link… asks as Private Docs in the Editor does, with the project\'s private versions', async () => {
    const folder = await waitFor(() => findNode(testing, 'business/org:example-corp/project:widgets/sharing'), 'the Sharing folder');
    // Dismissed at the expiry: one list read, nothing written (the file's requests stay within a minute's budget).
    const ui = new ScriptedUi().pick('Header token').pick('Pick Versions…').pickMany('internal');
    const methods = sandbox.db.sharingMethods.length;
    await run(testing, 'readthedocs.createSharingLink', ui, folder);
    assert.deepEqual(ui.prompts.find((p) => p.placeholder === 'Which versions?')?.items, ['All versions', 'Pick Versions…']);
    const versions = ui.prompts.find((p) => p.placeholder === 'Private versions to share');
    assert.deepEqual(versions?.items, ['internal'], 'the private active versions, as versionItem shows versions');
    assert.equal(ui.prompts.at(-1)?.prompt, 'Expires on (YYYY-MM-DD)', 'then the next step of the form');
    assert.equal(sandbox.db.sharingMethods.length, methods);
  });

  it('a revoked token: the hover and preview say why; the editor asks once to enable again', async () => {
    const ours = sandbox.db.sharingMethods.find((m) => m.accessType === 'http_header_token')!;
    sandbox.db.sharingMethods.splice(sandbox.db.sharingMethods.indexOf(ours), 1);
    const ui = new ScriptedUi();
    testing.setUi(ui);
    const origin = sandbox.docsOrigins.get('widgets');
    const first = await vscode.commands.executeCommand<{ failure?: string } | undefined>('readthedocs.previewDocs', `${origin}/en/stable/api.html#widgets.Widget`);
    assert.match(first?.failure ?? '', /refused the private-docs token of widgets: it was revoked or has expired/);
    await ui.waitForMessage(/refused the private-docs token of widgets/);
    await vscode.commands.executeCommand('readthedocs.previewDocs', `${origin}/en/stable/glossary.html#term-Theme`);
    assert.equal(ui.messages.filter((m) => /refused the private-docs token/.test(m.text)).length, 1, 'asked once');
    assert.ok(ui.messages.find((m) => /refused the private-docs token/.test(m.text))?.actions.includes('Enable Again'));

    const again = new ScriptedUi().pick('All versions');
    testing.setUi(again);
    await vscode.commands.executeCommand('readthedocs.enablePrivateDocs', { edition: 'business', projectSlug: 'widgets' });
    await again.waitForMessage(/private docs of widgets are readable in the editor/);
    const second = await vscode.commands.executeCommand<{ failure?: string } | undefined>('readthedocs.previewDocs', `${origin}/en/stable/api.html#widgets.Widget`);
    assert.equal(second?.failure, undefined);
  });

  it('a use near the expiry renews the token: a new method, switched to, then the old one deleted; no timer', async () => {
    const off = new ScriptedUi();
    testing.setUi(off);
    await vscode.commands.executeCommand('readthedocs.disablePrivateDocs', { edition: 'business', projectSlug: 'widgets' });
    await off.waitForMessage(/no longer reads the private docs of widgets/);
    assert.equal(sandbox.db.sharingMethods.filter((m) => m.accessType === 'http_header_token').length, 0, 'Stop Reading deletes the method made here');
    // The server answers the next POST with a method that expires tomorrow (as if made six days ago).
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const old = addSharingMethod(sandbox.db, { project: 'widgets', accessType: 'http_header_token', allowAll: true, versions: [], expires: tomorrow, description: 'VS Code: private docs in the editor (old)', password: null });
    sandbox.addFault({ method: 'POST', path: '/api/v3/projects/widgets/sharing/', kind: 'status', status: 201, times: 1, body: {
      id: old.id, project: 'widgets', access_type: 'http_header_token', allow_all: true, versions: [], expires: tomorrow, token: old.token, description: old.description, last_used_at: null,
    } });
    const on = new ScriptedUi().pick('All versions');
    testing.setUi(on);
    await vscode.commands.executeCommand('readthedocs.enablePrivateDocs', { edition: 'business', projectSlug: 'widgets' });
    await on.waitForMessage(/readable in the editor/);
    sandbox.clearLog();
    const render = await vscode.commands.executeCommand<{ failure?: string } | undefined>('readthedocs.previewDocs', `${sandbox.docsOrigins.get('widgets')}/en/stable/configuration.html`);
    assert.equal(render?.failure, undefined);
    await waitFor(() => sandbox.requests.some((r) => r.method === 'DELETE' && r.path === `/api/v3/projects/widgets/sharing/${old.id}/`), 'the old method deleted');
    assert.deepEqual(sandbox.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.status}`), ['POST 201', 'DELETE 204'], 'new first, then the old one');
    const renewed = sandbox.db.sharingMethods.filter((m) => m.accessType === 'http_header_token');
    assert.equal(renewed.length, 1);
    assert.notEqual(renewed[0].id, old.id);
    assert.ok(renewed[0].expires > tomorrow);
    // The next read goes with the new token.
    sandbox.clearLog();
    await vscode.commands.executeCommand('readthedocs.previewDocs', `${sandbox.docsOrigins.get('widgets')}/en/stable/changelog.html`);
    assert.ok(sandbox.requests.some((r) => r.authorization === `Token ${renewed[0].token}`), sandbox.requests.map((r) => `${r.path} ${r.status}`).join(', '));
  });

  it('sign-out deletes the method from the server, and the hovers and completion stop', async () => {
    sandbox.clearLog();
    const ours = sandbox.db.sharingMethods.find((m) => m.accessType === 'http_header_token');
    assert.ok(ours);
    await signOutAll(testing);
    assert.deepEqual(sandbox.requests.filter((r) => r.method === 'DELETE').map((r) => `${r.path} ${r.status}`), [`/api/v3/projects/widgets/sharing/${ours.id}/ 204`]);
    assert.equal(sandbox.db.sharingMethods.some((m) => m.accessType === 'http_header_token'), false, 'the method made here is gone from the server');
    assert.equal(sandbox.db.sharingMethods.length, 1, 'the password method a person made stays');
    const document = await openFixture('docs/guide/writing.rst');
    const hover = await referenceHover(document, ':ref:`requirements`', 8);
    assert.ok(!hover || !/Python 3\.9\+/.test(hover), hover);
    assert.ok(!(await completionLabels()).includes('installing-with-pip'));
    await assertNoPrivateByteStored(testing, privateInventory, `${sandbox.docsOrigins.get('widgets')!}/en/`, 'after sign-out', storedBeforeAnyToken);
  });

  it('a non-admin pastes a header token an admin gave; it reads the private docs, and sign-out forgets it without deleting the method', async () => {
    const given = addSharingMethod(sandbox.db, { project: 'widgets', accessType: 'http_header_token', allowAll: true, versions: [], expires: '2099-01-01', description: 'for other-user', password: null });
    await signInWith(testing, sandbox.tokens.other, 'business');
    sandbox.clearLog();
    const ui = new ScriptedUi().input(given.token);
    testing.setUi(ui);
    await vscode.commands.executeCommand('readthedocs.enablePrivateDocs', { edition: 'business', projectSlug: 'widgets' });
    await ui.waitForMessage(/private docs of widgets are readable in the editor with the token you pasted/);
    const paste = ui.prompts.find((p) => p.kind === 'input');
    assert.equal(paste?.password, true, 'a password box');
    assert.match(paste?.prompt ?? '', /Only admins of widgets can create sharing tokens/);
    assert.deepEqual(sandbox.requests.filter((r) => r.method !== 'GET'), [], 'no write');
    const origin = sandbox.docsOrigins.get('widgets');
    const render = await vscode.commands.executeCommand<{ html: string; failure?: string } | undefined>('readthedocs.previewDocs', `${origin}/en/stable/glossary.html#term-Widget`);
    assert.equal(render?.failure, undefined);
    assert.ok(!ui.messages.some((m) => m.text.includes(given.token)) && !testing.logLines.some((l) => l.includes(given.token)));

    sandbox.clearLog();
    await signOutAll(testing);
    assert.deepEqual(sandbox.requests.filter((r) => r.method === 'DELETE'), [], 'a pasted token\'s method is the admin\'s');
    assert.ok(sandbox.db.sharingMethods.some((m) => m.id === given.id));
    await signInWith(testing, sandbox.tokens.other, 'business');
    sandbox.clearLog();
    const after = await vscode.commands.executeCommand<{ failure?: string } | undefined>('readthedocs.previewDocs', `${origin}/en/stable/glossary.html#term-Theme`);
    assert.ok(after?.failure, 'forgotten: the private page is not read any more');
    assert.ok(sandbox.requests.every((r) => !r.authorization?.includes(given.token)));
  });

  it('from the Command Palette: asks only for the Business project, then the versions; Stop Reading deletes the method made here', async () => {
    await signInWith(testing, sandbox.tokens.owner, 'business');
    sandbox.clearLog();
    const ui = new ScriptedUi().pick(/^Widgets$/).pick('All versions');
    testing.setUi(ui);
    await vscode.commands.executeCommand('readthedocs.enablePrivateDocs');
    await ui.waitForMessage(/private docs of widgets are readable in the editor/);
    ui.assertDone();
    assert.match(ui.prompts[0]?.placeholder ?? '', /Read the private docs of which project/);
    assert.ok(ui.prompts[0]?.items?.includes('Widgets'));
    const created = sandbox.db.sharingMethods.find((m) => m.accessType === 'http_header_token' && m.description.startsWith('VS Code'));
    assert.ok(created);

    sandbox.clearLog();
    const stop = new ScriptedUi();
    testing.setUi(stop);
    await vscode.commands.executeCommand('readthedocs.disablePrivateDocs');
    await stop.waitForMessage(/no longer reads the private docs of widgets/);
    assert.deepEqual(sandbox.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path} ${r.status}`), [`DELETE /api/v3/projects/widgets/sharing/${created.id}/ 204`]);
  });
});
