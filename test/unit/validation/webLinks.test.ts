// Links only to the web: every sink that turns a remote URI into something clickable decides
// through `webUrlOf`. One test per sink's core decision, each fed the URIs a hostile inventory,
// server or docs host could send.

import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { Marked } from 'marked';
import { failureHoverMarkdown, sectionHoverMarkdown } from '../../../src/core/embed/hoverContent';
import { parsePreviewState } from '../../../src/core/embed/previewState';
import { resolveLinkUrl } from '../../../src/core/html/urls';
import { InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { parseInventory } from '../../../src/core/inventory/parse';
import { referenceAt } from '../../../src/core/inventory/referenceAt';
import { resolveReference } from '../../../src/core/inventory/resolve';
import { link, projectTooltip } from '../../../src/core/tree/tooltip';
import { type DocsNode } from '../../../src/core/tree/nodes';
import { urlChoicesOf } from '../../../src/core/tree/urls';
import { parseProject } from '../../../src/core/models/project';
import { parseAddons } from '../../../src/core/pulls/addons';
import { previewRootOf } from '../../../src/core/pulls/previewRoot';
import { apiFixture } from '../../helpers/fixtures';
import { webUrlOf } from '../../../src/core/validation/urls';

const ROOT = 'https://widgets.readthedocs.io/en/latest/';
const HOSTILE = [
  'command:workbench.action.terminal.new',
  'command:vscode.open?%5B%22file%3A%2F%2F%2Fetc%2Fpasswd%22%5D',
  'vscode://file/etc/passwd',
  'vscode-insiders://settings',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://user:secret@evil.example/',
  'https://widgets.readthedocs.io@evil.example/',
];

function inventoryWith(lines: readonly string[]): InventoryIndex {
  const head = '# Sphinx inventory version 2\n# Project: Hostile\n# Version: 1\n# The remainder of this file is compressed using zlib.\n';
  return new InventoryIndex(parseInventory(Buffer.concat([Buffer.from(head), deflateSync(Buffer.from(lines.join('\n')))])), ROOT);
}

/** Markdown link destinations and autolinks in `markdown`. */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]*)/g)].map((m) => m[1]);
}

describe('links only to the web: every sink', () => {
  it('webUrlOf resolves against a base and still refuses every non-web result', () => {
    assert.equal(webUrlOf('api.html#widgets.Widget', ROOT)?.href, `${ROOT}api.html#widgets.Widget`);
    assert.equal(webUrlOf('/en/stable/', ROOT)?.href, 'https://widgets.readthedocs.io/en/stable/');
    for (const uri of HOSTILE) assert.equal(webUrlOf(uri, ROOT), undefined, uri);
    assert.equal(webUrlOf('page.html', 'file:///docs/'), undefined, 'a relative uri under a file: root is a file');
  });

  it('inventory entries: a command:, vscode:, file: or credentialed uri resolves without a URL (no document link, no hover link)', () => {
    const inventory = inventoryWith([...HOSTILE.map((uri, i) => `evil-${i} std:label -1 ${uri} Evil ${i}`), 'fine std:label -1 page.html#fine Fine']);
    HOSTILE.forEach((uri, i) => {
      const reference = referenceAt(`:ref:\`evil-${i}\``, 6, 'restructuredtext');
      assert.ok(reference);
      const resolution = resolveReference(reference, { own: inventory, named: new Map() }, undefined);
      assert.equal(resolution?.kind, 'resolved', uri);
      assert.equal(resolution?.kind === 'resolved' ? resolution.url : 'unresolved', undefined, uri);
    });
    const fine = inventory.find(['std:label'], 'fine');
    assert.ok(fine);
    assert.equal(inventory.urlOf(fine), `${ROOT}page.html#fine`);
  });

  it('hover links ("Open preview", "Open in browser"): only for a web page URL', () => {
    const section = { title: 'T', markdown: 'Text.', truncated: false };
    for (const uri of HOSTILE) {
      assert.deepEqual(linkTargets(sectionHoverMarkdown(uri, section)), [], uri);
      assert.deepEqual(linkTargets(failureHoverMarkdown(uri, 'Not found.')), [], uri);
    }
    assert.equal(linkTargets(sectionHoverMarkdown(`${ROOT}a.html`, section)).length, 2);
    assert.equal(linkTargets(failureHoverMarkdown(`${ROOT}a.html`, 'Not found.')).length, 1);
  });

  it('links inside a section (embed HTML, preview pages)', () => {
    for (const uri of HOSTILE) assert.equal(resolveLinkUrl(uri, `${ROOT}a.html`), undefined, uri);
  });

  it('tooltip links (API urls.*): anything else is text', () => {
    for (const uri of HOSTILE) assert.deepEqual(linkTargets(link('Docs', uri) ?? ''), [], uri);
  });

  it('preview navigation restored from the page state', () => {
    for (const uri of HOSTILE) assert.equal(parsePreviewState({ url: uri, edition: 'community' }, ['community']), undefined, uri);
  });

  it('openExternal: only the Ui opens a URL (through webUrlOf); no adapter calls vscode.env.openExternal itself', () => {
    const root = join(__dirname, '..', '..', '..', 'src', 'vscode');
    const direct = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => readFileSync(join(root, file), 'utf8').includes('vscode.env.openExternal('))
      .map((file) => file.split('\\').join('/'));
    assert.deepEqual(direct, ['ui/ui.ts']);
  });
});

