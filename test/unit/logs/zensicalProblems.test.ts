// Zensical's reports (FACTS.md §27) on their files, lines and columns: zen-demo's reconstructed
// log (test/sandbox/logs/zenDemoOutputs.ts, drawn from test/fixtures/zensical-demo), with and
// without its colours, and the forms around it.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { failureReason } from '../../../src/core/builds/failureReason';
import { layoutFromZensical } from '../../../src/core/docsLayout/zensical';
import { type LogCommand } from '../../../src/core/models/buildLog';
import { toolDirectories } from '../../../src/core/logs/paths';
import { codeUnitColumn, placeProblem, type ProblemFiles } from '../../../src/core/logs/place';
import { findProblems } from '../../../src/core/logs/problems';
import { renderBuildLog } from '../../../src/core/logs/render';
import { reportLocation, reportRanges } from '../../../src/core/logs/zensicalProblems';
import { plainTerminalText } from '../../../src/core/util/terminalText';
import { zenDemoOutput } from '../../sandbox/logs/zenDemoOutputs';
import { ZEN_DEMO_SOURCES, zenDemoConfig } from '../../sandbox/seed/zenDemo';

const command = (output: string, id = 1): LogCommand => ({ id, command: 'zensical build', description: '', output, exitCode: 1, startTime: undefined, endTime: undefined, runSeconds: 1 } as LogCommand);
const files: ProblemFiles = { exists: (path) => Promise.resolve(path in ZEN_DEMO_SOURCES), read: (path) => Promise.resolve(ZEN_DEMO_SOURCES[path]) };

/** `path:line:column code` of each problem of `output` (column 1-based in UTF-16 units, `-` for the whole line), placed in zen-demo. */
async function placed(output: string): Promise<string[]> {
  const dirs = toolDirectories(zenDemoConfig(true), layoutFromZensical('zensical.toml', ZEN_DEMO_SOURCES['zensical.toml']));
  const result: string[] = [];
  for (const problem of findProblems([command(output)])) {
    const at = await placeProblem(problem, dirs, files);
    result.push(`${at ? `${at.path}:${at.line}:${at.column === undefined ? '-' : at.column + 1}` : '-'} ${problem.code}`);
  }
  return result;
}

/** The 1-based line of `text` in a source of zen-demo. */
function lineOf(path: string, text: string): number {
  const index = ZEN_DEMO_SOURCES[path]!.split('\n').findIndex((line) => line.includes(text));
  assert.ok(index >= 0, `${path} says ${text}`);
  return index + 1;
}

const EXPECTED = [
  `zen_demo/core.py:29:- griffe`,
  `docs/index.md:7:${ZEN_DEMO_SOURCES['docs/index.md']!.split('\n')[6]!.indexOf('changelog.md') + 1} zensical.page-does-not-exist`,
  'docs/index.md:9:1 zensical.unused-link-definition',
  `docs/guide/getting started.md:7:${ZEN_DEMO_SOURCES['docs/guide/getting started.md']!.split('\n')[6]!.indexOf('zen_demo.core.whisper') + 1} autorefs`,
  // 🚀 is two UTF-16 units and one character: the editor's column is one more than Zensical's.
  `docs/guide/getting started.md:9:${ZEN_DEMO_SOURCES['docs/guide/getting started.md']!.split('\n')[8]!.indexOf('#naive-setup') + 1} zensical.anchor-does-not-exist`,
  `zen_demo/core.py:${lineOf('zen_demo/core.py', '[zen_demo.core.yell][]')}:- autorefs`,
];

