// Create .readthedocs.yaml on folders shaped like real projects, in a real extension host with VS
// Code's own file search: each a clone (its files committed) of Sphinx in docs/ with a committed
// docs/requirements.txt, Sphinx in docs/source/, a pyproject.toml with a docs extra, and MkDocs with
// Material's !!python/name: tags and its own docs_dir. Each draft is compared in full; once saved,
// the docs layout it names says where a page publishes (the redirect offered when a page moves).
// Then a project whose readthedocs_yaml_path lies in a folder that is a symbolic link out of the
// clone: no draft is made there.

import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { MK_DEMO_SOURCES } from '../sandbox/seed/pages/mkDemo';
import { getTesting, setEditionUrls, setSetting, signOutAll, waitFor } from './helpers/host';
import { type RepositoryFiles, cloneInWorkspace } from './helpers/projectClone';
import { ScriptedUi } from './helpers/scriptedUi';
import { workspaceRows } from './helpers/tree';

const HEADER = [
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
];

const SPHINX_CONF = [
  'project = "Gizmo"',
  'author = "Gizmo developers"',
  'extensions = ["sphinx.ext.autodoc", "sphinx.ext.intersphinx", "myst_parser"]',
  'html_theme = "furo"',
  'exclude_patterns = ["_build"]',
  '',
].join('\n');

/** The shapes: the clone's files, the draft expected in full, a page that moves and the redirect its published paths make. */
interface Shape {
  readonly name: string;
  readonly remote: string;
  readonly files: RepositoryFiles;
  readonly draft: readonly string[];
  readonly page: { readonly from: string; readonly to: string; readonly redirect: string };
}

