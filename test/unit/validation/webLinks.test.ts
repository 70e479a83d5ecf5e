// Links only to the web: every sink that turns a remote URI into something clickable decides
// through `webUrlOf`. One test per sink's core decision, each fed the URIs a hostile inventory,
// server or docs host could send.

import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { failureHoverMarkdown, sectionHoverMarkdown } from '../../../src/core/embed/hoverContent';
import { parsePreviewState } from '../../../src/core/embed/previewState';
import { resolveLinkUrl } from '../../../src/core/html/urls';
import { InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { parseInventory } from '../../../src/core/inventory/parse';
import { referenceAt } from '../../../src/core/inventory/referenceAt';
import { resolveReference } from '../../../src/core/inventory/resolve';
import { link } from '../../../src/core/tree/tooltip';
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
