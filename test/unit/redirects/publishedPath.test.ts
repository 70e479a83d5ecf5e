import * as assert from 'node:assert/strict';
import { layoutFromConfig } from '../../../src/core/docsLayout/buildTools';
import { type DocsLayout, layoutFromConfPy } from '../../../src/core/docsLayout/layout';
import { isDocsSource, publishedPath } from '../../../src/core/docsLayout/publishedName';
import { OfferedRenames, redirectsForRenames } from '../../../src/core/redirects/renameRedirects';

const HTML: DocsLayout = { tool: 'sphinx', root: 'docs', directoryUrls: false };
const DIRHTML: DocsLayout = { ...HTML, directoryUrls: true };
const MKDOCS: DocsLayout = { tool: 'mkdocs', root: 'docs', directoryUrls: true };

describe('redirects/publishedPath', () => {
  const rows: [DocsLayout, string, string | undefined][] = [
    [HTML, 'docs/install.rst', '/install.html'],
    [HTML, 'docs/guide/setup.md', '/guide/setup.html'],
    [HTML, 'docs/guide/index.rst', '/guide/index.html'],
    [HTML, 'docs/index.rst', '/index.html'],
    [HTML, 'docs/notebooks/demo.ipynb', '/notebooks/demo.html'],
    [HTML, 'docs/conf.py', undefined],
    [HTML, 'docs/_static/logo.md', undefined],
    [HTML, 'src/readme.md', undefined],
    [DIRHTML, 'docs/guide/setup.rst', '/guide/setup/'],
    [DIRHTML, 'docs/guide/index.rst', '/guide/'],
    [DIRHTML, 'docs/index.rst', '/'],
    [MKDOCS, 'docs/guide/setup.md', '/guide/setup/'],
    [MKDOCS, 'docs/guide/README.md', '/guide/'],
    [{ ...MKDOCS, directoryUrls: false }, 'docs/guide/setup.md', '/guide/setup.html'],
    [{ ...HTML, root: '' }, 'install.rst', '/install.html'],
  ];
  for (const [layout, source, expected] of rows) {
    it(`${layout.tool}${layout.directoryUrls ? ' (directory URLs)' : ''}: ${source} → ${expected ?? 'not a page'}`, () => {
      assert.equal(publishedPath(source, layout), expected);
    });
  }

  it('the layout from .readthedocs.yaml: Sphinx builder and conf.py folder; MkDocs docs_dir and use_directory_urls', () => {
    assert.deepEqual(shape(layoutFromConfig('version: 2\nsphinx:\n  configuration: doc/source/conf.py\n  builder: dirhtml\n', () => undefined)),
      { tool: 'sphinx', root: 'doc/source', directoryUrls: true });
    assert.deepEqual(shape(layoutFromConfig('version: 2\nsphinx:\n  configuration: docs/conf.py\n', () => undefined)), { tool: 'sphinx', root: 'docs', directoryUrls: false });
    const files: Record<string, string> = { 'site/mkdocs.yml': 'docs_dir: pages\nuse_directory_urls: false\n' };
    assert.deepEqual(shape(layoutFromConfig('version: 2\nmkdocs:\n  configuration: site/mkdocs.yml\n', (p) => files[p])),
      { tool: 'mkdocs', root: 'site/pages', directoryUrls: false });
    assert.deepEqual(shape(layoutFromConfig('version: 2\nmkdocs: {}\n', () => undefined)), { tool: 'mkdocs', root: 'docs', directoryUrls: true });
    assert.equal(layoutFromConfig('version: 2\nbuild:\n  os: ubuntu-24.04\n', () => undefined), undefined);
    assert.equal(layoutFromConfig(': not yaml [', () => undefined), undefined);
    assert.deepEqual(shape(layoutFromConfPy('docs/conf.py')), HTML);
  });

  it('renames become page redirects between the published paths; a folder becomes one wildcard rule', () => {
    const rules = redirectsForRenames([
      { from: 'docs/old.rst', to: 'docs/guide/new.rst' },
      { from: 'docs/api', to: 'docs/reference', folder: true },
      { from: 'docs/conf.py', to: 'docs/config.py' },
      { from: 'docs/a.rst', to: 'docs/a.md' },
    ], HTML, 'Renamed');
    assert.deepEqual(rules.map((r) => [r.type, r.fromUrl, r.toUrl, r.description]), [
      ['page', '/old.html', '/guide/new.html', 'Renamed'],
      ['page', '/api/*', '/reference/:splat', 'Renamed'],
    ]);
  });

  it('one rename is offered once', () => {
    const offered = new OfferedRenames();
    assert.equal(offered.take([{ from: 'a', to: 'b' }, { from: 'c', to: 'd' }]).length, 2);
    assert.deepEqual(offered.take([{ from: 'a', to: 'b' }, { from: 'b', to: 'e' }]), [{ from: 'b', to: 'e' }]);
  });

  it('a documentation source is a file Sphinx or MkDocs reads as a page, whatever the layout', () => {
    for (const path of ['docs/index.rst', 'guide/Setup.MD', 'notes.markdown', 'api.ipynb', 'page.myst', 'changes.txt']) assert.equal(isDocsSource(path), true, path);
    for (const path of ['src/app.py', 'docs/conf.py', 'docs/_static/logo.png', 'docs']) assert.equal(isDocsSource(path), false, path);
  });
});

/** The fields these rows are about (the layout also names its config file and python paths). */
function shape(layout: DocsLayout | undefined): DocsLayout | undefined {
  return layout && { tool: layout.tool, root: layout.root, directoryUrls: layout.directoryUrls };
}
