import * as assert from 'node:assert/strict';
import { layoutFromConfPy, layoutFromMkdocs } from '../../../src/core/docsLayout/layout';
import { pageLinkAt, publishedPageUrl } from '../../../src/core/inventory/pageLinks';

const ROOT = 'https://mk-demo.readthedocs.io/en/latest/';
const mkdocs = layoutFromMkdocs('mkdocs.yml', 'site_name: x\n');

function urlAt(line: string, from: string, layout = mkdocs): string | undefined {
  const link = pageLinkAt(line, line.indexOf('(') + 2);
  return link && publishedPageUrl(link, from, layout, ROOT);
}

describe('inventory: relative page links and where they are published', () => {
  it('other.md, other.md#anchor, ../api/index.md#x on an MkDocs page (directory URLs)', () => {
    assert.equal(urlAt('Read the [guide](guide.md).', 'docs/index.md'), `${ROOT}guide/`);
    assert.equal(urlAt('See [first](guide.md#first-steps "Title").', 'docs/index.md'), `${ROOT}guide/#first-steps`);
    assert.equal(urlAt('The [API](../api/index.md#mk_demo.core.greet)', 'docs/guide/usage.md'), `${ROOT}api/#mk_demo.core.greet`);
    assert.equal(urlAt('[x](<sub dir/a%20b.md>)', 'docs/index.md'), undefined);
    assert.equal(urlAt('[x](sub%20dir/page.md)', 'docs/index.md'), `${ROOT}sub%20dir/page/`);
  });

  it('a Sphinx project: .rst and .md sources map to .html pages', () => {
    const sphinx = layoutFromConfPy('docs/conf.py');
    assert.equal(urlAt('[install](installation.rst#requirements)', 'docs/guide/notes.md', sphinx), `${ROOT}guide/installation.html#requirements`);
    assert.equal(urlAt('[notes](../index.md)', 'docs/guide/notes.md', sphinx), `${ROOT}index.html`);
  });

  it('nothing for web links, absolute paths, files outside the docs or no page at all', () => {
    assert.equal(pageLinkAt('[x](https://example.org/a.md)', 6), undefined);
    assert.equal(pageLinkAt('[x](/abs/a.md)', 6), undefined);
    assert.equal(pageLinkAt('[x](image.png)', 6), undefined);
    assert.equal(urlAt('[readme](../README.md)', 'docs/index.md'), undefined);
    assert.equal(urlAt('[up](../../../etc/passwd.md)', 'docs/index.md'), undefined);
    assert.equal(urlAt('[private](_drafts/a.md)', 'docs/index.md'), undefined);
  });

  it('the link is found only with the cursor on its destination', () => {
    const line = 'Read [the guide](guide.md#install) now';
    assert.equal(pageLinkAt(line, 2), undefined);
    assert.deepEqual(pageLinkAt(line, 20), { path: 'guide.md', anchor: 'install', start: 17, end: 33 });
  });

  it('reads only around the cursor: a link far into a 5 MB line is found where it is', () => {
    const before = 'x'.repeat(5_000_000);
    const line = `${before}[guide](guide.md#install)${'y'.repeat(100_000)}`;
    const start = before.length + '[guide]('.length;
    assert.deepEqual(pageLinkAt(line, start + 3), { path: 'guide.md', anchor: 'install', start, end: start + 'guide.md#install'.length });
    assert.equal(pageLinkAt(line, 10), undefined);
  });

  it('a line of thousands of `](` that never close, then a link: each candidate read once', () => {
    const noise = '](a.md'.repeat(1_000) + '](<b'.repeat(1_000) + ' ](c.md "'.repeat(500);
    const line = `${noise}" [d](d.md)`;
    assert.equal(pageLinkAt(line, noise.length - 10), undefined);
    assert.deepEqual(pageLinkAt(line, line.length - 3), { path: 'd.md', anchor: undefined, start: line.length - 5, end: line.length - 1 });
  });
});
