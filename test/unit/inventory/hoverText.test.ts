import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { Marked } from 'marked';
import { InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { parseInventory } from '../../../src/core/inventory/parse';
import { resolvedTitleMarkdown, unresolvedHoverMarkdown } from '../../../src/core/inventory/hoverText';

const renderer = new Marked({ gfm: true });
const MARKUP = '![pixel](https://evil.example/p.png)[click](command:workbench.action.terminal.new)**bold**_em_';

/** The HTML a person would see: VS Code renders hovers with marked (CommonMark + GFM). */
function rendered(markdown: string): string {
  return renderer.parse(markdown, { async: false });
}

/** No image, no emphasis, and no link but a GFM autolink of a bare https URL (the one kind of link text may make). */
function assertText(html: string): void {
  assert.doesNotMatch(html, /<img|<em>/, html);
  for (const [, href] of html.matchAll(/<a href="([^"]*)"/g)) assert.match(href, /^https:\/\/evil\.example\/p\.png/, html);
}

describe('cross-reference hover text: every inventory string stays text', () => {
  it('the domain:type, name, title, inventory name and project of an entry cannot add images, links or emphasis', () => {
    const head = `# Sphinx inventory version 2\n# Project: ${MARKUP}\n# Version: 1\n# The remainder of this file is compressed using zlib.\n`;
    const line = `${MARKUP.replace(/ /g, '')} ${MARKUP.replace(/ /g, '')}:label -1 page.html ${MARKUP}`;
    const inventory = new InventoryIndex(parseInventory(Buffer.concat([Buffer.from(head), deflateSync(Buffer.from(line))])), 'https://hostile.example/');
    const [type] = inventory.types;
    assert.ok(type.includes('!['), type);
    const entry = inventory.find([type], MARKUP.replace(/ /g, ''));
    assert.ok(entry);
    const html = rendered(resolvedTitleMarkdown({ kind: 'resolved', entry, url: inventory.urlOf(entry), inventory, inventoryName: MARKUP }));
    assertText(html);
    assert.equal((html.match(/<strong>/g) ?? []).length, 1, `only the title is bold: ${html}`);
  });

  it('an unresolved name, the searched inventories and the nearest names too', () => {
    const html = rendered(unresolvedHoverMarkdown({ kind: 'unresolved', name: MARKUP, nearest: [MARKUP] }, [MARKUP]));
    assertText(html);
    assert.equal((html.match(/<strong>/g) ?? []).length, 1, `only "Read the Docs:" is bold: ${html}`);
  });
});
