// Hover previews of docs links in a real extension host, against the sandbox's embed endpoint:
// the section text through `vscode.executeHoverProvider`, the reasons when there is none, the
// hostile page rendered harmless, cancellation closing the request, no request for plain text,
// the settings, and the user's custom domains learnt with one list request.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, setEditionUrls, setSetting, signInWith, signOutAll, waitFor } from './helpers/host';

const DOCS = 'https://widgets.readthedocs.io/en/latest';
const HOSTILE = 'https://hostile-demo.readthedocs.io/en/latest/xss.html';
const EMBED_PATH = '/api/v3/embed/';

/** The text of every hover VS Code collects at the first occurrence of `needle` (plus `offset`). */
async function hoverTexts(document: vscode.TextDocument, needle: string, offset = 2): Promise<string[]> {
  const index = document.getText().indexOf(needle);
  assert.ok(index >= 0, `${needle} is not in the document`);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, document.positionAt(index + offset));
  return hovers.flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)));
}

/** Our hover's text (it ends with the browser link), or undefined when there is none. */
async function ourHover(document: vscode.TextDocument, needle: string, offset = 2): Promise<string | undefined> {
  return (await hoverTexts(document, needle, offset)).find((text) => text.includes('[Open in browser]('));
}

async function open(language: string, content: string): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument({ language, content });
}

