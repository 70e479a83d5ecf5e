import assert from 'node:assert/strict';
import { classifyCommands, stepLabel, userCommandsOf } from '../../../src/core/buildTimes/steps';

const kinds = (commands: string[], config?: Record<string, unknown>) => classifyCommands(commands, config).map((s) => s.kind);

describe('build steps from command lines', () => {
  it('a Sphinx build with PDF and ePub (the lines Read the Docs records)', () => {
    const commands = [
      'git clone --depth 1 https://github.com/readthedocs/widgets.git .',
      'git fetch origin --force --prune --prune-tags --depth 50 refs/heads/main:refs/remotes/origin/main',
      'git checkout --force origin/main',
      'cat .readthedocs.yaml',
      'asdf global python 3.12.7',
      'python -mvirtualenv $READTHEDOCS_VIRTUALENV_PATH',
      'python -m pip install --upgrade --no-cache-dir pip setuptools',
      'python -m pip install --upgrade --no-cache-dir sphinx',
      'python -m pip install --exists-action=w --no-cache-dir -r docs/requirements.txt',
      'python -m pip install --upgrade --upgrade-strategy only-if-needed --no-cache-dir .[docs]',
      'python -m sphinx -T -b html -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/html',
      'python -m sphinx -T -b latex -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/pdf',
      'cat latexmkrc',
      'latexmk -r latexmkrc -pdf -f -dvi- -ps- -jobname=widgets -interaction=nonstopmode',
      'python -m sphinx -T -b epub -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/epub',
      'python -m sphinx -T -b singlehtml -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/htmlzip',
    ];
    assert.deepEqual(kinds(commands), [
      'checkout', 'checkout', 'checkout', 'checkout', 'system_dependencies', 'create_environment', 'install', 'install', 'install', 'install',
      'build_html', 'build_pdf', 'build_pdf', 'build_pdf', 'build_epub', 'build_htmlzip',
    ]);
  });

  it('MkDocs, apt packages and the virtualenv upgrade', () => {
    assert.deepEqual(kinds([
      'git checkout --force 1f2e3d4',
      'git submodule update --init --force',
      'cat docs/.readthedocs.yaml',
      'apt-get update --assume-yes --quiet',
      'apt-get install --assume-yes --quiet -- graphviz',
      'python -mpip install -U virtualenv setuptools',
      'python -mvirtualenv $READTHEDOCS_VIRTUALENV_PATH',
      'python -m pip install --upgrade --no-cache-dir mkdocs',
      'cat mkdocs.yml',
      'python -m mkdocs build --clean --site-dir $READTHEDOCS_OUTPUT/html --config-file mkdocs.yml --strict',
    ]), ['checkout', 'checkout', 'checkout', 'system_dependencies', 'system_dependencies', 'system_dependencies', 'create_environment', 'install', 'build_html', 'build_html']);
  });

  it('conda and mamba: the environment file belongs to the environment', () => {
    assert.deepEqual(kinds([
      'git checkout --force origin/main',
      'asdf global python miniconda3-4.7.12',
      'cat environment.yml',
      'conda env create --quiet --name latest --file environment.yml',
      'conda install --yes --quiet --name latest sphinx sphinx_rtd_theme',
      'mamba env create --quiet --name stable --file docs/environment.yml',
      'mamba install --yes --quiet --name stable mock pillow',
    ]), ['checkout', 'system_dependencies', 'create_environment', 'create_environment', 'install', 'create_environment', 'install']);
  });

  it('uv: the default commands, and the person\'s own jobs named as written', () => {
    const config = {
      build: {
        jobs: {
          pre_create_environment: ['asdf plugin add uv', 'asdf install uv latest', 'asdf global uv latest'],
          create_environment: ['uv venv $READTHEDOCS_VIRTUALENV_PATH'],
          install: ['UV_PROJECT_ENVIRONMENT=$READTHEDOCS_VIRTUALENV_PATH uv sync --frozen --group docs'],
          build: { html: ['uv run --no-sync --no-dev sphinx-build -T -b html docs $READTHEDOCS_OUTPUT/html'] },
          post_build: ['echo done'],
        },
      },
    };
    const steps = classifyCommands([
      'git checkout --force origin/main',
      'asdf plugin add uv',
      'asdf install uv latest',
      'asdf global uv latest',
      'uv venv $READTHEDOCS_VIRTUALENV_PATH',
      'UV_PROJECT_ENVIRONMENT=$READTHEDOCS_VIRTUALENV_PATH uv sync --frozen --group docs',
      'uv run --no-sync --no-dev sphinx-build -T -b html docs $READTHEDOCS_OUTPUT/html',
      'echo done',
    ], config);
    assert.deepEqual(steps.map((s) => s.kind), ['checkout', 'user', 'user', 'user', 'user', 'user', 'user', 'user']);
    assert.deepEqual(steps.slice(1).map((s) => s.job), [
      'build.jobs.pre_create_environment', 'build.jobs.pre_create_environment', 'build.jobs.pre_create_environment',
      'build.jobs.create_environment', 'build.jobs.install', 'build.jobs.build.html', 'build.jobs.post_build',
    ]);
    assert.equal(stepLabel(steps[7]), 'echo done');
    // Without the configuration (an older build), the same lines fall back to the rules.
    assert.deepEqual(kinds(['uv venv $READTHEDOCS_VIRTUALENV_PATH', 'uv sync --frozen', 'uv pip install -r docs/requirements.txt', 'uv run --no-sync --no-dev mkdocs build']), ['create_environment', 'install', 'install', 'build_html']);
  });

  it('build.commands: checkout, the tools and the person\'s commands; an unknown command is "other"', () => {
    const config = { build: { commands: ['pip install -r requirements.txt', 'make html', 'mkdir -p $READTHEDOCS_OUTPUT/html'] } };
    assert.deepEqual(userCommandsOf(config).map((c) => c.job), ['build.commands', 'build.commands', 'build.commands']);
    assert.deepEqual(kinds(['git checkout --force origin/main', 'asdf global python 3.12.7', 'pip install -r requirements.txt', 'make html', 'mkdir -p $READTHEDOCS_OUTPUT/html'], config),
      ['checkout', 'system_dependencies', 'user', 'user', 'user']);
    assert.deepEqual(kinds(['make html']), ['other']);
    // A lookalike is not the person's command: only the exact text is.
    assert.deepEqual(kinds(['pip install -r requirements.txt --quiet'], config), ['install']);
  });

  it('Zensical (build.jobs, FACTS.md §27): zensical build is the HTML step and the copy of site/ part of it; the install stays the person\'s', () => {
    const config = { build: { jobs: { install: ['pip install -r requirements.txt'], build: { html: ['zensical build --strict'] }, post_build: ['mkdir -p $READTHEDOCS_OUTPUT/html/', 'cp --recursive site/* $READTHEDOCS_OUTPUT/html/'] } } };
    const commands = ['git checkout --force origin/main', 'cat .readthedocs.yaml', 'asdf global python 3.12.7', 'pip install -r requirements.txt', 'zensical build --strict', 'mkdir -p $READTHEDOCS_OUTPUT/html/', 'cp --recursive site/* $READTHEDOCS_OUTPUT/html/'];
    assert.deepEqual(kinds(commands, config), ['checkout', 'checkout', 'system_dependencies', 'user', 'build_html', 'build_html', 'build_html']);
    assert.deepEqual(kinds(['uv run zensical build --clean', 'cp -r site/* $READTHEDOCS_OUTPUT/html']), ['build_html', 'build_html']);
  });

  it('junk in the configuration is ignored', () => {
    assert.deepEqual(userCommandsOf({ build: { jobs: { pre_build: [1, null, ''] }, commands: 'not a list' } }), []);
    assert.deepEqual(userCommandsOf(undefined), []);
  });
});
