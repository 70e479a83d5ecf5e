import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LogProblem } from '../../../src/core/logs/logProblem';
import { findProblems, problemsInOutput, resolveLine } from '../../../src/core/logs/problems';
import { problemCandidates } from '../../../src/core/logs/locate';
import { toolDirectories } from '../../../src/core/logs/paths';

const corpus = (name: string) => readFileSync(join(__dirname, '../../fixtures/logs', name), 'utf8');
const SPHINX_DIRS = toolDirectories({ sphinx: { configuration: 'docs/conf.py' } });
const MKDOCS_DIRS = toolDirectories({ mkdocs: { configuration: 'mkdocs.yml' } });

/** `severity file:line code` per problem, the file mapped into the repository as the Problems panel would. */
function summary(problems: readonly LogProblem[], dirs = SPHINX_DIRS): string[] {
  return problems.map((p) => `${p.severity} ${problemCandidates(p, dirs)[0] ?? '-'}:${p.line ?? '-'} ${p.code}`);
}

const WIDGETS_SPHINX = [
  'warning docs/index.rst:6 sphinx',
  'warning docs/installation.rst:12 sphinx',
  'error docs/usage.rst:12 sphinx',
  'error docs/usage.rst:14 sphinx',
  'warning docs/usage.rst:17 sphinx',
  'error docs/usage.rst:19 sphinx',
  'warning docs/index.rst:13 sphinx',
  'warning docs/index.rst:13 sphinx',
];