const SHAPES: readonly Shape[] = [
  {
    name: 'Sphinx in docs/ with a committed docs/requirements.txt (and a general requirements.txt at the top)',
    remote: 'git@github.com:example-org/gizmo.git',
    files: {
      '.gitignore': 'docs/_build/\n.venv/\n*.egg-info/\n__pycache__/\n',
      'README.md': '# Gizmo\n\nMakes gizmos.\n',
      'pyproject.toml': '[build-system]\nrequires = ["setuptools>=69"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "gizmo"\nversion = "1.4.0"\nrequires-python = ">=3.10"\ndependencies = ["requests>=2.31"]\n\n[project.optional-dependencies]\ntest = ["pytest"]\n',
      'requirements.txt': 'requests>=2.31\n',
      'src/gizmo/__init__.py': '"""Gizmo."""\n__version__ = "1.4.0"\n',
      'tests/test_gizmo.py': 'def test_version():\n    import gizmo\n    assert gizmo.__version__\n',
      'docs/Makefile': 'SPHINXBUILD = sphinx-build\nhtml:\n\t$(SPHINXBUILD) -b html . _build/html\n',
      'docs/conf.py': SPHINX_CONF,
      'docs/requirements.txt': 'sphinx==8.2.3\nfuro==2025.7.19\nmyst-parser==4.0.1\n',
      'docs/index.rst': 'Gizmo\n=====\n\n.. toctree::\n\n   usage\n   api\n',
      'docs/usage.rst': 'Usage\n=====\n\nMake a gizmo.\n',
      'docs/api.rst': 'API\n===\n\n.. automodule:: gizmo\n',
    },
    draft: [
      ...HEADER,
      '    # The newest Python that requires-python (>=3.10) in pyproject.toml allows',
      '    python: "3.14"',
      '',
      '# Build the documentation with Sphinx',
      'sphinx:',
      '  # The Sphinx configuration file, relative to the top of the repository',
      '  configuration: docs/conf.py',
      '',
      '# Downloadable formats (formats: [pdf, epub]) are left out: HTML only, the quickest build',
      '',
      '# The Python packages the documentation needs',
      'python:',
      '  install:',
      '    # The documentation\'s requirements file',
      '    - requirements: docs/requirements.txt',
      '',
    ],
    page: { from: 'docs/usage.rst', to: 'docs/how-to.rst', redirect: '/usage.html → /how-to.html' },
  },
  {
    name: 'Sphinx in docs/source/ (sphinx-quickstart with separate source and build folders), docs/requirements.txt beside it',
    remote: 'https://github.com/example-org/sprocket.git',
    files: {
      '.gitignore': 'docs/build/\nbuild/\ndist/\n',
      'README.rst': 'Sprocket\n========\n',
      'setup.py': 'from setuptools import setup\n\nsetup(name="sprocket", version="0.9", packages=["sprocket"])\n',
      'sprocket/__init__.py': '',
      'docs/Makefile': 'SOURCEDIR = source\nBUILDDIR = build\n',
      'docs/make.bat': '@ECHO OFF\nset SOURCEDIR=source\nset BUILDDIR=build\n',
      'docs/requirements.txt': 'sphinx>=7\nsphinx-rtd-theme\n',
      'docs/source/conf.py': 'project = "Sprocket"\nhtml_theme = "sphinx_rtd_theme"\ntemplates_path = ["_templates"]\n',
      'docs/source/index.rst': 'Sprocket\n========\n\n.. toctree::\n\n   install\n',
      'docs/source/install.rst': 'Install\n=======\n\npip install sprocket\n',
      'docs/source/_static/custom.css': 'body { margin: 0; }\n',
    },
    draft: [
      ...HEADER,
      '    # The Python the build uses (quoted, so 3.10 stays 3.10)',
      '    python: "3.14"',
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
    ],
    page: { from: 'docs/source/install.rst', to: 'docs/source/installation.rst', redirect: '/install.html → /installation.html' },
  },
  {
    name: 'Sphinx in doc/, its packages in a docs extra of pyproject.toml (a requirements-dev.txt is not the docs\')',
    remote: 'git@github.com:example-org/widgetlib.git',
    files: {
      '.gitignore': 'doc/_build/\n',
      'README.md': '# widgetlib\n',
      'pyproject.toml': [
        '[build-system]',
        'requires = ["hatchling"]',
        'build-backend = "hatchling.build"',
        '',
        '[project]',
        'name = "widgetlib"',
        'dynamic = ["version"]',
        'requires-python = ">=3.9,<3.13"',
        '',
        '[project.optional-dependencies]  # pip install widgetlib[docs]',
        'test = ["pytest>=8"]',
        'docs = [',
        '    "sphinx>=7.2",',
        '    "pydata-sphinx-theme",',
        ']',
        '',
        '[tool.hatch.version]',
        'path = "src/widgetlib/__init__.py"',
        '',
      ].join('\n'),
      'requirements-dev.txt': 'pytest>=8\nruff\n',
      'src/widgetlib/__init__.py': '__version__ = "2.0.0"\n',
      'doc/conf.py': 'project = "widgetlib"\nhtml_theme = "pydata_sphinx_theme"\n',
      'doc/index.rst': 'widgetlib\n=========\n\n.. toctree::\n\n   api\n',
      'doc/api.rst': 'API\n===\n',
    },
    draft: [
      ...HEADER,
      '    # The newest Python that requires-python (>=3.9,<3.13) in pyproject.toml allows',
      '    python: "3.12"',
      '',
      '# Build the documentation with Sphinx',
      'sphinx:',
      '  # The Sphinx configuration file, relative to the top of the repository',
      '  configuration: doc/conf.py',
      '',
      '# Downloadable formats (formats: [pdf, epub]) are left out: HTML only, the quickest build',
      '',
      '# The Python packages the documentation needs',
      'python:',
      '  install:',
      '    # This project with its "docs" extra from pyproject.toml (pip install .[docs])',
      '    - method: pip',
      '      path: .',
      '      extra_requirements:',
      '        - docs',
      '',
    ],
    page: { from: 'doc/api.rst', to: 'doc/reference.rst', redirect: '/api.html → /reference.html' },
  },
  {
    name: 'MkDocs with Material\'s !!python/name: tags and docs_dir: documentation, requirements in requirements/docs.txt',
    remote: 'git@github.com:example-org/material-site.git',
    files: {
      '.gitignore': 'site/\n.cache/\n',
      'README.md': '# Material site\n',
      'mkdocs.yml': [
        'site_name: Material Site',
        'site_url: !ENV [SITE_URL, "https://material-site.readthedocs.io/"]',
        'docs_dir: documentation',
        'theme:',
        '  name: material',
        '  features:',
        '    - navigation.tabs',
        'markdown_extensions:',
        '  - admonition',
        '  - attr_list',
        '  - pymdownx.emoji:',
        '      emoji_index: !!python/name:material.extensions.emoji.twemoji',
        '      emoji_generator: !!python/name:material.extensions.emoji.to_svg',
        '  - pymdownx.superfences:',
        '      custom_fences:',
        '        - name: mermaid',
        '          class: mermaid',
        '          format: !!python/name:pymdownx.superfences.fence_code_format',
        'nav:',
        '  - Home: index.md',
        '  - Setup: setup.md',
        '',
      ].join('\n'),
      'requirements/docs.txt': 'mkdocs-material==9.6.14\n',
      'requirements/test.txt': 'pytest\n',
      'documentation/index.md': '# Material Site\n\n:material-home: Welcome.\n',
      'documentation/setup.md': '# Setup\n\nInstall it.\n',
    },
    draft: [
      ...HEADER,
      '    # The Python the build uses (quoted, so 3.10 stays 3.10)',
      '    python: "3.14"',
      '',
      '# Build the documentation with MkDocs',
      'mkdocs:',
      '  # The MkDocs configuration file, relative to the top of the repository',
      '  configuration: mkdocs.yml',
      '',
      '# Downloadable formats (formats: [pdf, epub]) are left out: HTML only, the quickest build',
      '',
      '# The Python packages the documentation needs',
      'python:',
      '  install:',
      '    # The documentation\'s requirements file',
      '    - requirements: requirements/docs.txt',
      '',
    ],
    page: { from: 'documentation/setup.md', to: 'documentation/installation.md', redirect: '/setup/ → /installation/' },
  },
];

