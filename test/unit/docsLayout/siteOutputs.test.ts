import assert from 'node:assert/strict';
import { BUILD_TOOLS, CONFIG_NAMES, SEARCH_EXCLUDE, configGlob, siteOutputsOf } from '../../../src/core/docsLayout/buildTools';

const sphinx = (path: string) => ({ tool: 'sphinx' as const, config: { path, text: undefined } });
const mkdocs = (path: string, text: string) => ({ tool: 'mkdocs' as const, config: { path, text } });

describe('build tools: where the built site is (Upload Local Build)', () => {
  it('Sphinx: _build/html beside conf.py and the BUILDDIR of a Makefile beside it or one folder up', () => {
    const found = siteOutputsOf(
      [sphinx('docs/source/conf.py')],
      [{ path: 'docs/Makefile', text: 'SPHINXBUILD ?= sphinx-build\nSOURCEDIR = source\nBUILDDIR      = build\n' }, { path: 'other/Makefile', text: 'BUILDDIR = out' }],
    );
    assert.deepEqual(found.map((c) => [c.tool, c.html, c.extrasUnder]), [['sphinx', 'docs/source/_build/html', 'docs/source/_build'], ['sphinx', 'docs/build/html', 'docs/build']]);
  });

  it('MkDocs: site_dir (default site) beside mkdocs.yml; Zensical: site/', () => {
    const found = siteOutputsOf([mkdocs('mkdocs.yml', 'site_name: X\nsite_dir: public\n'), mkdocs('sub/mkdocs.yml', 'site_name: Y\n'), { tool: 'zensical', config: { path: 'zensical.toml', text: undefined } }], []);
    assert.deepEqual(found.map((c) => [c.tool, c.html]), [['mkdocs', 'public'], ['mkdocs', 'sub/site'], ['zensical', 'site']]);
  });

  it('drops a folder that leads out, a variable BUILDDIR and duplicates', () => {
    const found = siteOutputsOf(
      [sphinx('conf.py'), mkdocs('mkdocs.yml', 'site_dir: ../../etc\n'), mkdocs('mkdocs.yml', 'site_dir: _build/html\n')],
      [{ path: 'Makefile', text: 'BUILDDIR = $(HOME)/out\n' }],
    );
    assert.deepEqual(found.map((c) => c.html), ['_build/html']);
  });
});

describe('build tools: the one answer', () => {
  it('one exclude list for every search: dependencies, virtualenvs, .git and each tool\'s output', () => {
    assert.equal(SEARCH_EXCLUDE, '**/{node_modules,.venv,venv,.tox,site-packages,.git,_build,build,site,.cache}/**');
  });

  it('the config names the layout is read again for, each once', () => {
    assert.deepEqual(CONFIG_NAMES, ['conf.py', 'zensical.toml', 'mkdocs.yml', 'mkdocs.yaml']);
    assert.deepEqual(BUILD_TOOLS.map(configGlob), ['**/conf.py', '**/zensical.toml', '**/{mkdocs.yml,mkdocs.yaml}']);
  });
});
