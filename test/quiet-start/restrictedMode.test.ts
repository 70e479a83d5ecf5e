// Restricted Mode that restricts, in the quiet-start window's untrusted folder (after
// quietStart.test.ts: files run in name order). The test gives the folder what a hostile
// repository would carry: docs/conf.py whose intersphinx_mapping names a loopback host that records
// every request, .vscode/settings.json naming it too (and a redirects file and project), mkdocs.yml,
// .readthedocs.yaml and a redirects file. Hovering and completing a cross-reference sends nothing
// to that host; Export and Apply Redirects, rename offers and Create .readthedocs.yaml are refused
// with the reason and "Manage Workspace Trust"; the hover of a docs link still shows its section.

import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { EXTENSION_ID, waitFor } from '../extension/helpers/host';
import { ScriptedUi } from '../extension/helpers/scriptedUi';
import { run } from '../extension/helpers/tree';

interface LoggedRequest {
  readonly method: string;
  readonly path: string;
}

const sandboxOrigin = process.env.READTHEDOCS_TEST_SANDBOX ?? '';
const REDIRECTS = '- type: page\n  from_url: /old.html\n  to_url: /new.html\n';

async function sandboxWrites(): Promise<LoggedRequest[]> {
  const response = await fetch(`${sandboxOrigin}/_sandbox/log`);
  return ((await response.json()) as LoggedRequest[]).filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS');
}

function folder(): vscode.Uri {
  const first = vscode.workspace.workspaceFolders?.[0];
  assert.ok(first, 'the run opens a folder');
  return first.uri;
}

async function write(relative: string, text: string): Promise<vscode.Uri> {
  const uri = vscode.Uri.joinPath(folder(), relative);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  return uri;
}