describe('a first .readthedocs.yaml on folders shaped like real projects, and the docs layout it names', function () {
  this.timeout(60_000);
  let testing: TestingApi;
  let folder: vscode.Uri;

  before(async () => {
    testing = await getTesting();
    folder = vscode.workspace.workspaceFolders![0]!.uri;
    // No server: the draft is made from the folder alone, and a moved page is offered to any folder with docs.
    await signOutAll(testing);
    await setEditionUrls({ community: '', business: '' });
  });

  it('a folder named "docs #2": the draft and the Use <file> quick fix write its path as YAML data', async () => {
    const undo = cloneInWorkspace(folder, {
      'README.md': '# Two\n',
      'docs #2/conf.py': 'project = "Two"\n',
      'docs #2/index.rst': 'Two\n===\n',
      'docs #2/requirements.txt': 'sphinx\n',
    }, 'git@github.com:example-org/two.git');
    const configUri = vscode.Uri.joinPath(folder, '.readthedocs.yaml');
    const ruleErrors = () => vscode.languages.getDiagnostics(configUri).filter((d) => d.source === 'Read the Docs' && typeof d.code === 'string');
    try {
      testing.setUi(new ScriptedUi());
      const draft = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('readthedocs.createConfigFile', { folderPath: folder.fsPath });
      assert.ok(draft);
      assert.match(draft.getText(), /\nsphinx:\n.*\n {2}configuration: "docs #2\/conf\.py"\n/);
      assert.match(draft.getText(), /\n {4}- requirements: "docs #2\/requirements\.txt"\n$/);
      // Saved with a wrong path, the quick fix offers the real one.
      const edit = new vscode.WorkspaceEdit();
      const wrong = draft.getText().replace('"docs #2/conf.py"', 'docs/conf.py');
      edit.replace(draft.uri, new vscode.Range(draft.positionAt(0), draft.positionAt(draft.getText().length)), wrong);
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await draft.save());
      const document = await vscode.workspace.openTextDocument(configUri);
      await vscode.window.showTextDocument(document);
      const [missing] = await waitFor(() => (ruleErrors().length === 1 ? ruleErrors() : undefined), () => `the missing path (shows ${JSON.stringify(ruleErrors().map((d) => d.message))})`, 20_000);
      assert.equal(missing!.code, 'config:validation:invalid-path');
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', configUri, missing!.range, vscode.CodeActionKind.QuickFix.value);
      const use = actions.find((a) => a.title === 'Use docs #2/conf.py');
      assert.ok(use?.edit, actions.map((a) => a.title).join(', '));
      assert.ok(await vscode.workspace.applyEdit(use.edit));
      assert.match(document.getText(), /\n {2}configuration: "docs #2\/conf\.py"\n/);
      await waitFor(() => ruleErrors().length === 0, 'the path to be found once fixed');
      assert.ok(await document.save());
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await undo();
    }
  });

  for (const shape of SHAPES) {
    it(shape.name, async () => {
      const undo = cloneInWorkspace(folder, shape.files, shape.remote);
      try {
        const asked = new ScriptedUi();
        testing.setUi(asked);
        const draft = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('readthedocs.createConfigFile', { folderPath: folder.fsPath });
        assert.ok(draft, `a draft opens (said: ${JSON.stringify(asked.messages)})`);
        assert.equal(draft.uri.scheme, 'untitled');
        assert.equal(draft.getText(), shape.draft.join('\n'));

        assert.ok(await draft.save(), 'the draft saves to .readthedocs.yaml');
        assert.equal(readFileSync(join(folder.fsPath, '.readthedocs.yaml'), 'utf8'), shape.draft.join('\n'));

        // The layout the saved file names: where the moved page was and is published.
        const ui = new ScriptedUi().onMessage(/documentation page moved/, 'Not Now');
        testing.setUi(ui);
        const edit = new vscode.WorkspaceEdit();
        edit.renameFile(vscode.Uri.joinPath(folder, shape.page.from), vscode.Uri.joinPath(folder, shape.page.to));
        assert.ok(await vscode.workspace.applyEdit(edit), `renamed ${shape.page.from}`);
        const offer = await ui.waitForMessage(/documentation page moved/, 20_000);
        assert.equal(offer.text, `A documentation page moved. Add a redirect from the old page? ${shape.page.redirect}`);
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await undo();
      }
    });
  }
});

