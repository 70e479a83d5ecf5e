// One test per rule the server checks in code, each with the message id its notification carries
// and, where upstream has one, the configuration of readthedocs/readthedocs.org's own test
// (readthedocs/config/tests/test_config.py, merged into its `get_build_config` defaults).
import * as assert from 'node:assert/strict';
import { addFormatEdit, checkConfig, parseConfig, valueSpan } from '../../../src/core/readthedocsYaml/checkConfig';
import { configPaths, serverRuleFindings } from '../../../src/core/readthedocsYaml/serverRules';

/** `get_build_config`'s defaults in upstream's test suite. */
const DEFAULTS = { version: '2', build: { os: 'ubuntu-22.04', tools: { python: '3' } } };
const sphinx = { sphinx: { configuration: 'docs/conf.py' } };
const files = new Set(['docs/conf.py', 'requirements.txt', 'environment.yml', 'mkdocs.yml', 'docs/requirements.txt']);
const exists = (path: string) => files.has(path);
const findings = (config: unknown) => serverRuleFindings(config, exists);
/** The findings' `id @ key`. */
const said = (config: unknown) => findings(config).map((f) => `${f.id} @ ${f.key}`);

describe('readthedocsYaml/serverRules: the server\'s rules before the push', () => {
  it('finds nothing in a configuration the server takes', () => {
    assert.deepEqual(said({ ...DEFAULTS, ...sphinx, formats: ['pdf'], python: { install: [{ requirements: 'docs/requirements.txt' }, { path: '.', method: 'pip', extra_requirements: ['docs'] }] }, build: { ...DEFAULTS.build, apt_packages: ['libclang', 'cmatrix'], jobs: { build: { pdf: ['make pdf'] } } } }), []);
  });

  it('config:validation:invalid-path: sphinx.configuration, mkdocs.configuration, python.install[].requirements, conda.environment that do not exist', () => {
    const config = { ...DEFAULTS, sphinx: { configuration: 'doc/conf.py' }, python: { install: [{ requirements: 'docs/requirement.txt' }] }, conda: { environment: 'env.yml' } };
    const found = findings(config).filter((f) => f.id === 'config:validation:invalid-path');
    assert.deepEqual(found.map((f) => f.key), ['sphinx.configuration', 'conda.environment', 'python.install.0.requirements']);
    assert.equal(found[0]!.message, 'Config validation error in sphinx.configuration. The path doc/conf.py does not exist.');
    assert.deepEqual(found[0]!.fix, { kind: 'pickFile', fileKind: 'sphinx' });
    assert.deepEqual(said({ ...DEFAULTS, mkdocs: { configuration: 'site/mkdocs.yml' } }).filter((s) => s.includes('invalid-path')), ['config:validation:invalid-path @ mkdocs.configuration']);
    // test_python_install_requirements_does_not_allow_empty_string
    assert.ok(said({ ...DEFAULTS, ...sphinx, python: { install: [{ path: '.', requirements: '' }] } }).includes('config:validation:invalid-path @ python.install.0.requirements'));
  });

  it('a path that leads out of the repository never exists (and is never asked about)', () => {
    const asked: string[] = [];
    const found = serverRuleFindings({ ...DEFAULTS, mkdocs: { configuration: '../outside/private.yml' } }, (path) => { asked.push(path); return true; });
    assert.deepEqual(found.map((f) => `${f.id} @ ${f.key}`), ['config:validation:invalid-path @ mkdocs.configuration']);
    assert.deepEqual(asked, []);
    assert.deepEqual(configPaths({ python: { install: [{ path: '.' }] } }), [{ key: 'python.install.0.path', path: '.', fileKind: 'directory' }]);
  });

  it('config:build:jobs-and-commands: build.jobs beside build.commands', () => {
    assert.ok(said({ ...DEFAULTS, build: { ...DEFAULTS.build, jobs: { pre_build: ['echo'] }, commands: ['echo'] } }).includes('config:build:jobs-and-commands @ build.commands'));
    assert.equal(findings({ ...DEFAULTS, build: { ...DEFAULTS.build, jobs: { pre_build: ['echo'] }, commands: ['echo'] } })[0]!.message, 'The keys build.jobs and build.commands can\'t be used together.');
  });

  it('config:build:missing-build-tools-commands: neither build.tools nor build.commands (test_new_build_config_invalid_tools)', () => {
    assert.deepEqual(said({ version: '2', ...sphinx, build: { os: 'ubuntu-24.04', tools: {} } }), ['config:build:missing-build-tools-commands @ build']);
    assert.deepEqual(said({ version: '2', build: { os: 'ubuntu-24.04', commands: ['echo'] } }), []);
  });

  it('config:build:jobs:build:missing-in-formats with an Add to formats fix (test_build_jobs_build_should_match_formats)', () => {
    const config = { ...DEFAULTS, formats: ['pdf'], build: { os: 'ubuntu-24.04', tools: { python: '3' }, jobs: { build: { epub: ['echo build epub'] } } } };
    const [found] = findings(config);
    assert.equal(found?.id, 'config:build:jobs:build:missing-in-formats');
    assert.equal(found.key, 'build.jobs.build.epub');
    assert.equal(found.message, 'The epub build type was defined in build.jobs.build, but it wasn\'t included in formats.');
    assert.deepEqual(found.fix, { kind: 'addFormat', format: 'epub' });
    assert.deepEqual(said({ ...config, formats: 'all' }), [], 'formats: all holds every format');
    assert.deepEqual(said({ ...config, build: { ...config.build, jobs: { build: { html: ['x'] } } } }), [], 'html is always built');
  });

  it('config:base:sphinx-mkdocs-together (test_sphinx_cant_be_used_with_mkdocs)', () => {
    assert.ok(said({ ...DEFAULTS, sphinx: { configuration: 'docs/conf.py' }, mkdocs: {} }).includes('config:base:sphinx-mkdocs-together @ mkdocs'));
  });

  it('config:submodules:include-exclude-together (test_submodules_cant_exclude_and_include)', () => {
    assert.deepEqual(said({ ...DEFAULTS, ...sphinx, submodules: { include: ['two'], exclude: ['one'] } }), ['config:submodules:include-exclude-together @ submodules']);
    assert.deepEqual(said({ ...DEFAULTS, ...sphinx, submodules: { include: 'all', exclude: [] } }), []);
  });

  it('config:apt:invalid-package-name-prefix and config:apt:invalid-package-name (test_build_apt_packages_invalid_value)', () => {
    const config = { ...DEFAULTS, ...sphinx, build: { ...DEFAULTS.build, apt_packages: ['cmatrix', '-a', './path', '/absolute', 'cmatrix/bionic', 'with space'] } };
    assert.deepEqual(said(config), [
      'config:apt:invalid-package-name-prefix @ build.apt_packages.1',
      'config:apt:invalid-package-name-prefix @ build.apt_packages.2',
      'config:apt:invalid-package-name-prefix @ build.apt_packages.3',
      'config:apt:invalid-package-name @ build.apt_packages.4',
      'config:apt:invalid-package-name @ build.apt_packages.5',
    ]);
    assert.equal(findings(config)[0]!.message, 'The name of the packages (e.g. -a) can\'t start with -');
  });

  it('config:python:pip-path-requirement-required (test_python_install_check_default) and config:python:pip-required (test_python_install_extra_requirements_and_setuptools)', () => {
    assert.deepEqual(said({ ...DEFAULTS, ...sphinx, python: { install: [{ method: 'pip' }] } }), ['config:python:pip-path-requirement-required @ python.install.0']);
    assert.deepEqual(said({ ...DEFAULTS, ...sphinx, python: { install: [{ path: '.', method: 'setuptools', extra_requirements: ['docs', 'tests'] }] } }), ['config:python:pip-required @ python.install.0.extra_requirements']);
  });

  it('the uv rules: command required, sync without requirements, pip without groups, pip path or requirements (one, not both), one entry only, no empty groups or extras', () => {
    const uv = (install: Record<string, unknown>[]) => said({ ...DEFAULTS, ...sphinx, python: { install } }).filter((s) => !s.includes('invalid-path'));
    assert.deepEqual(uv([{ method: 'uv' }]), ['config:python:uv-command-required @ python.install.0']);
    assert.deepEqual(uv([{ method: 'uv', command: 'sync', requirements: 'requirements.txt' }]), ['config:python:uv-sync-requirements-invalid @ python.install.0.requirements']);
    assert.deepEqual(uv([{ method: 'uv', command: 'pip', requirements: 'requirements.txt', groups: ['docs'] }]), ['config:python:uv-pip-groups-not-allowed @ python.install.0.groups']);
    assert.deepEqual(uv([{ method: 'uv', command: 'pip' }]), ['config:python:uv-pip-requirements-or-path-required @ python.install.0']);
    assert.deepEqual(uv([{ method: 'uv', command: 'pip', path: '.', requirements: 'requirements.txt' }]), ['config:python:uv-pip-requirements-and-path-mutually-exclusive @ python.install.0']);
    assert.deepEqual(uv([{ method: 'uv', command: 'sync' }, { requirements: 'requirements.txt' }]), ['config:python:uv-multiple-install-entries-invalid @ python.install']);
    assert.deepEqual(uv([{ method: 'uv', command: 'sync', groups: [] }]), ['config:python:uv-groups-extras-empty @ python.install.0.groups']);
    assert.deepEqual(uv([{ method: 'uv', command: 'pip', path: '.', extras: [] }]), ['config:python:uv-groups-extras-empty @ python.install.0.extras']);
    assert.deepEqual(uv([{ method: 'uv', command: 'sync', groups: 'all', extras: ['docs'] }]), []);
  });

  it('config:conda:required for a Conda or Mamba python without conda (test_conda_key_required_for_conda_mamba)', () => {
    assert.deepEqual(said({ version: '2', ...sphinx, build: { os: 'ubuntu-22.04', tools: { python: 'miniconda3-4.7' } } }), ['config:conda:required @ build.tools.python']);
    assert.deepEqual(said({ version: '2', ...sphinx, conda: { environment: 'environment.yml' }, build: { os: 'ubuntu-22.04', tools: { python: 'mambaforge-23.11' } } }), []);
  });

  it('config:sphinx:invalid-config-file (test_sphinx_configuration_invalid_filename)', () => {
    files.add('docs/myconf.py');
    try {
      assert.deepEqual(said({ ...DEFAULTS, sphinx: { configuration: 'docs/myconf.py' } }), ['config:sphinx:invalid-config-file @ sphinx.configuration']);
    } finally {
      files.delete('docs/myconf.py');
    }
  });

  it('config:sphinx:missing-config and config:mkdocs:missing-config, enforced since January 2025 (test_sphinx_without_explicit_configuration)', () => {
    assert.deepEqual(said({ ...DEFAULTS, sphinx: {} }), ['config:sphinx:missing-config @ sphinx']);
    assert.deepEqual(said({ ...DEFAULTS, mkdocs: {} }), ['config:mkdocs:missing-config @ mkdocs']);
    assert.deepEqual(said(DEFAULTS), ['config:sphinx:missing-config @ '], 'neither key: the whole file');
    assert.deepEqual(said({ ...DEFAULTS, build: { ...DEFAULTS.build, jobs: { build: { html: ['make html'] } } } }), [], 'its own build jobs');
  });

  it('retired values: a retired build.os image (config:validation:invalid-choice), build.image and other removed keys (config:base:invalid-key-name)', () => {
    const [os] = findings({ version: '2', ...sphinx, build: { os: 'ubuntu-20.04', tools: { python: '3.12' } } });
    assert.equal(os?.id, 'config:validation:invalid-choice');
    assert.equal(os.key, 'build.os');
    assert.equal(os.message, 'Config validation error in build.os. Expected one of (ubuntu-22.04, ubuntu-24.04, ubuntu-26.04, ubuntu-lts-latest), got type str (ubuntu-20.04).');
    assert.deepEqual(said({ ...DEFAULTS, ...sphinx, build: { ...DEFAULTS.build, image: 'latest' }, python: { version: '3.8', system_packages: true } }), [
      'config:base:invalid-key-name @ build.image', 'config:base:invalid-key-name @ python.version', 'config:base:invalid-key-name @ python.system_packages',
    ]);
  });
});

