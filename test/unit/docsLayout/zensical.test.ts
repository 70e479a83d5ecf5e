import * as assert from 'node:assert/strict';
import { CONFIG_NAMES, SEARCH_EXCLUDE, configsToRead, layoutFromConfig, siteOutputsOf } from '../../../src/core/docsLayout/buildTools';
import { layoutFromZensical, zensicalSettings } from '../../../src/core/docsLayout/zensical';
import { publishedPath } from '../../../src/core/docsLayout/publishedName';
import { mkdocsInventoriesIn } from '../../../src/core/inventory/mkdocsInventories';
import { toolDirectories } from '../../../src/core/logs/paths';
import { parseConfig } from '../../../src/core/readthedocsYaml/checkConfig';
import { firstConfig } from '../../../src/core/readthedocsYaml/firstConfig';
import { serverRuleFindings } from '../../../src/core/readthedocsYaml/serverRules';

/** A zensical.toml as `zensical new` writes it, with mkdocstrings (FACTS.md §27). */
const ZENSICAL_TOML = `[project]
site_name = "Zen demo"
site_url = "https://zen-demo.readthedocs.io/"
docs_dir = "pages"
site_dir = "public"
use_directory_urls = false

[project.theme]
language = "en"

[project.plugins.mkdocstrings.handlers.python]
paths = ["src", "../outside"]
inventories = ["https://docs.python.org/3/objects.inv", { url = "https://www.mkdocs.org/objects.inv", base_url = "https://www.mkdocs.org/" }]
`;

const JOBS = (html: string) => `version: 2\nbuild:\n  os: ubuntu-24.04\n  tools:\n    python: "3.12"\n  jobs:\n    build:\n      html:\n        - ${html}\n`;

describe('docsLayout: Zensical, one more build tool', () => {
  it('zensical.toml: [project] docs_dir, site_dir, use_directory_urls, the mkdocstrings handler paths and inventories', () => {
    assert.deepEqual(layoutFromZensical('site/zensical.toml', ZENSICAL_TOML), {
      tool: 'zensical', root: 'site/pages', directoryUrls: false, configFile: 'site/zensical.toml', pythonPaths: ['site/src', 'outside'],
    });
    assert.deepEqual([...mkdocsInventoriesIn(zensicalSettings('zensical.toml', ZENSICAL_TOML)).keys()], ['docs.python.org/3', 'www.mkdocs.org']);
    assert.deepEqual(siteOutputsOf([{ tool: 'zensical', config: { path: 'site/zensical.toml', text: ZENSICAL_TOML } }], []).map((o) => o.html), ['site/public']);
  });

  it('Zensical defaults: docs, site, directory URLs; the offline plugin turns them off', () => {
    assert.deepEqual(layoutFromZensical('zensical.toml', '[project]\nsite_name = "x"\n'), { tool: 'zensical', root: 'docs', directoryUrls: true, configFile: 'zensical.toml', pythonPaths: [''] });
    assert.equal(layoutFromZensical('zensical.toml', '[project]\n[project.plugins.offline]\n').directoryUrls, false);
    assert.deepEqual(siteOutputsOf([{ tool: 'zensical', config: { path: 'zensical.toml', text: '' } }], []).map((o) => o.html), ['site']);
    const layout = layoutFromZensical('zensical.toml', '');
    assert.equal(publishedPath('docs/guide/install.md', layout), '/guide/install/', 'pages are published as MkDocs publishes them');
    assert.equal(publishedPath('docs/README.md', layout), '/');
  });

  it('a zensical.toml that is not TOML, too long or too deep is not read: the defaults stand', () => {
    assert.equal(zensicalSettings('zensical.toml', '[project\ndocs_dir = "x"'), undefined);
    assert.equal(zensicalSettings('zensical.toml', `[project]\nsite_name = "${'x'.repeat(60_000)}"\n`), undefined);
    assert.equal(zensicalSettings('zensical.toml', `[${Array.from({ length: 80 }, () => 'a').join('.')}]\nx = 1\n`), undefined);
    assert.equal(zensicalSettings('zensical.toml', `x = ${'['.repeat(200)}${']'.repeat(200)}\n`), undefined);
    assert.equal(layoutFromZensical('zensical.toml', '[project\n').root, 'docs');
    assert.equal(zensicalSettings('zensical.toml', '[project]\n__proto__ = { polluted = true }\n')?.polluted, undefined);
  });

  it('mkdocs.yml when .readthedocs.yaml\'s jobs run zensical build: Zensical\'s own order, -f / --config-file, never outside the folder', () => {
    const files: Record<string, string> = { 'mkdocs.yml': 'docs_dir: pages\n', 'sub/zensical.toml': ZENSICAL_TOML };
    const read = (path: string) => files[path];
    assert.deepEqual(configsToRead(JOBS('zensical build')).map((c) => c.path), ['zensical.toml', 'mkdocs.yml', 'mkdocs.yaml']);
    assert.deepEqual(layoutFromConfig(JOBS('zensical build'), read), { tool: 'zensical', root: 'pages', directoryUrls: true, configFile: 'mkdocs.yml', pythonPaths: [''] });
    assert.equal(layoutFromConfig(JOBS('uv run zensical build --clean -f sub/zensical.toml'), read)?.root, 'sub/pages');
    assert.equal(layoutFromConfig(JOBS('python -m zensical build --config-file=sub/zensical.toml'), read)?.configFile, 'sub/zensical.toml');
    assert.equal(layoutFromConfig(JOBS('zensical build -f ../other/zensical.toml'), read), undefined);
    assert.equal(layoutFromConfig(JOBS('zensical serve'), read), undefined, 'only a build is a build');
    assert.equal(layoutFromConfig(JOBS('zensical build'), () => undefined), undefined, 'no config file: no layout from it');
    assert.equal(layoutFromConfig('version: 2\nmkdocs:\n  configuration: mkdocs.yml\n', read)?.tool, 'mkdocs');
  });

  it('the build log\'s folders: Zensical\'s paths start at docs_dir, griffe\'s at the handler paths', () => {
    const layout = layoutFromZensical('zensical.toml', ZENSICAL_TOML);
    // Read the Docs' resolved config of a jobs build: sphinx is its defaults object, mkdocs null.
    assert.deepEqual(toolDirectories({ sphinx: { builder: 'sphinx', configuration: null, fail_on_warning: false }, mkdocs: null }, layout), {
      sphinx: undefined, mkdocsConfig: 'zensical.toml', mkdocsDocs: 'pages', python: ['src', ''],
    });
  });

  it('zensical.toml is a config name and Zensical\'s .cache is never searched', () => {
    assert.ok(CONFIG_NAMES.includes('zensical.toml'));
    assert.match(SEARCH_EXCLUDE, /,\.cache\}/);
  });
});

