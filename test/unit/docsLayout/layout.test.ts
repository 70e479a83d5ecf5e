import * as assert from 'node:assert/strict';
import { configsToRead, layoutFromConfig } from '../../../src/core/docsLayout/buildTools';
import { layoutFromConfPy, layoutFromMkdocs } from '../../../src/core/docsLayout/layout';

const mkdocsConfigPath = (text: string) => configsToRead(text).find((c) => c.tool.id === 'mkdocs')?.path;
import { readMkdocsYaml } from '../../../src/core/docsLayout/mkdocsYaml';
import { toolDirectories } from '../../../src/core/logs/paths';

/** A Material for MkDocs config as projects write it: python tags, !ENV, !relative. */
const MATERIAL = `site_name: !ENV [SITE_NAME, Demo]
docs_dir: !ENV [DOCS_DIR, pages]
use_directory_urls: false
strict: !ENV STRICT
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
  - pymdownx.superfences:
      custom_fences:
        - name: mermaid
          class: mermaid
          format: !!python/name:pymdownx.superfences.fence_code_format
  - pymdownx.snippets:
      base_path: !relative $config_dir
plugins:
  - search
  - mkdocstrings:
      handlers:
        python:
          paths: [src, ../outside]
`;

describe('docsLayout: one layout for Sphinx and MkDocs', () => {
  it('reads mkdocs.yml without failing on !!python/name:, !ENV and !relative tags', () => {
    const config = readMkdocsYaml(MATERIAL);
    assert.equal(config?.site_name, 'Demo', '!ENV [VAR, default] is its default');
    assert.equal(config?.strict, null, '!ENV VAR alone is unknown here');
    assert.deepEqual(layoutFromMkdocs('site/mkdocs.yml', MATERIAL), {
      tool: 'mkdocs', root: 'site/pages', directoryUrls: false, configFile: 'site/mkdocs.yml', pythonPaths: ['site/src', 'outside'],
    });
  });

  it('MkDocs defaults: docs beside the config, directory URLs, the config folder for python', () => {
    assert.deepEqual(layoutFromMkdocs('mkdocs.yml', 'site_name: x\n'), { tool: 'mkdocs', root: 'docs', directoryUrls: true, configFile: 'mkdocs.yml', pythonPaths: [''] });
    assert.deepEqual(layoutFromMkdocs('mkdocs.yml', undefined).root, 'docs');
    assert.equal(layoutFromMkdocs('mkdocs.yml', 'docs_dir: ../../etc\n').root, 'docs', 'a docs_dir outside the folder counts as the default');
  });

  it('mkdocs.configuration and sphinx.configuration in .readthedocs.yaml stay inside the folder (issue 29)', () => {
    const read: string[] = [];
    const readFile = (path: string) => { read.push(path); return 'docs_dir: secret\n'; };
    assert.equal(mkdocsConfigPath('version: 2\nmkdocs:\n  configuration: ../outside/private.yml\n'), undefined);
    assert.equal(layoutFromConfig('version: 2\nmkdocs:\n  configuration: ../outside/private.yml\n', readFile), undefined);
    assert.equal(layoutFromConfig('version: 2\nmkdocs:\n  configuration: /etc/private.yml\n', readFile), undefined);
    assert.equal(layoutFromConfig('version: 2\nmkdocs:\n  configuration: docs/../../private.yml\n', readFile), undefined);
    assert.equal(layoutFromConfig('version: 2\nsphinx:\n  configuration: ../outside/conf.py\n', readFile), undefined);
    assert.deepEqual(read, [], 'no file outside the folder is read');
    assert.equal(mkdocsConfigPath('version: 2\nmkdocs:\n  configuration: ./site/../site/mkdocs.yml\n'), 'site/mkdocs.yml');
    assert.equal(mkdocsConfigPath('version: 2\nmkdocs: {}\n'), 'mkdocs.yml');
    assert.equal(mkdocsConfigPath('version: 2\nsphinx: {}\n'), undefined);
  });

  it('Sphinx: the conf.py folder, html unless the builder is dirhtml', () => {
    assert.deepEqual(layoutFromConfPy('doc/source/conf.py'), { tool: 'sphinx', root: 'doc/source', directoryUrls: false, configFile: 'doc/source/conf.py' });
    assert.equal(layoutFromConfig('version: 2\nsphinx:\n  configuration: conf.py\n  builder: dirhtml\n', () => undefined)?.directoryUrls, true);
    assert.equal(layoutFromConfig('version: 2\nsphinx:\n  configuration: conf.py\n', () => undefined)?.root, '');
  });

  it('the build log paths start where the layout says: docs_dir and the handler paths', () => {
    const layout = layoutFromMkdocs('mkdocs.yml', 'docs_dir: pages\nplugins:\n  - mkdocstrings:\n      handlers:\n        python:\n          paths: [src]\n');
    assert.deepEqual(toolDirectories({ mkdocs: { configuration: 'mkdocs.yml' } }, layout), {
      sphinx: undefined, mkdocsConfig: 'mkdocs.yml', mkdocsDocs: 'pages', python: ['src', ''],
    });
    assert.equal(toolDirectories({ sphinx: null }, layoutFromConfPy('doc/conf.py')).sphinx, 'doc');
  });
});