describe('a first .readthedocs.yaml at a project path that leads out of the folder through a symbolic link', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let folder: vscode.Uri;
  let outside: string;
  let undo: (() => Promise<void>) | undefined;

  before(async () => {
    sandbox = await startSandbox();
    testing = await getTesting();
    folder = vscode.workspace.workspaceFolders![0]!.uri;
    outside = mkdtempSync(join(tmpdir(), 'rtd-outside-'));
    await signOutAll(testing);
    await setEditionUrls({ community: sandbox.origin, business: '' });
    undo = cloneInWorkspace(folder, MK_DEMO_SOURCES, 'git@github.com:example-org/mk-demo.git');
    symlinkSync(outside, join(folder.fsPath, 'ci'));
    Object.assign(sandbox.db.project('mk-demo')!, { readthedocsYamlPath: 'ci/.readthedocs.yaml', modified: Date.now() });
    await setSetting('projects', ['community/mk-demo']);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setSetting('projects', undefined);
    await undo?.();
    rmSync(outside, { recursive: true, force: true });
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('Create .readthedocs.yaml says why and makes no draft; nothing is written outside', async () => {
    await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    await waitFor(async () => (await workspaceRows(testing)).some((r) => r.label === 'MkDocs Demo'), 'mk-demo bound to the folder', 30_000);
    const ui = new ScriptedUi().onMessage(/through a symbolic link/, undefined);
    testing.setUi(ui);
    assert.equal(await vscode.commands.executeCommand('readthedocs.createConfigFile', { folderPath: folder.fsPath }), undefined);
    assert.deepEqual(ui.messages.map((m) => [m.severity, m.text]), [
      ['error', `ci/.readthedocs.yaml leads out of ${folder.fsPath} through a symbolic link: a file saved there would be written outside the folder, so none is made.`],
    ]);
    assert.equal(vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'untitled'), false, 'no draft');
    assert.deepEqual(readdirSync(outside), []);
  });
});
