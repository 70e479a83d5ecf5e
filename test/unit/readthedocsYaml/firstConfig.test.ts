import * as assert from 'node:assert/strict';
import { parseConfig } from '../../../src/core/readthedocsYaml/checkConfig';
import { firstConfig, newestPythonAllowed } from '../../../src/core/readthedocsYaml/firstConfig';
import { serverRuleFindings } from '../../../src/core/readthedocsYaml/serverRules';

const none = { sphinxConfigs: [], mkdocsConfigs: [], requirementFiles: [], pyproject: undefined };

describe('readthedocsYaml/firstConfig: a first .readthedocs.yaml from what the folder holds', () => {
  it('Sphinx: the shallowest conf.py, the docs requirements file, the newest Python requires-python allows, the current build.os, no formats', () => {
    const made = firstConfig({
      sphinxConfigs: ['tests/fixtures/conf.py', 'docs/source/conf.py'],
      mkdocsConfigs: [],
      requirementFiles: ['requirements.txt', 'docs/requirements.txt', 'requirements/dev.txt'],
      pyproject: '[project]\nname = "widgets"\nrequires-python = ">=3.9,<3.13"\n',
    });
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
      '    # The newest Python that requires-python (>=3.9,<3.13) in pyproject.toml allows',
      '    python: "3.12"',
      '',
      '# Build the documentation with Sphinx',
      'sphinx:',
      '  # The Sphinx configuration file, relative to the top of the repository',
      '  configuration: docs/source/conf.py',
      '',
      '# Downloadable formats (formats: [pdf, epub]) are left out: HTML only, the quickest build',
      '',
      '# The Python packages the documentation needs',
      'python:',
      '  install:',
      '    # The documentation\'s requirements file',
      '    - requirements: docs/requirements.txt',
      '',
    ].join('\n'));
    const config = parseConfig(made.text)!.config;
    assert.equal((config as { formats?: unknown }).formats, undefined);
    const files = new Set(['docs/source/conf.py', 'docs/requirements.txt']);
    assert.deepEqual(serverRuleFindings(config, (p) => files.has(p)), [], 'the server takes it');
  });

  it('MkDocs when the folder has mkdocs.yml and no conf.py; a docs extra of pyproject.toml when there is no docs requirements file', () => {
    const made = firstConfig({ ...none, mkdocsConfigs: ['mkdocs.yml'], requirementFiles: ['requirements.txt'], pyproject: '[project]\nname = "x"\n\n[project.optional-dependencies]\ntest = ["pytest"]\ndocs = ["mkdocs-material"]\n' });
    assert.equal(made.tool, 'mkdocs');
    assert.equal(made.configuration, 'mkdocs.yml');
    assert.deepEqual(made.install, { extra: 'docs' });
    const config = parseConfig(made.text)!.config;
    assert.deepEqual(config, {
      version: 2,
      build: { os: 'ubuntu-26.04', tools: { python: '3.14' } },
      mkdocs: { configuration: 'mkdocs.yml' },
      python: { install: [{ method: 'pip', path: '.', extra_requirements: ['docs'] }] },
    });
    assert.deepEqual(serverRuleFindings(config, (p) => p === 'mkdocs.yml'), []);
  });

  it('a requirements file named for docs counts; a general one does not; no install without either', () => {
    assert.deepEqual(firstConfig({ ...none, sphinxConfigs: ['doc/conf.py'], requirementFiles: ['requirements-docs.txt'] }).install, { requirements: 'requirements-docs.txt' });
    assert.deepEqual(firstConfig({ ...none, sphinxConfigs: ['conf.py'], requirementFiles: ['requirements.txt'] }).install, undefined);
    assert.doesNotMatch(firstConfig({ ...none, sphinxConfigs: ['conf.py'] }).text, /python:\n/);
  });

  it('without conf.py or mkdocs.yml: Sphinx at docs/conf.py, with a comment saying to create it', () => {
    const made = firstConfig(none);
    assert.equal(made.configuration, undefined);
    assert.match(made.text, /# No conf\.py in this folder yet: create one here \(sphinx-quickstart docs\), or change the path\n {2}configuration: docs\/conf\.py\n/);
  });

  it('every path is written as YAML data: a folder named "docs #2", "&x" or "null" reads back as itself', () => {
    const folders = ['docs #2', '&x', '*y', ': z', '- a', '\'q\'', '"d"', ' docs', 'null', 'true', '1.0', 'yes', 'dócs/文档'];
    for (const dir of folders) {
      const sphinx = firstConfig({ ...none, sphinxConfigs: [`${dir}/conf.py`], requirementFiles: [`${dir}/requirements.txt`] });
      assert.deepEqual(parseConfig(sphinx.text)!.config, {
        version: 2,
        build: { os: 'ubuntu-26.04', tools: { python: '3.14' } },
        sphinx: { configuration: `${dir}/conf.py` },
        python: { install: [{ requirements: `${dir}/requirements.txt` }] },
      }, sphinx.text);
      const mkdocs = firstConfig({ ...none, mkdocsConfigs: [`${dir}/mkdocs.yml`] });
      assert.deepEqual(parseConfig(mkdocs.text)!.config, { version: 2, build: { os: 'ubuntu-26.04', tools: { python: '3.14' } }, mkdocs: { configuration: `${dir}/mkdocs.yml` } }, mkdocs.text);
    }
    assert.match(firstConfig({ ...none, sphinxConfigs: ['docs #2/conf.py'] }).text, /^ {2}configuration: "docs #2\/conf\.py"$/m);
  });

  it('a docs extra of pyproject.toml: the standard table (its header may carry a comment) or Poetry\'s extras; a dependency group is no extra', () => {
    const extraOf = (pyproject: string) => firstConfig({ ...none, sphinxConfigs: ['docs/source/conf.py'], requirementFiles: ['requirements.txt'], pyproject }).install;
    assert.deepEqual(extraOf('[project]\nname = "x"\n\n[project.optional-dependencies]  # what extras bring\ntest = ["pytest"]\ndocs = [\n  "sphinx>=7",\n  "furo",\n]\n\n[tool.ruff]\nline-length = 100\n'), { extra: 'docs' });
    assert.deepEqual(extraOf('[tool.poetry]\nname = "x"\n\n[tool.poetry.extras]\ndocs = ["sphinx"]\n'), { extra: 'docs' });
    assert.equal(extraOf('[project]\nname = "x"\n\n[dependency-groups]\ndocs = ["sphinx"]\n'), undefined);
    assert.equal(extraOf('[project.optional-dependencies]\ntest = ["pytest"]\n\n[tool.docs]\ndocs = 1\n'), undefined);
  });

  it('Sphinx in docs/source/: the requirements file in docs/source/ first, else the one in docs/', () => {
    const sources = { ...none, sphinxConfigs: ['docs/source/conf.py'] };
    assert.deepEqual(firstConfig({ ...sources, requirementFiles: ['requirements.txt', 'docs/requirements.txt'] }).install, { requirements: 'docs/requirements.txt' });
    assert.deepEqual(firstConfig({ ...sources, requirementFiles: ['docs/requirements.txt', 'docs/source/requirements.txt'] }).install, { requirements: 'docs/source/requirements.txt' });
    assert.deepEqual(firstConfig({ ...none, sphinxConfigs: ['doc/source/conf.py'], requirementFiles: ['doc/requirements.in'] }).install, { requirements: 'doc/requirements.in' });
  });

  it('newestPythonAllowed reads requires-python specifiers', () => {
    assert.equal(newestPythonAllowed(undefined), '3.14');
    assert.equal(newestPythonAllowed('>=3.9'), '3.14');
    assert.equal(newestPythonAllowed('>=3.8, <3.13'), '3.12');
    assert.equal(newestPythonAllowed('<=3.11'), '3.11');
    assert.equal(newestPythonAllowed('~=3.10'), '3.14');
    assert.equal(newestPythonAllowed('~=3.10.2'), '3.10');
    assert.equal(newestPythonAllowed('==3.11.*'), '3.11');
    assert.equal(newestPythonAllowed('>=3.9,!=3.14.*'), '3.13');
    assert.equal(newestPythonAllowed('>3.12'), '3.14');
    assert.equal(newestPythonAllowed('>=4'), '3.14', 'nothing offered matches: the newest');
  });
});
