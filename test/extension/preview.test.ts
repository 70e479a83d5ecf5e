// The preview panel in a real extension host, against the sandbox's embed endpoint: opened from
// a URL (the hover's command link), the palette, version and project nodes; titled with the
// section; the hostile page rendered under the CSP with only the panel's own script; same-docs
// links in the panel and others in the browser; back/forward; failures explained in the panel.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type DocsNode, type NodeOfKind } from '../../src/core/tree/nodes';
import type { TestingApi } from '../../src/vscode/testing';
import { type EmbedFeatures } from '../../src/vscode/preview';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, setEditionUrls, signInWith, signOutAll, waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';

const DOCS = 'https://widgets.readthedocs.io/en/latest';
const HOSTILE = 'https://hostile-demo.readthedocs.io/en/latest/xss.html';
const EMBED_PATH = '/api/v3/embed/';

interface Render {
  readonly url: string;
  readonly title: string;
  readonly html: string;
  readonly failure?: string;
}

/** The HTML between <main> and </main>: what came from the server, sanitised. */
function body(html: string): string {
  const match = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html);
  assert.ok(match, 'no <main> in the webview HTML');
  return match[1];
}

describe('preview panel: sanitised sections, themed, navigable', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let testing: TestingApi;

  const embedRequests = () => sandbox.requests.filter((r) => r.path === EMBED_PATH);
  let docs: EmbedFeatures;
  const preview = () => docs.preview;

  async function previewDocs(arg?: unknown): Promise<Render> {
    const render = await vscode.commands.executeCommand<Render | undefined>('readthedocs.previewDocs', arg);
    assert.ok(render, 'the command rendered nothing');
    assert.equal(render, preview().lastRender);
    return render;
  }

  before(async () => {
    sandbox = await startSandbox();
    testing = await getTesting();
    docs = await testing.embed.feature();
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await signOutAll(testing);
    await setEditionUrls({ community: sandbox.origin, business: '' });
    await waitFor(() => testing.editions.origin('community') === sandbox.origin, 'the community client to follow the setting');
    docs.service.clear();
  });

  after(async () => {
    preview().webviewPanel?.dispose();
    await signOutAll(testing);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('from a URL (the hover\'s "Open preview"): titled with the section, its text under a strict CSP', async () => {
    sandbox.clearLog();
    const url = `${DOCS}/installation.html#requirements`;
    const render = await previewDocs(url);
    const panel = preview().webviewPanel;
    assert.ok(panel, 'no panel');
    assert.equal(panel.viewType, 'readthedocs.preview');
    assert.equal(panel.title, 'Requirements');
    assert.equal(render.url, url);
    assert.match(body(render.html), /Python 3\.9\+/);
    assert.equal(panel.webview.html, render.html);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(render.html)?.[1].replace(/&#39;/g, "'");
    assert.ok(csp, 'no CSP');
    assert.match(csp, /^default-src 'none'; img-src https:; style-src [^;]+; script-src 'nonce-[^']+'; base-uri 'none'; form-action 'none'$/);
    assert.match(render.html, /<link rel="stylesheet" href="[^"]*preview\.css"/);
    assert.equal(panel.webview.options.enableCommandUris, false);
    assert.deepEqual(panel.webview.options.localResourceRoots?.map((uri) => uri.path.split('/').pop()), ['media']);
    assert.equal(embedRequests().length, 1);
  });

  it('a section the hover already fetched opens without a request', async () => {
    const url = `${DOCS}/usage.html#configuration`;
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: `[conf](${url})\n` });
    await vscode.commands.executeCommand('vscode.executeHoverProvider', document.uri, new vscode.Position(0, 2));
    sandbox.clearLog();
    const render = await previewDocs(url);
    assert.match(body(render.html), /Configuration/);
    assert.equal(embedRequests().length, 0);
  });

  it('the hostile page: no script but the panel\'s own nonce script, no handlers, no javascript:/data: URLs, no frames', async () => {
    const render = await previewDocs(HOSTILE);
    const html = render.html;
    const nonce = /script-src 'nonce-([^']+)'/.exec(html.replace(/&#39;/g, "'"))?.[1];
    assert.ok(nonce);
    const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map(([tag]) => tag);
    assert.deepEqual(scripts, [`<script nonce="${nonce}">`]);
    const content = body(html);
    assert.doesNotMatch(content, /<\s*(script|iframe|object|embed|style|form|input|button|svg|link|meta|base|noscript)\b/i);
    assert.doesNotMatch(content, /\son[a-z]+\s*=/i);
    assert.doesNotMatch(content, /(href|src)\s*=\s*["']?\s*(javascript|vbscript|data):/i);
    assert.doesNotMatch(content, /\sstyle\s*=/i);
    // Every payload of the page carries an `xss-` marker; none may survive in any form.
    assert.doesNotMatch(content, /xss-/);
    assert.match(content, /&lt;script&gt;alert\("escaped"\)/, 'the page\'s own text about scripts stays text');
    assert.match(content, /Links of every kind/);
    for (const fragment of ['script-tags', 'event-handlers']) {
      const section = await previewDocs(`${HOSTILE}#${fragment}`);
      assert.doesNotMatch(body(section.html), /javascript:|onerror|<script/i, fragment);
    }
  });

  it('same-docs links open in the panel, others in the browser; back and forward', async () => {
    await previewDocs(`${DOCS}/installation.html`);
    const ui = new ScriptedUi();
    testing.setUi(ui);
    const opened = ui.opened;
    await preview().receive({ type: 'open', href: `${DOCS}/usage.html`, external: false });
    assert.equal(preview().lastRender?.url, `${DOCS}/usage.html`);
    assert.equal(preview().webviewPanel?.title, 'Usage');

    await preview().receive({ type: 'open', href: 'https://github.com/example-org/widgets/discussions', external: false });
    await preview().receive({ type: 'open', href: `${DOCS}/_images/diagram.png`, external: false });
    await preview().receive({ type: 'open', href: `${DOCS}/api.html`, external: true });
    await preview().receive({ type: 'open', href: 'javascript:alert(1)', external: false });
    await preview().receive({ type: 'open', href: 'mailto:someone@example.com', external: true });
    await preview().receive({ type: 'eval', code: 'x' });
    assert.deepEqual(opened, ['https://github.com/example-org/widgets/discussions', `${DOCS}/_images/diagram.png`, `${DOCS}/api.html`]);
    assert.equal(preview().lastRender?.url, `${DOCS}/usage.html`, 'nothing else navigated the panel');

    await vscode.commands.executeCommand('readthedocs.previewBack');
    assert.equal(preview().lastRender?.url, `${DOCS}/installation.html`);
    await vscode.commands.executeCommand('readthedocs.previewForward');
    assert.equal(preview().lastRender?.url, `${DOCS}/usage.html`);
    await preview().receive({ type: 'back' });
    assert.equal(preview().lastRender?.url, `${DOCS}/installation.html`);

    opened.length = 0;
    await vscode.commands.executeCommand('readthedocs.previewOpenInBrowser');
    assert.deepEqual(opened, [`${DOCS}/installation.html`]);
  });

  it('from the palette: a URL typed into the input box, checked as typed', async () => {
    const ui = new ScriptedUi().input('widgets.readthedocs.io/en/latest/').input(`${DOCS}/configuration.html`);
    testing.setUi(ui);
    const render = await previewDocs();
    ui.assertDone();
    assert.equal(ui.validationMessages.length, 1);
    assert.match(ui.validationMessages[0], /not a complete URL/);
    assert.equal(render.url, `${DOCS}/configuration.html`);
    assert.equal(render.failure, undefined);
  });

  it('failures are explained in the panel', async () => {
    const cases: [string, RegExp][] = [
      [`${DOCS}/installation.html#no-such-section`, /Section not found/],
      [`${DOCS}/missing.html`, /Page not found/],
      ['https://example.com/elsewhere.html', /Domain not allowed/],
    ];
    for (const [url, reason] of cases) {
      const render = await previewDocs(url);
      assert.match(render.failure ?? '', reason, url);
      assert.match(body(render.html), reason, url);
    }
  });

  it('from a version node (its docs) and a project node (its documentation root)', async () => {
    await signInWith(testing, sandbox.tokens.owner);
    const projects = await testing.tree.getChildren(undefined);
    const widgets = projects.find((n): n is NodeOfKind<'project'> => n.kind === 'project' && n.project.slug === 'widgets');
    assert.ok(widgets, 'widgets not in the tree');
    const project = await previewDocs(widgets);
    assert.equal(project.url, widgets.project.urls.documentation);
    assert.equal(project.failure, undefined, project.failure);
    assert.match(body(project.html), /Widgets is a small Python library/);

    const folders = await testing.tree.getChildren(widgets);
    const versionsFolder = folders.find((n) => n.kind === 'folder' && n.folder === 'versions') as DocsNode;
    const versions = await testing.tree.getChildren(versionsFolder);
    const latest = versions.find((n): n is NodeOfKind<'version'> => n.kind === 'version' && n.version.slug === 'latest');
    assert.ok(latest, 'latest not among the versions');
    const version = await previewDocs(latest);
    assert.equal(version.url, latest.version.urls.documentation);
    assert.equal(version.failure, undefined, version.failure);
  });

  it('after a window reload: the panel VS Code restores shows its page again, with the themed tab icon', async () => {
    // What VS Code hands the serializer after a reload: a fresh panel of our view type, and the
    // state the page script kept (checked in test/unit/embed/previewState.test.ts).
    preview().webviewPanel?.dispose();
    sandbox.clearLog();
    docs.service.clear();
    const restored = vscode.window.createWebviewPanel('readthedocs.preview', 'Read the Docs', vscode.ViewColumn.Active, {});
    const url = `${DOCS}/installation.html#requirements`;
    const render = await preview().restore(restored, { url, edition: 'community' });
    assert.ok(render, 'nothing rendered');
    assert.equal(preview().webviewPanel, restored);
    assert.equal(restored.title, 'Requirements');
    assert.match(body(restored.webview.html), /Python 3\.9\+/);
    assert.ok(restored.webview.html.includes(`data-rtd-page="${url}" data-rtd-edition="community"`), 'the page keeps what the next reload needs');
    assert.equal(restored.webview.options.enableScripts, true, 'the link script runs again');
    assert.equal(embedRequests().length, 1);
    const icon = restored.iconPath as { light: vscode.Uri; dark: vscode.Uri };
    assert.deepEqual([icon.light.path.split('/').pop(), icon.dark.path.split('/').pop()], ['preview-light.svg', 'preview-dark.svg']);
    assert.ok(await vscode.workspace.fs.stat(icon.dark), 'the dark icon ships');
  });
});
