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
});