// URLs the check accepts whose written form a renderer or browser reads differently: a backslash is
// a slash to the URL parser, but Markdown reads `\@` as an escaped `@` and encodeURI turns it into
// `%5C`, both of which make `evil.example` the host. A link is made from the checked URL's `href`.
const READ_DIFFERENTLY = [
  'https://github.com\\@evil.example/widgets',
  'https://github.com\\\\@evil.example/',
  'https://github.com/\\@evil.example/',
  ' https://github.com\\@evil.example/ ',
  'https://github.com\t\\@evil.example/',
];

describe('a link always goes where its URL was checked', () => {
  const renderer = new Marked({ gfm: true });
  /** The hosts of the links marked renders for `markdown`, as a browser would resolve them. */
  const renderedHosts = (markdown: string): string[] =>
    [...renderer.parse(markdown, { async: false }).matchAll(/<a href="([^"]*)"/g)]
      .map((m) => new URL(m[1].replace(/&amp;/g, '&'))).filter((url) => url.protocol !== 'command:').map((url) => url.host);

  it('the checked host is github.com for every payload', () => {
    for (const url of READ_DIFFERENTLY) assert.equal(webUrlOf(url)?.host, 'github.com', url);
  });

  it('tooltip links (a project\'s repository, homepage, documentation)', () => {
    for (const url of READ_DIFFERENTLY) {
      assert.deepEqual(renderedHosts(link('Repository', url) ?? ''), ['github.com'], url);
      const project = parseProject({ ...(apiFixture('projects-detail') as object), repository: { url, type: 'git' }, homepage: url, urls: { documentation: url, home: url } });
      assert.deepEqual(renderedHosts(projectTooltip(project)), ['github.com', 'github.com', 'github.com', 'github.com'], url);
    }
  });

  it('hover links ("Open in browser", "Open preview")', () => {
    for (const url of READ_DIFFERENTLY) {
      const markdown = sectionHoverMarkdown(url, { title: 'T', markdown: 'Text.', truncated: false });
      assert.deepEqual(renderedHosts(markdown), ['github.com'], url);
      assert.doesNotMatch(decodeURIComponent(markdown), /\\\\@|%5C@/i, url);
    }
  });

  it('pages a row opens, a pull request\'s preview root and the addons API\'s pages', () => {
    for (const url of READ_DIFFERENTLY) {
      const project = parseProject({ ...(apiFixture('projects-detail') as object), repository: { url, type: 'git' }, homepage: url });
      for (const choice of urlChoicesOf({ kind: 'project', edition: 'community', project } as DocsNode, undefined)) {
        assert.equal(choice.url, webUrlOf(choice.url)?.href, `${choice.label}: ${url}`);
      }
      assert.equal(previewRootOf('community', project, '1', undefined, url).url, webUrlOf(url)?.href, url);
      assert.equal(previewRootOf('community', project, '1', { docsUrl: url }, undefined).url, webUrlOf(url)?.href, url);
      const addons = parseAddons({ versions: { current: { urls: { documentation: url } } }, addons: { filetreediff: { enabled: true, diff: { added: [{ filename: 'a.html', urls: { current: url, base: url } }] } } } });
      assert.equal(addons.documentationUrl, webUrlOf(url)?.href, url);
      assert.deepEqual(addons.diff?.added, [{ filename: 'a.html', current: webUrlOf(url)?.href, base: webUrlOf(url)?.href }], url);
    }
  });
});