describe('hover: docs links show their section', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let testing: TestingApi;

  const embedRequests = () => sandbox.requests.filter((r) => r.path === EMBED_PATH);

  before(async () => {
    sandbox = await startSandbox();
    testing = await getTesting();
    // A visible projects view would load (and poll) on sign-in; this suite counts requests.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await signOutAll(testing);
    await setEditionUrls({ community: sandbox.origin, business: '' });
    await waitFor(() => testing.editions.origin('community') === sandbox.origin, 'the community client to follow the setting');
    await setSetting('hover.enabled', undefined);
    await setSetting('hover.languages', undefined);
    await setSetting('hover.cacheMinutes', undefined);
    (await testing.embed.feature()).service.clear();
  });

  afterEach(() => sandbox.setLatency(0));

  after(async () => {
    await signOutAll(testing);
    await setSetting('hover.enabled', undefined);
    await setSetting('hover.languages', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('Markdown link: the section as Markdown, with "Open preview" and "Open in browser", in one embed request', async () => {
    sandbox.clearLog();
    const url = `${DOCS}/installation.html#requirements`;
    const document = await open('markdown', `# Notes\n\nCheck [the requirements](${url}) before installing.\n`);
    const text = await ourHover(document, 'the requirements');
    assert.ok(text, 'no hover from the extension');
    assert.match(text, /Requirements/);
    assert.match(text, /Python 3\.9\+/);
    assert.match(text, /\[Open preview\]\(command:readthedocs\.previewDocs\?/);
    assert.ok(text.includes(`[Open in browser](${url} `), text);
    const requests = embedRequests();
    assert.equal(requests.length, 1);
    assert.equal(requests[0].query.url, url, 'the fragment travels inside `url` (%23)');
    assert.equal(requests[0].query.doctool, 'sphinx');
    assert.equal(requests[0].authorization, undefined, 'the embed endpoint gets no token');
  });

  it('Python comment with a bare URL: the section text; hovering again is served from the cache', async () => {
    sandbox.clearLog();
    const document = await open('python', `import widgets\n\n# Configure it: ${DOCS}/installation.html#installing-with-pip\nwidgets.setup()\n`);
    const text = await ourHover(document, 'installation.html');
    assert.ok(text, 'no hover from the extension');
    assert.match(text, /Installing with pip/);
    assert.match(text, /python -m pip install widgets/);
    assert.equal(embedRequests().length, 1);
    assert.ok(await ourHover(document, 'installation.html', 8));
    assert.equal(embedRequests().length, 1, 'the second hover used the cache');
  });

  it('reST link in a string: counts too', async () => {
    sandbox.clearLog();
    const document = await open('restructuredtext', `See \`Usage <${DOCS}/usage.html>\`_ for more.\n`);
    const text = await ourHover(document, 'Usage <');
    assert.ok(text, 'no hover from the extension');
    assert.match(text, /Usage/);
    assert.equal(embedRequests().length, 1);
  });

  it('text that is not a docs link makes no request at all', async () => {
    sandbox.clearLog();
    const document = await open('markdown', 'Plain words here.\n\nAnd a link elsewhere: https://example.com/page.html and [x](https://example.org/docs/).\n');
    for (const needle of ['words', 'example.com', '[x]']) {
      assert.equal(await ourHover(document, needle), undefined, needle);
    }
    assert.deepEqual(sandbox.requests.map((r) => r.path), []);
  });

  it('failures: one line saying why, with the browser link', async () => {
    const cases: [string, RegExp][] = [
      [`${DOCS}/installation.html#no-such-section`, /Section not found/],
      [`${DOCS}/no-such-page.html`, /Page not found/],
      ['https://widgets.readthedocs.io/en/v9.9.9/index.html', /Domain not allowed/],
    ];
    for (const [url, reason] of cases) {
      const document = await open('markdown', `Link: ${url}\n`);
      const text = await ourHover(document, 'widgets.readthedocs.io', 4);
      assert.ok(text, `no hover for ${url}`);
      assert.match(text, reason, url);
      assert.match(text.split('\n')[0], /^\*\*Read the Docs preview:\*\*/);
      assert.doesNotMatch(text, /command:/, 'no "Open preview" when there is nothing to preview');
    }
  });

  it('the hostile page: no script, event handler or javascript: URL reaches the hover', async () => {
    const sections = ['script-tags', 'event-handlers', 'javascript-urls', 'embedded-frames', 'styles', 'data-uris', 'markup-tricks', 'link-rewriting'];
    for (const fragment of [...sections, undefined]) {
      const url = fragment ? `${HOSTILE}#${fragment}` : HOSTILE;
      const document = await open('markdown', `Look: <${url}>\n`);
      const text = await ourHover(document, 'hostile-demo', 4);
      assert.ok(text, `no hover for ${url}`);
      // No raw HTML at all (the page's own text "<script>…" arrives escaped as \<script\>).
      assert.doesNotMatch(text, /(?<!\\)<\s*\/?\s*(script|iframe|object|embed|style|form|svg|img|a|details|div|p)\b/i, url);
      assert.doesNotMatch(text, /\bon[a-z]+\s*=/i, url);
      assert.doesNotMatch(text, /\]\(\s*<?\s*(javascript|vbscript|data):/i, url);
      // Every payload of the page carries an `xss-` marker; none may survive in any form.
      assert.doesNotMatch(text, /xss-/, url);
      if (fragment === 'script-tags' || fragment === 'event-handlers') {
        assert.doesNotMatch(text, /javascript:|onerror|<script/i, url);
      }
    }
  });

  it('a cancelled hover aborts its request (the sandbox sees the connection closed)', async () => {
    sandbox.clearLog();
    sandbox.setLatency(3000);
    const url = `${DOCS}/configuration.html`;
    const document = await open('markdown', `Settings: ${url}\n`);
    const source = new vscode.CancellationTokenSource();
    const position = document.positionAt(document.getText().indexOf('configuration.html'));
    const hover = (await testing.embed.feature()).hoverProvider.provideHover(document, position, source.token);
    await waitFor(() => embedRequests().length === 1, 'the embed request to arrive');
    source.cancel();
    assert.equal(await hover, undefined);
    const [request] = await waitFor(() => {
      const aborted = embedRequests().filter((r) => r.aborted);
      return aborted.length ? aborted : undefined;
    }, 'the sandbox to log the embed request as aborted', 5000);
    assert.equal(request.query.url, url);
    assert.equal(embedRequests().length, 1);
    source.dispose();
  });

  it('follows readthedocs.hover.enabled and readthedocs.hover.languages', async () => {
    const url = `${DOCS}/usage.html#configuration`;
    const markdown = await open('markdown', `[conf](${url})\n`);
    const python = await open('python', `# ${url}\n`);
    assert.ok(await ourHover(markdown, 'conf'));

    await setSetting('hover.enabled', false);
    await waitFor(() => testing.embed.hover.languages.length === 0, 'the provider to be unregistered');
    sandbox.clearLog();
    assert.equal(await ourHover(markdown, 'conf'), undefined);

    await setSetting('hover.enabled', undefined);
    await setSetting('hover.languages', ['python']);
    await waitFor(() => testing.embed.hover.languages.join() === 'python', 'the provider to follow the languages');
    assert.equal(await ourHover(markdown, 'conf'), undefined);
    assert.ok(await ourHover(python, 'usage.html'));
    await setSetting('hover.languages', undefined);
    await waitFor(() => testing.embed.hover.languages.includes('markdown'), 'the default languages back');
  });

  it('a language the user adds gets hovers at once, without a reload', async () => {
    const url = `${DOCS}/usage.html#configuration`;
    const defaults = vscode.workspace.getConfiguration('readthedocs').inspect<string[]>('hover.languages')?.defaultValue ?? [];
    assert.ok(!defaults.includes('xml'), 'the test needs a language outside the defaults');
    const xml = await open('xml', `<!-- see ${url} -->\n<config/>\n`);
    assert.equal(await ourHover(xml, 'usage.html'), undefined, 'xml is not a hover language yet');
    await setSetting('hover.languages', [...defaults, 'xml']);
    await waitFor(() => testing.embed.hover.languages.includes('xml'), 'the provider to register for xml');
    assert.ok(await ourHover(xml, 'usage.html'), 'no hover once xml was added');
    await setSetting('hover.languages', undefined);
  });

  it('signed in: a custom domain of the user\'s projects is learnt with one list request, then hovered', async () => {
    await signInWith(testing, sandbox.tokens.owner);
    assert.deepEqual(testing.editions.signedIn, ['community']);
    sandbox.clearLog();
    const plain = await open('markdown', 'Nothing to see here.\n');
    assert.equal(await ourHover(plain, 'Nothing'), undefined);
    assert.deepEqual(sandbox.requests.map((r) => r.path), [], 'no URL under the cursor: not even the project list');

    const document = await open('markdown', 'Gadgets: https://docs.example-gadgets.org/en/latest/ and https://docs.example-gadgets.org/en/latest/setup/\n');
    const first = await ourHover(document, 'docs.example-gadgets.org/en/latest/ ', 4);
    assert.ok(first, 'no hover for the custom domain');
    assert.doesNotMatch(first, /Read the Docs preview:/, first);
    const lists = () => sandbox.requests.filter((r) => r.path === '/api/v3/projects/');
    assert.equal(lists().length, 1);
    const setup = await ourHover(document, 'setup/', 1);
    assert.ok(setup, 'no hover for the second custom-domain link');
    assert.equal(lists().length, 1, 'the list is read once');
    assert.equal(embedRequests().length, 2);
  });
});
