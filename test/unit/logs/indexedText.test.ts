import assert from 'node:assert/strict';
import { IndexedText } from '../../../src/core/logs/indexedText';
import { type LogCommand } from '../../../src/core/models/buildLog';
import { toolDirectories } from '../../../src/core/logs/paths';
import { type ProblemFiles, placeProblem } from '../../../src/core/logs/place';
import { findProblems } from '../../../src/core/logs/problems';

const MODULE = [
  'import os',
  'class Gizmo(Base):',
  '    def spin(self, x):',
  '        return x',
  'subclass Gizmo2 = 1',
  'spin = Gizmo.spin',
  'def spin_fast(x):',
  '    undef spin(y)',
  'def spin(y): pass',
  'café = 1; _x_ = [a.b] `a.b`',
].join('\n');

describe('logs: a file indexed for many searches', () => {
  it('finds each text where String.indexOf does: whole words, words cut at either end, no word at all', () => {
    const file = new IndexedText(MODULE);
    const queries = [
      'def spin(', 'class Gizmo', 'spin =', 'Gizmo2 =', 'class Gizmo2', 'def spin_fast(', 'pin(', 'def sp', 'f spin(y',
      'x', 'Gizmo', 'é = 1', '[a.b]', '[`a.b`]', '`a.b`', 'a.b', '(self, x)', '', '  ', 'nowhere(', 'class Nothing', 'no =', 'Nothing',
      'ss Gizmo2', '_x_ =', '= [a', 'return x\nsub',
    ];
    for (const query of queries) assert.equal(file.indexOf(query), MODULE.indexOf(query), query);
    assert.equal(file.indexOf('def spin('), MODULE.indexOf('def spin('), 'asked again');
  });

  it('gives the line of an offset', () => {
    const file = new IndexedText('a\nbc\n\nd');
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6].map((offset) => file.lineOf(offset)), [0, 0, 1, 1, 1, 2, 3]);
    assert.equal(new IndexedText('').lineOf(0), 0);
  });
});

describe('logs: the problems of one module placed', () => {
  const CHECKOUT = '/home/docs/checkouts/readthedocs.org/user_builds/p/checkouts/latest/';
  const functions = 300;
  const module = Array.from({ length: functions }, (_, i) => `def f${i}(x):\n    return x`).join('\n');
  const output = Array.from({ length: functions }, (_, i) => `${CHECKOUT}src/pkg/mod.py:docstring of pkg.mod.f${i}:1: WARNING: Unexpected indentation.`).join('\n');
  const command = { id: 1, command: 'python -m sphinx', description: '', output, exitCode: 1, startTime: undefined, endTime: undefined, runSeconds: 1 } as LogCommand;

  it('puts each on the line after its definition, reading the module once for all of them', async () => {
    let reads = 0;
    const files: ProblemFiles = { exists: () => Promise.resolve(true), read: () => { reads += 1; return Promise.resolve(module); } };
    const dirs = toolDirectories({ sphinx: { configuration: 'docs/conf.py' } });
    const lines: number[] = [];
    for (const problem of findProblems([command])) lines.push((await placeProblem(problem, dirs, files))!.line);
    assert.deepEqual(lines, Array.from({ length: functions }, (_, i) => 2 * i + 2));
    assert.equal(reads, 1);
  });
});