describe('logs: problems in real build output', () => {
  it('Sphinx 5 and 7: every warning and error once, on the right file and line', () => {
    for (const file of ['sphinx5-warnings.txt', 'sphinx7-warnings.txt', 'sphinx5-fail-on-warning.txt']) {
      const problems = problemsInOutput(corpus(file), 1);
      // The duplicated "Title underline too short" is printed twice by Sphinx; findProblems reports it once.
      assert.deepEqual(summary(findProblems([{ ...cmd(1), output: corpus(file) }])), WIDGETS_SPHINX, file);
      assert.equal(problems.length, 9, file);
    }
    const [first] = problemsInOutput(corpus('sphinx5-warnings.txt'), 1);
    assert.equal(first.message, "toctree contains reference to nonexisting document 'changelog'");
  });

  it('Sphinx 8: the [type.subtype] suffix becomes the code, docutils messages are typed docutils', () => {
    const problems = findProblems([{ ...cmd(1), output: corpus('sphinx8-warnings.txt') }]);
    assert.deepEqual(problems.map((p) => p.code), ['toc.not_readable', 'docutils', 'docutils', 'docutils', 'docutils', 'docutils', 'ref.ref', 'ref.doc']);
    assert.equal(problems[6].message, "undefined label: 'getting-started'");
    assert.equal(problems[1].tool, 'docutils');
  });

  it('sphinx -W: "Warning, treated as error" then a location without a level is an error', () => {
    const problems = findProblems([{ ...cmd(1), output: corpus('sphinx5-W.txt') }]);
    assert.deepEqual(summary(problems), ['error docs/index.rst:6 sphinx']);
    assert.equal(problems[0].message, "toctree contains reference to nonexisting document 'changelog'");
  });

  it('a conf.py traceback: one error on conf.py at the failing line, frames outside the checkout ignored', () => {
    const problems = findProblems([{ ...cmd(1), output: corpus('sphinx5-conf-traceback.txt') }]);
    assert.deepEqual(summary(problems), ['error docs/conf.py:8 ModuleNotFoundError']);
    assert.equal(problems[0].message, "ModuleNotFoundError: No module named 'widgets'");
  });

  it('autodoc: "docstring of" maps to the module file and the object\'s definition; a message without file stays unlocated', () => {
    const problems = findProblems([{ ...cmd(1), output: corpus('sphinx5-autodoc.txt') }]);
    assert.deepEqual(summary(problems), ['warning src/gizmo/__init__.py:1 sphinx', 'error src/gizmo/__init__.py:1 sphinx', 'warning -:- sphinx']);
    assert.equal(problems[0].docstringOf, 'gizmo.Gizmo');
    assert.match(problems[2].message, /^autodoc: failed to import module 'missing'/);
    const source = 'import x\n\n\nclass Gizmo:\n    """A gizmo.\n';
    assert.equal(resolveLine(problems[0], source), 5, 'line 1 of the docstring of the class on line 4');
  });

  it('docutils alone: (LEVEL/n) messages with paths relative to the conf.py folder', () => {
    const problems = findProblems([{ ...cmd(1), output: corpus('docutils-usage.txt') }]);
    assert.deepEqual(summary(problems), ['error docs/usage.rst:12 docutils', 'error docs/usage.rst:14 docutils', 'warning docs/usage.rst:17 docutils', 'error docs/usage.rst:19 docutils']);
  });

  it('MkDocs 1.4 (coloured levels) and 1.6: links, nav and config, located by text', () => {
    const expected = [
      'warning mkdocs.yml:- mkdocs.config',
      'warning mkdocs.yml:- mkdocs.nav',
      'warning docs/index.md:- mkdocs.links',
      'warning docs/index.md:- mkdocs.links',
      'warning docs/setup/index.md:- mkdocs.links',
    ];
    for (const file of ['mkdocs14-warnings.txt', 'mkdocs16-warnings.txt']) {
      const problems = findProblems([{ ...cmd(1), output: corpus(file) }]);
      assert.deepEqual(summary(problems, MKDOCS_DIRS), expected, file);
      const setup = '# Setup\n\nInstall gadget.\nSee [the FAQ](../faq.md#install) when something goes wrong.\n';
      assert.equal(resolveLine(problems[4], setup), 4, `${file}: the line with the broken link`);
      assert.equal(resolveLine(problems[0], 'site_name: x\nmarkdown_extension:\n  - toc\n'), 2, `${file}: the misspelt key`);
    }
    assert.deepEqual(summary(findProblems([{ ...cmd(1), output: corpus('mkdocs14-strict.txt') }]), MKDOCS_DIRS), ['warning mkdocs.yml:- mkdocs.config']);
  });

  it('ignores progress lines, INFO messages and huge lines; tolerates CRLF', () => {
    const output = [
      'reading sources... [ 50%] index',
      'INFO    -  Doc file \'index.md\' contains an unrecognized relative link \'x/\'',
      `${'x'.repeat(10_000)}: WARNING: not a message`,
      'usage.rst:3: (INFO/1) Hyperlink target "x" is not referenced.',
      '/home/docs/checkouts/readthedocs.org/user_builds/p/checkouts/v/docs/a.rst:2: WARNING: real\r',
    ].join('\n');
    assert.deepEqual(summary(problemsInOutput(output, 1)), ['warning docs/a.rst:2 sphinx']);
  });

  it('a Sphinx line without a line number, and <unknown>', () => {
    const problems = problemsInOutput([
      "/home/docs/checkouts/readthedocs.org/user_builds/p/checkouts/v/docs/orphan.rst: WARNING: document isn't included in any toctree [toc.not_included]",
      '<unknown>:1: WARNING: duplicate object description of x [autodoc]',
    ].join('\n'), 1);
    assert.deepEqual(summary(problems), ['warning docs/orphan.rst:- toc.not_included', 'warning -:1 autodoc']);
  });

  it('locates a text by one search of the file: the line of its first occurrence, CRLF or not; a text holding a line break is on no line', () => {
    const file = `${'x\r\n'.repeat(100_000)}target here\r\nand target again\n`;
    assert.equal(resolveLine({ line: 7, locate: ['missing', 'target'] }, file), 100_001);
    assert.equal(resolveLine({ line: 7, locate: ['x\r\nx'] }, file), 7);
    assert.equal(resolveLine({ line: 2, locate: ['target'], docstringOf: 'a.b' }, 'a\ntarget\n'), 4);
  });
});

function cmd(id: number) {
  return { id, command: 'python -m sphinx', description: '', output: '', exitCode: 0, startTime: undefined, endTime: undefined, runSeconds: 1 };
}