describe('readthedocsYaml/firstConfig: a Zensical folder', () => {
  const none = { requirementFiles: [], pyproject: undefined };

  it('build.jobs as Read the Docs documents them: install, zensical build, the copy of site/, a comment on each key; the server takes it', () => {
    const made = firstConfig({ ...none, zensicalConfigs: ['zensical.toml'], mkdocsConfigs: ['mkdocs.yml'], requirementFiles: ['docs/requirements.txt'] });
    assert.equal(made.tool, 'zensical');
    assert.deepEqual(made.install, { requirements: 'docs/requirements.txt' });
    assert.equal(made.text, [
      '# Read the Docs configuration file',
      '# See https://docs.readthedocs.io/en/stable/config-file/v2.html for details',
      '',
      '# The version of this file\'s format (required)',
      'version: 2',
      '',
      '# The build environment',
      'build:',
      '  # The operating system of the build: the newest Ubuntu LTS image Read the Docs offers',
      '  os: ubuntu-26.04',
      '  tools:',
      '    # The Python the build uses (quoted, so 3.10 stays 3.10)',
      '    python: "3.14"',
      '  # Read the Docs has no zensical key: these commands build the documentation',
      '  jobs:',
      '    # Install the documentation\'s requirements (Zensical among them)',
      '    install:',
      '      - pip install -r docs/requirements.txt',
      '    build:',
      '      # Build the HTML site with Zensical (into site/, from zensical.toml)',
      '      html:',
      '        - zensical build',
      '    # Copy the site where Read the Docs publishes HTML from',
      '    post_build:',
      '      - mkdir -p $READTHEDOCS_OUTPUT/html/',
      '      - cp --recursive site/* $READTHEDOCS_OUTPUT/html/',
      '',
      '# Downloadable formats (formats: [pdf, epub]) are left out: HTML only, the quickest build',
      '',
    ].join('\n'));
    const config = parseConfig(made.text)!.config;
    assert.deepEqual(serverRuleFindings(config, () => true), [], 'the server takes it');
    assert.deepEqual(layoutFromConfig(made.text, (path) => (path === 'zensical.toml' ? '' : undefined))?.tool, 'zensical', 'and the layout reads it back as Zensical');
  });

  it('a pyproject extra, a dependency group, or Zensical alone; a config below the top is named with --config-file', () => {
    const extra = firstConfig({ ...none, zensicalConfigs: ['zensical.toml'], pyproject: '[project.optional-dependencies]\ndocs = ["zensical"]\n' });
    assert.match(extra.text, /^ {4}# Install this project with its "docs" extra from pyproject.toml \(Zensical among them\)\n {4}install:\n {6}- pip install '\.\[docs\]'$/m);
    assert.doesNotMatch(extra.text, /^python:/m, 'the jobs install it: no python.install');
    const group = firstConfig({ ...none, zensicalConfigs: ['zensical.toml'], pyproject: '[dependency-groups]\ndocs = ["zensical"]\n' });
    assert.deepEqual(group.install, { group: 'docs' });
    assert.match(group.text, /^ {6}- pip install --group docs$/m);
    const bare = firstConfig({ ...none, zensicalConfigs: ['my docs/zensical.toml'] });
    assert.match(bare.text, /^ {6}- pip install zensical$/m);
    assert.match(bare.text, /^ {8}- zensical build --config-file 'my docs\/zensical.toml'$/m);
    assert.match(bare.text, /^ {6}- cp --recursive 'my docs\/site'\/\* \$READTHEDOCS_OUTPUT\/html\/$/m);
    assert.deepEqual(serverRuleFindings(parseConfig(bare.text)!.config, () => true), []);
  });

  it('a dependency group is not written for Sphinx or MkDocs (python.install takes none)', () => {
    const sphinx = firstConfig({ ...none, sphinxConfigs: ['docs/conf.py'], pyproject: '[dependency-groups]\ndocs = ["sphinx"]\n' });
    assert.equal(sphinx.install, undefined);
    assert.doesNotMatch(sphinx.text, /^python:/m);
  });
});