describe('logs: Zensical\'s reports', () => {
  it('every report of zen-demo\'s log on its page, line and column under docs_dir (paths with spaces, non-ASCII lines), griffe on the module, the docstring autoref on its docstring', async () => {
    assert.deepEqual(await placed(zenDemoOutput(false)), EXPECTED);
  });

  it('the same without colours: ariadne\'s escapes around each character change nothing', async () => {
    const plain = plainTerminalText(zenDemoOutput(false));
    assert.ok(!plain.includes('\u001b'));
    assert.deepEqual(await placed(plain), EXPECTED);
  });

  it('a report without a span: the one-line autoref goes where autorefs\' warning goes; a header of Zensical\'s without its box stays in the log', async () => {
    assert.deepEqual(await placed('unresolved autoref `zen_demo.core.greet` in index.md\n'), [`docs/index.md:${lineOf('docs/index.md', '[zen_demo.core.greet]')}:- autorefs`]);
    const [problem] = findProblems([command('Warning: unused footnote definition\nBuild finished in 0.1s\n')]);
    assert.equal(problem?.message, 'unused footnote definition');
    assert.equal(problem?.path, undefined);
    assert.deepEqual(findProblems([command('Warning: this package is deprecated\nnpm notice\n')]), [], 'another program\'s Warning: line is not a report');
    assert.equal(findProblems([command('Warning: anchor does not exist')]).length, 1, 'a header at the end of the output still counts');
  });

  it('locations: with and without ariadne 0.5\'s spaces, colons and spaces in the path, never a line 0', () => {
    assert.deepEqual(reportLocation('   ╭─[ my docs/a: b.md:12:3 ]'), { path: 'my docs/a: b.md', line: 12, column: 3 });
    assert.deepEqual(reportLocation('  ╭─[guide.md:25:12]'), { path: 'guide.md', line: 25, column: 12 });
    assert.equal(reportLocation('   ╭─[ guide.md:0:1 ]'), undefined);
    assert.equal(reportLocation('   ╭─[ guide.md ]'), undefined);
    assert.equal(reportLocation('text ╭─[ guide.md:1:1 ]'), undefined);
  });

  it('columns count characters: converted to the editor\'s UTF-16 units on the line, never past its end', () => {
    assert.equal(codeUnitColumn('🚀 See [x](#a)', 3), 3);
    assert.equal(codeUnitColumn('café ☕ x', 8), 7);
    assert.equal(codeUnitColumn('short', 1_000_000_000), undefined);
    assert.equal(codeUnitColumn(undefined, 1), undefined);
  });

  it('the strict build\'s failure reason: the issue count and the abort', () => {
    assert.equal(failureReason([], 400, [command(zenDemoOutput(true))]), 'Zensical: 5 issues found, aborted because --strict flag is set');
    assert.equal(failureReason([], 400, [command('1 issue found\nAborted because --strict flag is set\n')]), 'Zensical: 1 issue found, aborted because --strict flag is set');
    assert.equal(failureReason([], 400, [command(zenDemoOutput(false))]), undefined, 'a build that finished has no such reason');
  });

  it('the log document folds each report from its header to the end of its box', () => {
    const rendered = renderBuildLog({ log: { id: 7, versionSlug: 'latest', state: 'finished', success: false, lengthSeconds: 9, commands: [command(zenDemoOutput(true))], config: undefined } as never, projectSlug: 'zen-demo', problems: [] });
    const lines = rendered.text.split('\n');
    assert.equal(rendered.reports?.length, 4);
    for (const { startLine, endLine } of rendered.reports!) {
      assert.match(lines[startLine]!, /^Warning: /);
      assert.match(lines[endLine]!, /^─+╯$/);
    }
    assert.deepEqual(reportRanges(['Warning: page does not exist', 'no box here']), []);
  });

  it('the sandbox\'s copy of zen-demo is test/fixtures/zensical-demo', () => {
    const root = join(__dirname, '..', '..', 'fixtures', 'zensical-demo');
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
    const onDisk = Object.fromEntries(walk(root).map((file) => [relative(root, file).split('\\').join('/'), readFileSync(file, 'utf8')]).filter(([path]) => path !== 'README.md'));
    assert.deepEqual(onDisk, ZEN_DEMO_SOURCES);
  });
});