describe('readthedocsYaml/checkConfig: findings placed in the file, quick-fix edits', () => {
  const text = [
    'version: 2',
    'build:',
    '  os: ubuntu-24.04',
    '  tools:',
    '    python: "3.12"',
    '  jobs:',
    '    build:',
    '      pdf:',
    '        - make pdf',
    'sphinx:',
    '  configuration: doc/conf.py',
    '',
  ].join('\n');

  it('places each finding on the key it names', () => {
    const parsed = parseConfig(text)!;
    const placed = checkConfig(parsed, exists);
    assert.deepEqual(placed.map((f) => [f.id, f.span && text.slice(f.span.start, f.span.end)]), [
      ['config:build:jobs:build:missing-in-formats', 'pdf'],
      ['config:validation:invalid-path', 'configuration'],
    ]);
    const value = valueSpan(parsed, 'sphinx.configuration')!;
    assert.equal(text.slice(value.start, value.end), 'doc/conf.py');
  });

  it('adds the format: a new formats key after version, an item in a block or a flow list', () => {
    const apply = (source: string) => {
      const edit = addFormatEdit(source, parseConfig(source)!, 'pdf')!;
      return source.slice(0, edit.start) + edit.text + source.slice(edit.end);
    };
    assert.equal(apply(text).split('\n').slice(0, 3).join('\n'), 'version: 2\nformats:\n  - pdf');
    assert.deepEqual(checkConfig(parseConfig(apply(text))!, exists).map((f) => f.id), ['config:validation:invalid-path']);
    assert.equal(apply('version: 2\nformats:\n  - epub\nbuild: {}\n'), 'version: 2\nformats:\n  - epub\n  - pdf\nbuild: {}\n');
    assert.equal(apply('version: 2\nformats: [epub]\n'), 'version: 2\nformats: [epub, pdf]\n');
    assert.equal(apply('version: 2\nformats: []\n'), 'version: 2\nformats: [pdf]\n');
    assert.equal(addFormatEdit('formats: all\n', parseConfig('formats: all\n')!, 'pdf'), undefined);
  });

  it('leaves a file that does not parse to the YAML extension', () => {
    assert.deepEqual(checkConfig(parseConfig('build: [\n')!, exists), []);
  });
});
