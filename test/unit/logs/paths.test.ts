import assert from 'node:assert/strict';
import { repositoryCandidates, stripCheckout, toolDirectories } from '../../../src/core/logs/paths';

describe('logs: checkout paths', () => {
  const table: [string, string | undefined][] = [
    ['/home/docs/checkouts/readthedocs.org/user_builds/widgets/checkouts/latest/docs/index.rst', 'docs/index.rst'],
    ['/home/docs/checkouts/readthedocs.org/user_builds/widgets/checkouts/feature-foo/README.rst', 'README.rst'],
    ['/home/docs/checkouts/readthedocs.com/user_builds/corp-docs/checkouts/1.2/src/pkg/mod.py', 'src/pkg/mod.py'],
    ['/home/docs/checkouts/readthedocs.org/user_builds/widgets/checkouts/latest/docs/../README.rst', 'README.rst'],
    ['/home/docs/checkouts/readthedocs.org/user_builds/widgets/checkouts/latest/../../etc/passwd', undefined],
    ['/home/docs/checkouts/readthedocs.org/user_builds/widgets/envs/latest/lib/python3.12/site-packages/x.py', undefined],
    ['/usr/lib/python3/dist-packages/sphinx/config.py', undefined],
    ['docs/index.rst', undefined],
  ];
  for (const [printed, expected] of table) {
    it(`${printed} → ${expected ?? 'not in the checkout'}`, () => assert.equal(stripCheckout(printed), expected));
  }

  it('relative paths are tried under the tool folder first, then as given; absolute ones outside the checkout give none', () => {
    assert.deepEqual(repositoryCandidates('usage.rst', ['docs']), ['docs/usage.rst', 'usage.rst']);
    assert.deepEqual(repositoryCandidates('../README.rst', ['docs']), ['README.rst']);
    assert.deepEqual(repositoryCandidates('../../x', ['docs']), []);
    assert.deepEqual(repositoryCandidates('/tmp/sphinx-err.log', ['docs']), []);
    assert.deepEqual(repositoryCandidates('<unknown>', ['docs']), []);
  });

  it('tool folders come from the resolved configuration', () => {
    assert.deepEqual(toolDirectories({ sphinx: { configuration: 'docs/source/conf.py' } }), { sphinx: 'docs/source', mkdocsConfig: undefined, mkdocsDocs: undefined, python: [''] });
    assert.deepEqual(toolDirectories({ mkdocs: { configuration: 'site/mkdocs.yml' } }), { sphinx: undefined, mkdocsConfig: 'site/mkdocs.yml', mkdocsDocs: 'site/docs', python: [''] });
    assert.deepEqual(toolDirectories({ mkdocs: { configuration: null } }), { sphinx: undefined, mkdocsConfig: 'mkdocs.yml', mkdocsDocs: 'docs', python: [''] });
    assert.deepEqual(toolDirectories(undefined), { sphinx: undefined, mkdocsConfig: undefined, mkdocsDocs: undefined, python: [''] });
  });
});