async function read(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

describe('Restricted Mode: an untrusted folder steers no fetch, no file and no server write', function () {
  this.timeout(60_000);
  let recorder: Server;
  const recorded: string[] = [];
  let host = '';
  let testing: TestingApi;
  let index: vscode.Uri;
  let redirectsFile: vscode.Uri;

  before(async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the folder should not be trusted in this run');
    recorder = createServer((request, response) => {
      recorded.push(`${request.method} ${request.url}`);
      response.statusCode = 404;
      response.end();
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    host = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;

    await write('docs/conf.py', `project = "Hostile"\nextensions = ["sphinx.ext.intersphinx"]\nintersphinx_mapping = {\n    "evil": ("${host}/conf-py/", None),\n}\n`);
    await write('.vscode/settings.json', `${JSON.stringify({
      'readthedocs.intersphinx': { setting: `${host}/workspace-setting/` },
      'readthedocs.redirects.file': 'docs/redirects.yaml',
      'readthedocs.redirects.project': 'community/widgets',
      'readthedocs.projects': ['community/widgets'],
      'readthedocs.buildTimes.count': 100,
      // Not restricted: shows when VS Code has read this file.
      'readthedocs.crossReferences.diagnostics': false,
    }, null, 2)}\n`);
    await write('mkdocs.yml', `site_name: Hostile\nsite_url: ${host}/mkdocs/\ndocs_dir: ../../\n`);
    await write('.readthedocs.yaml', 'version: 2\nsphinx:\n  configuration: docs/conf.py\nmkdocs:\n  configuration: ../outside/mkdocs.yml\n');
    redirectsFile = await write('docs/redirects.yaml', REDIRECTS);
    index = await write('docs/index.rst', 'Hostile\n=======\n\nSee :ref:`evil:requirements` and :ref:`setting:install`.\n');

    const extension = vscode.extensions.getExtension<{ testing?: TestingApi }>(EXTENSION_ID);
    assert.ok(extension?.exports.testing, 'the extension runs in test mode');
    testing = extension.exports.testing;
    const config = () => vscode.workspace.getConfiguration('readthedocs', folder());
    await waitFor(() => config().get('crossReferences.diagnostics') === false, 'VS Code to read the folder settings');
  });

  after(async () => {
    await new Promise((resolve) => recorder.close(resolve));
  });

  it('VS Code ignores the folder\'s value of every setting that steers a fetch, a file or a write', () => {
    const config = vscode.workspace.getConfiguration('readthedocs', folder());
    assert.deepEqual(config.get('intersphinx'), {});
    assert.equal(config.get('redirects.file'), '');
    assert.equal(config.get('redirects.project'), '');
    assert.deepEqual(config.get('projects'), []);
    assert.equal(config.get('buildTimes.count'), 20, 'Build Times reads the default number of builds, not the folder\'s');
  });

  it('hovering and completing a cross-reference sends nothing to the host conf.py and the folder settings name', async () => {
    const document = await vscode.workspace.openTextDocument(index);
    await vscode.window.showTextDocument(document);
    const text = document.getText();
    // Both commands wait for our providers, which wait for the inventories they would fetch.
    for (const needle of ['evil:requirements', 'setting:install']) {
      const position = document.positionAt(text.indexOf(needle) + 2);
      await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', index, position);
      await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', index, document.positionAt(text.indexOf(needle) + needle.indexOf(':') + 1));
    }
    assert.deepEqual(recorded, [], `requests reached ${host}`);
  });

  it('Export Redirects is refused with the reason and Manage Workspace Trust; nothing is written', async () => {
    const ui = new ScriptedUi();
    assert.equal(await run(testing, 'readthedocs.exportRedirects', ui), undefined);
    const refusal = await ui.waitForMessage(/Restricted Mode/);
    assert.equal(refusal.severity, 'warn');
    assert.match(refusal.text, /^Export Redirects writes the file this folder's settings name, so it is off in Restricted Mode\./);
    assert.deepEqual(refusal.actions, ['Manage Workspace Trust']);
    assert.deepEqual(ui.prompts, [], 'not even a project pick');
    ui.assertDone();
    assert.equal(await read(redirectsFile), REDIRECTS);
  });

  it('Apply Redirects File is refused the same way, and its Manage Workspace Trust opens the trust editor; nothing reaches the server', async () => {
    const ui = new ScriptedUi().onMessage(/Restricted Mode/, 'Manage Workspace Trust');
    assert.equal(await run(testing, 'readthedocs.applyRedirectsFile', ui), undefined);
    const refusal = await ui.waitForMessage(/Restricted Mode/);
    assert.match(refusal.text, /^Apply Redirects File sends this folder's redirects file to Read the Docs, so it is off in Restricted Mode\./);
    assert.deepEqual(refusal.actions, ['Manage Workspace Trust']);
    assert.deepEqual(ui.prompts, []);
    ui.assertDone();
    await waitFor(() => vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => /Workspace Trust/.test(tab.label)), 'the workspace trust editor');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.equal(vscode.workspace.isTrusted, false);
    assert.deepEqual(await sandboxWrites(), []);
  });

  it('renaming a documentation page offers no redirect, and says why', async () => {
    const ui = new ScriptedUi();
    testing.setUi(ui);
    const from = await write('docs/page.rst', 'Page\n====\n');
    const to = vscode.Uri.joinPath(folder(), 'docs', 'moved.rst');
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(from, to);
    assert.ok(await vscode.workspace.applyEdit(edit));
    const refusal = await ui.waitForMessage(/Restricted Mode/);
    assert.match(refusal.text, /^A documentation page moved\. Redirects for moved pages are not offered in Restricted Mode/);
    assert.deepEqual(refusal.actions, ['Manage Workspace Trust']);
    assert.equal(ui.messages.some((m) => /Add a redirect/.test(m.text)), false);
    assert.equal(await read(redirectsFile), REDIRECTS);
    assert.deepEqual(await sandboxWrites(), []);
  });

  it('Create .readthedocs.yaml is refused with the reason and Manage Workspace Trust; no draft is made from the folder\'s files', async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder(), '.readthedocs.yaml'));
    const ui = new ScriptedUi();
    assert.equal(await run(testing, 'readthedocs.createConfigFile', ui, { folderPath: folder().fsPath }), undefined);
    const refusal = await ui.waitForMessage(/Restricted Mode/);
    assert.equal(refusal.severity, 'warn');
    assert.equal(refusal.text, 'Create .readthedocs.yaml makes a file from what this folder holds, so it is off in Restricted Mode. Trust the folder to create it.');
    assert.deepEqual(refusal.actions, ['Manage Workspace Trust']);
    ui.assertDone();
    assert.equal(vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'untitled'), false, 'no draft');
  });

  it('Upload Local Build and Create Upload Workflow are refused with the reason; nothing is read, zipped or sent', async () => {
    const sent = recorded.length;
    for (const [command, text] of [
      ['readthedocs.uploadLocalBuild', 'Upload Local Build reads this folder\'s files and sends them to Read the Docs, so it is off in Restricted Mode. Trust the folder to upload.'],
      ['readthedocs.createUploadWorkflow', 'Create Upload Workflow makes a file from what this folder holds, so it is off in Restricted Mode. Trust the folder to create it.'],
    ] as const) {
      const ui = new ScriptedUi();
      assert.equal(await run(testing, command, ui, { edition: 'community', projectSlug: 'widgets', folderPath: folder().fsPath }), undefined);
      const refusal = await ui.waitForMessage(/Restricted Mode/);
      assert.equal(refusal.severity, 'warn');
      assert.equal(refusal.text, text);
      assert.deepEqual(refusal.actions, ['Manage Workspace Trust']);
      ui.assertDone();
    }
    assert.equal(vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'untitled'), false, 'no draft');
    assert.equal(recorded.length, sent, 'nothing was sent');
  });

  it('the hover of a docs link still shows its section', async () => {
    const notes = await write('docs/notes.md', 'Read [the requirements](https://widgets.readthedocs.io/en/latest/installation.html#requirements).\n');
    const document = await vscode.workspace.openTextDocument(notes);
    const position = document.positionAt(document.getText().indexOf('the requirements') + 2);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', notes, position);
    const ours = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).find((t) => t.includes('[Open in browser]('));
    assert.ok(ours, 'no hover from the extension');
    assert.match(ours, /Python 3\.9\+/);
    assert.deepEqual(recorded, [], `requests reached ${host}`);
  });
});
