// Cross-references while writing docs, in a real extension host: the fixture workspace's .rst and
// MyST files bound to the sandbox's `widgets` project (readthedocs.projects), its objects.inv served by
// the sandbox on the loopback docs origin it publishes as the project's documentation URL (reached like
// any custom domain), sections from the embed endpoint. Hover, completion, document links, the unresolved hint, and Search Documentation….

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

function positionOf(document: vscode.TextDocument, needle: string, offset = 2): vscode.Position {
  const index = document.getText().indexOf(needle);
  assert.ok(index >= 0, `${needle} is not in ${document.uri.path}`);
  return document.positionAt(index + offset);
}

/** Our cross-reference hover's text at `needle`, or undefined. */
async function referenceHover(document: vscode.TextDocument, needle: string, offset = 2): Promise<string | undefined> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, positionOf(document, needle, offset));
  return hovers.flatMap((hover) => hover.contents.map((c) => (typeof c === 'string' ? c : c.value))).find((text) => text.includes('Read the Docs') || text.includes('[Open in browser]('));
}

describe('cross-references: hover, complete and follow through the published inventory', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  /** `http://127.0.0.1:PORT/en/stable/`: the widgets docs, as the API publishes them. */
  let DOCS: string;

  before(async () => {
    sandbox = await startSandbox({ loopbackDocs: true });
    DOCS = `${sandbox.docsOrigins.get('widgets')}/en/stable/`;
    testing = await getTesting();
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await signOutAll(testing);
    await setEditionUrls({ community: sandbox.origin, business: '' });
    await setSetting('projects', ['community/widgets']);
  });

  after(async () => {
    await signOutAll(testing);
    await setSetting('projects', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it(':ref: in a .rst file shows the published section, fetched from objects.inv without a token', async () => {
    const document = await openFixture('docs/guide/writing.rst');
    const text = await waitFor(() => referenceHover(document, ':ref:`requirements`', 8), 'the :ref: hover');
    assert.match(text, /\*\*Requirements\*\*.* · published on Read the Docs\n/);
    assert.match(text, /Python 3\.9\+/);
    assert.match(text, /\[Open preview\]\(command:readthedocs\.previewDocs\?/);
    assert.ok(text.includes(`[Open in browser](${DOCS}installation.html#requirements`), text);
    const docsHost = new URL(DOCS).host;
    const inventoryRequests = sandbox.requests.filter((r) => r.path === '/en/stable/objects.inv');
    assert.ok(inventoryRequests.length >= 1);
    assert.ok(inventoryRequests.every((r) => r.host === docsHost), 'objects.inv comes from the docs origin');
    const toDocsHost = sandbox.requests.filter((r) => r.host === docsHost);
    assert.ok(toDocsHost.every((r) => r.authorization === undefined), 'the docs host never gets a token');
    const embeds = sandbox.requests.filter((r) => r.path === '/api/v3/embed/');
    assert.ok(embeds.length >= 1 && embeds.every((r) => r.authorization === undefined), 'the embed endpoint never gets a token');
  });

  it('explicit titles, :doc: relative to the current file, Python roles with ~', async () => {
    const document = await openFixture('docs/guide/writing.rst');
    const labelled = await referenceHover(document, '<configuration-label>', 3);
    assert.ok(labelled?.includes('widgets.toml'), labelled);
    const doc = await referenceHover(document, ':doc:`../installation`', 8);
    assert.ok(doc?.includes(`${DOCS}installation.html`), doc);
    assert.match(doc ?? '', /\*\*Installation\*\*/);
    const cls = await referenceHover(document, '~widgets.Widget', 4);
    assert.ok(cls?.includes(`${DOCS}api.html#widgets.Widget`), cls);
  });

  it('{ref} in a MyST .md file shows the section; Markdown #label links resolve too', async () => {
    const document = await openFixture('docs/guide/notes.md');
    const text = await waitFor(() => referenceHover(document, '{ref}`requirements`', 8), 'the {ref} hover');
    assert.match(text, /Python 3\.9\+/);
    const link = await referenceHover(document, '(#quickstart)', 3);
    assert.ok(link?.includes(`${DOCS}usage.html#quickstart`), link);
    const heading = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'Back to [the top](#notes-in-myst-markdown).' });
    assert.equal(await referenceHover(heading, '#notes', 2), undefined, 'an anchor no inventory has may be a heading of the page: no hover');
  });

  it('an unresolved target says so and names the nearest labels; it also gets a hint diagnostic', async () => {
    const document = await openFixture('docs/guide/writing.rst');
    const text = await referenceHover(document, ':ref:`requirments`', 8);
    assert.match(text ?? '', /is in none of the published inventories/);
    assert.match(text ?? '', /Did you mean: requirements/);
    await vscode.window.showTextDocument(document);
    const hints = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Read the Docs');
      return found.length > 0 ? found : undefined;
    }, 'the unresolved-target hint');
    assert.deepEqual(hints.map((d) => [d.severity, document.getText(d.range)]), [[vscode.DiagnosticSeverity.Hint, 'requirments']]);
  });

  it('completion inside :ref: offers the labels with their section titles', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'restructuredtext', content: 'See :ref:`inst' });
    // An untitled document belongs to no folder: the first folder's binding and conf.py apply.
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(0, 14));
    const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.ok(labels.includes('installing-with-pip'), labels.join(', '));
    const item = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'installing-with-pip');
    assert.equal(typeof item?.label === 'string' ? undefined : item?.label.description, 'Installing with pip');
  });

  it('Ctrl+click: document links point at the published pages', async () => {
    const document = await openFixture('docs/guide/notes.md');
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri);
    const targets = links.map((l) => l.target?.toString(true));
    assert.ok(targets.includes(`${DOCS}installation.html#requirements`), targets.join('\n'));
    assert.ok(targets.includes(`${DOCS}api.html#widgets.WidgetError`), targets.join('\n'));
  });

  it('Search Documentation… queries the bound project and opens the chosen section in the preview', async () => {
    sandbox.clearLog();
    const ui = new ScriptedUi().search('requirements', /Requirements/);
    testing.setUi(ui);
    await vscode.commands.executeCommand('readthedocs.searchDocs');
    ui.assertDone();
    const query = sandbox.requests.find((r) => r.path === '/api/v3/search/')?.query;
    assert.equal(query?.q, 'requirements subprojects:widgets');
    const render = testing.preview.lastRender();
    assert.equal(render?.url, `${DOCS}installation.html#requirements`);
    assert.match(render?.html ?? '', /Python 3\.9\+/);
  });

  it('signed in, a link to the docs origin is hovered like any custom domain, and previewed; no token goes there', async () => {
    await signInWith(testing, sandbox.tokens.owner);
    sandbox.clearLog();
    const url = `${DOCS}installation.html#requirements`;
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: `Check [the requirements](${url}) first.\n` });
    const text = await waitFor(() => referenceHover(document, 'the requirements', 4), 'the link hover');
    assert.match(text, /Python 3\.9\+/);
    await vscode.commands.executeCommand('readthedocs.previewDocs', `${DOCS}usage.html#quickstart`);
    const render = testing.preview.lastRender();
    assert.equal(render?.url, `${DOCS}usage.html#quickstart`);
    assert.match(render?.html ?? '', /Window\(title=/);
    const docsHost = new URL(DOCS).host;
    assert.ok(sandbox.requests.some((r) => r.path === '/api/v3/projects/' && r.authorization !== undefined), 'the project list (custom domains) is read signed in');
    assert.ok(sandbox.requests.filter((r) => r.host === docsHost || r.path === '/api/v3/embed/').every((r) => r.authorization === undefined), 'neither the docs origin nor the embed endpoint gets the token');
  });

  it('unbinding the folder takes its hints away', async () => {
    const document = await openFixture('docs/guide/writing.rst');
    const hints = () => vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Read the Docs');
    await waitFor(() => hints().length > 0, 'the hint while the folder is bound');
    await setSetting('projects', undefined);
    await waitFor(() => hints().length === 0, 'the hints to go with the binding');
  });
});
