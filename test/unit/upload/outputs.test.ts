import assert from 'node:assert/strict';
import { outputCandidates } from '../../../src/core/upload/outputs';

describe('upload: where the built site is', () => {
  it('Sphinx: _build/html beside conf.py and the BUILDDIR of a Makefile beside it or one folder up', () => {
    const found = outputCandidates({
      sphinxConfigs: ['docs/source/conf.py'],
      makefiles: [{ path: 'docs/Makefile', text: 'SPHINXBUILD ?= sphinx-build\nSOURCEDIR = source\nBUILDDIR      = build\n' }, { path: 'other/Makefile', text: 'BUILDDIR = out' }],
      mkdocsConfigs: [],
      zensicalConfigs: [],
    });
    assert.deepEqual(found.map((c) => [c.tool, c.html, c.extrasUnder]), [['sphinx', 'docs/source/_build/html', 'docs/source/_build'], ['sphinx', 'docs/build/html', 'docs/build']]);
  });

  it('MkDocs: site_dir (default site) beside mkdocs.yml; Zensical: site/', () => {
    const found = outputCandidates({
      sphinxConfigs: [],
      makefiles: [],
      mkdocsConfigs: [{ path: 'mkdocs.yml', text: 'site_name: X\nsite_dir: public\n' }, { path: 'sub/mkdocs.yml', text: 'site_name: Y\n' }],
      zensicalConfigs: ['zensical.toml'],
    });
    assert.deepEqual(found.map((c) => [c.tool, c.html]), [['mkdocs', 'public'], ['mkdocs', 'sub/site'], ['zensical', 'site']]);
  });

  it('drops a folder that leads out, a variable BUILDDIR and duplicates', () => {
    const found = outputCandidates({
      sphinxConfigs: ['conf.py'],
      makefiles: [{ path: 'Makefile', text: 'BUILDDIR = $(HOME)/out\n' }],
      mkdocsConfigs: [{ path: 'mkdocs.yml', text: 'site_dir: ../../etc\n' }, { path: 'mkdocs.yml', text: 'site_dir: _build/html\n' }],
      zensicalConfigs: [],
    });
    assert.deepEqual(found.map((c) => c.html), ['_build/html']);
  });
});
