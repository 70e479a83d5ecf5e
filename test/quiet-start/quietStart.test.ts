// A fresh window on a folder that has nothing to do with Read the Docs, in Restricted Mode (the
// folder is not trusted): activation reads no secret and sends no request; the first need reads
// the tokens (a `.readthedocs.yaml` appearing, a hovered docs link); the hover and the view work
// untrusted. scripts/test-extension.mjs prepares the run: the sandbox (its origin in
// READTHEDOCS_TEST_SANDBOX, `readthedocs.communityUrl` pointing at it, READTHEDOCS_TOKEN set to
// its owner's token, so the edition is signed in without SecretStorage), the folder, and the
// wrapper extension that counts SecretStorage calls (wrapperExtension.ts).

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, waitFor } from '../extension/helpers/host';
import { type QuietStartExports } from './wrapperExtension';

interface LoggedRequest {
  readonly method: string;
  readonly path: string;
}

const sandboxOrigin = process.env.READTHEDOCS_TEST_SANDBOX ?? '';

async function sandboxRequests(): Promise<LoggedRequest[]> {
  const response = await fetch(`${sandboxOrigin}/_sandbox/log`);
  assert.equal(response.status, 200);
  return (await response.json()) as LoggedRequest[];
}

function folder(): vscode.Uri {
  const first = vscode.workspace.workspaceFolders?.[0];
  assert.ok(first, 'the run opens a folder');
  return first.uri;
}

describe('quiet start: an unrelated folder, untrusted', function () {
  this.timeout(60_000);
  let extension: vscode.Extension<QuietStartExports>;
  const secretCalls = () => extension.exports.secretCalls;

  before(async () => {
    assert.ok(sandboxOrigin, 'READTHEDOCS_TEST_SANDBOX is not set: run through scripts/test-extension.mjs');
    const found = vscode.extensions.getExtension<QuietStartExports>(EXTENSION_ID);
    assert.ok(found, `${EXTENSION_ID} is not loaded`);
    extension = found;
    // Activated by VS Code itself (onStartupFinished), not by the test.
    await waitFor(() => extension.isActive, 'activation on onStartupFinished', 45_000);
  });

  it('runs in Restricted Mode', () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the folder should not be trusted in this run');
    assert.equal(extension.isActive, true);
  });

  it('activation, and opening an unrelated file, read no secret and send no request', async () => {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder(), 'package.json'));
    await vscode.window.showTextDocument(document);
    // The hover provider (json is one of its languages) answers for text that is not a link:
    // the extension has seen the file, and still reads nothing.
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(1, 4));
    assert.ok(Array.isArray(hovers));
    assert.deepEqual(secretCalls(), []);
    assert.deepEqual(await sandboxRequests(), []);
  });

  it('a .readthedocs.yaml appearing in the folder reads the tokens', async () => {
    const config = vscode.Uri.joinPath(folder(), '.readthedocs.yaml');
    await vscode.workspace.fs.writeFile(config, new TextEncoder().encode('version: 2\n'));
    await waitFor(() => secretCalls().length > 0, 'the tokens to be read');
    // Read by the editions, then by the Accounts menu's session (the auth provider) it announces.
    assert.deepEqual(new Set(secretCalls()), new Set([`get readthedocs.token:${sandboxOrigin}`]), 'only reads, of the one configured edition');
    assert.deepEqual(await sandboxRequests(), [], 'reading the tokens sends nothing');
  });

  it('the hover works untrusted: a docs link shows its section', async () => {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder(), 'notes.md'));
    const text = document.getText();
    const position = document.positionAt(text.indexOf('the requirements') + 2);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
    const ours = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).find((t) => t.includes('[Open in browser]('));
    assert.ok(ours, 'no hover from the extension');
    assert.match(ours, /Python 3\.9\+/);
    assert.ok((await sandboxRequests()).some((r) => r.path === '/api/v3/embed/'));
  });

  it('the view works untrusted: showing it lists the projects', async () => {
    await vscode.commands.executeCommand('readthedocs.projects.focus');
    await waitFor(async () => (await sandboxRequests()).some((r) => r.method === 'GET' && r.path === '/api/v3/projects/'), 'the view to list the projects');
    assert.deepEqual(new Set(secretCalls()), new Set([`get readthedocs.token:${sandboxOrigin}`]), 'only reads, of the one configured edition');
  });
});
