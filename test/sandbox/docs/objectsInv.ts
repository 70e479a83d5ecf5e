// objects.inv of a sandbox project, derived from its seeded Sphinx pages and written with Sphinx's own
// rules (sphinx/util/inventory.py InventoryFile.dump): four header lines, then zlib-compressed
// `name domain:type priority uri dispname` lines, `$` when the anchor equals the name, `-` when the
// title equals the name, sorted by domain:type then name.

import { deflateSync } from 'node:zlib';

interface Entry { name: string; type: string; priority: number; uri: string; dispname: string }

const decode = (html: string): string => html.replace(/<[^>]*>/g, '').replace(/¶/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
  .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

/** Entries of one page: the document, a label per section (and per empty label span), glossary terms, Python objects. */
function pageEntries(path: string, html: string): Entry[] {
  const entries: Entry[] = [];
  const docname = path.replace(/\.html$/, '');
  const main = /itemprop="articleBody">([\s\S]*)<\/div>\s*<\/div>\s*<footer/.exec(html)?.[1] ?? html;
  const title = /<h1>([\s\S]*?)<\/h1>/.exec(main)?.[1];
  entries.push({ name: docname, type: 'std:doc', priority: -1, uri: path, dispname: title ? decode(title) : docname });
  for (const match of main.matchAll(/<section id="([^"]+)">\s*(?:<span id="([^"]+)"><\/span>)?\s*<h[1-6]>([\s\S]*?)<\/h[1-6]>/g)) {
    const [, id, spanId, heading] = match;
    for (const label of [id, spanId].filter((l): l is string => l !== undefined)) {
      entries.push({ name: label, type: 'std:label', priority: -1, uri: `${path}#${label}`, dispname: decode(heading) });
    }
  }
  for (const match of main.matchAll(/<dt id="(term-[^"]+)">([\s\S]*?)<a class="headerlink"/g)) {
    entries.push({ name: decode(match[2]), type: 'std:term', priority: -1, uri: `${path}#${match[1]}`, dispname: decode(match[2]) });
  }
  const classes = new Set<string>();
  for (const match of main.matchAll(/<dt class="sig sig-object py" id="([^"]+)">([\s\S]*?)<\/dt>/g)) {
    const [, id, signature] = match;
    const keyword = /<em class="property"><span class="pre">(\w+)<\/span>/.exec(signature)?.[1];
    const parent = id.slice(0, id.lastIndexOf('.'));
    const type = keyword === 'class' ? 'py:class' : keyword === 'exception' ? 'py:exception' : classes.has(parent) ? 'py:method' : 'py:function';
    if (type === 'py:class') classes.add(id);
    entries.push({ name: id, type, priority: 1, uri: `${path}#${id}`, dispname: id });
  }
  return entries;
}

/** Whether the pages are Sphinx output (MkDocs sites publish no inventory). */
export function isSphinxSite(pages: ReadonlyMap<string, string>): boolean {
  return [...pages.values()].some((html) => html.includes('sphinx-doc.org'));
}

/** The bytes of objects.inv for a site's pages (path inside the version → HTML). */
export function objectsInv(project: string, version: string, pages: ReadonlyMap<string, string>): Buffer {
  const entries = [...pages].filter(([path]) => path.endsWith('.html')).flatMap(([path, html]) => pageEntries(path, html));
  entries.sort((a, b) => (a.type === b.type ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.type < b.type ? -1 : 1));
  const lines = entries.map(({ name, type, priority, uri, dispname }) => {
    const shortUri = uri.endsWith(`#${name}`) ? `${uri.slice(0, -name.length)}$` : uri;
    return `${name} ${type} ${priority} ${shortUri} ${dispname === name ? '-' : dispname}`;
  });
  const header = `# Sphinx inventory version 2\n# Project: ${project}\n# Version: ${version}\n# The remainder of this file is compressed using zlib.\n`;
  return Buffer.concat([Buffer.from(header), deflateSync(Buffer.from(lines.map((l) => `${l}\n`).join('')))]);
}
