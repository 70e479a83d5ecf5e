import assert from 'node:assert/strict';
import { type BuildLog, logAdvanced, mergeBuildLogs, parseBuildLog } from '../../../src/core/models/buildLog';
import { MAX_SHOWN_COMMANDS, renderBuildLog, shownProblemsMessage } from '../../../src/core/logs/render';
import { truncatedCommands, truncationNotice } from '../../../src/core/logs/truncation';
import { findProblems } from '../../../src/core/logs/problems';

const command = (id: number, fields: Record<string, unknown> = {}) => ({
  id, build: 7, command: `step ${id}`, description: '', output: `out ${id}\n`, exit_code: 0,
  start_time: '2026-11-24T01:00:00Z', end_time: '2026-11-24T01:00:05Z', run_time: 5, ...fields,
});
const running = (id: number) => command(id, { output: '', exit_code: null, end_time: null, run_time: null });

function v2(fields: Record<string, unknown> = {}): unknown {
  return {
    id: 7, project: 3, version: 9, project_slug: 'widgets', version_slug: 'latest', version_name: 'latest', state: 'building',
    success: true, commit: 'abc', date: '2026-11-24T01:00:00Z', length: 0, cold_storage: false, docs_url: 'https://x/',
    config: { sphinx: { configuration: 'docs/conf.py' } }, commands: [command(1), running(2)], ...fields,
  };
}

describe('logs: the v2 build log', () => {
  it('parses the v2 JSON: success hidden until final, commands sorted by id, running ones have no exit code', () => {
    const log = parseBuildLog(v2({ commands: [running(2), command(1)] }));
    assert.equal(log.success, undefined);
    assert.deepEqual(log.commands.map((c) => [c.id, c.exitCode]), [[1, 0], [2, undefined]]);
    assert.equal(log.projectSlug, 'widgets');
    const final = parseBuildLog(v2({ state: 'finished', success: false }));
    assert.equal(final.success, false);
  });

  it('is tolerant: unknown fields, malformed commands and missing optional fields', () => {
    const log = parseBuildLog({ id: '7', unknown: 1, commands: [null, 'x', { command: 'no id' }, { id: 4, exit_code: 'x', output: 12 }] });
    assert.equal(log.id, 7);
    assert.equal(log.state, 'finished');
    assert.deepEqual(log.commands.map((c) => [c.id, c.command, c.output, c.exitCode]), [[4, '', '', undefined]]);
    assert.throws(() => parseBuildLog([]), /log is not an object/);
    assert.throws(() => parseBuildLog({ commands: [] }), /log\.id/);
  });

  it('merges a growing list by id: placeholders replaced, new commands appended, finished ones never go back', () => {
    const first = parseBuildLog(v2());
    const second = parseBuildLog(v2({ commands: [command(1), command(2), running(3)] }));
    const merged = mergeBuildLogs(first, second);
    assert.deepEqual(merged.commands.map((c) => [c.id, c.exitCode]), [[1, 0], [2, 0], [3, undefined]]);
    assert.ok(logAdvanced(first, merged));
    const stale = mergeBuildLogs(merged, parseBuildLog(v2({ commands: [command(1), running(2)] })));
    assert.equal(stale.commands.find((c) => c.id === 2)?.exitCode, 0, 'an older answer does not undo a finished command');
    assert.equal(stale.commands.length, 3, 'a command missing from an answer is kept');
    assert.ok(!logAdvanced(merged, stale));
    const other = parseBuildLog(v2({ id: 8 }));
    assert.equal(mergeBuildLogs(merged, other), other, 'another build replaces the log');
  });

  it('reads is_uploaded (where the API shows that a version is published by uploads), false when absent', () => {
    assert.equal(parseBuildLog(v2({ is_uploaded: true })).isUploaded, true);
    assert.equal(parseBuildLog(v2({})).isUploaded, false);
    assert.equal(parseBuildLog(v2({ is_uploaded: 'yes' })).isUploaded, false);
  });

  it('detects truncation by cold storage and at write time', () => {
    const cold = parseBuildLog(v2({ cold_storage: true, commands: [command(1, { output: '... (truncated) ...\n\ntail of it' }), command(2, { output: 'a\nOutput is too big. Truncated at 1048576 bytes.' }), command(3)] }));
    const truncations = truncatedCommands(cold.commands);
    assert.deepEqual(truncations, [{ commandId: 1, kind: 'coldStorage' }, { commandId: 2, kind: 'tooBig' }]);
    assert.match(truncationNotice(truncations) ?? '', /^The output of 2 commands was truncated by Read the Docs \("\.\.\. \(truncated\) \.\.\."\)/);
    assert.equal(truncationNotice([]), undefined);
  });
});

describe('logs: the log document', () => {
  function render(log: BuildLog, reason?: string) {
    return renderBuildLog({ log, projectSlug: 'widgets', reason, problems: findProblems(log.commands) });
  }

  it('one section per command: command line, exit code and duration, then the output; sections cover those lines', () => {
    const log = parseBuildLog(v2({ state: 'finished', success: false, length: 65, commands: [
      command(1, { command: 'git clone --depth 1 https://github.com/example-org/widgets.git .', output: 'Cloning into \'.\'...\n' }),
      command(2, { command: 'python -m sphinx -T -b html . out', exit_code: 1, run_time: 61, output: '/home/docs/checkouts/readthedocs.org/user_builds/widgets/checkouts/latest/docs/a.rst:3: ERROR: bad\n\u001b[31mred\u001b[0m\r\n' }),
    ] }));
    const { text, sections } = render(log, 'Unknown problem: a command failed.');
    const lines = text.split('\n');
    assert.deepEqual(lines.slice(0, 4), [
      '# Build #7 of widgets (latest): failed (1 min 5 s)',
      '# Failure: Unknown problem: a command failed.',
      '# 1 error in this log',
      '',
    ]);
    assert.deepEqual(sections.map((s) => [s.commandId, lines[s.startLine], lines[s.endLine]]), [
      [1, '$ git clone --depth 1 https://github.com/example-org/widgets.git .', 'Cloning into \'.\'...'],
      [2, '$ python -m sphinx -T -b html . out', 'red'],
    ]);
    assert.equal(lines[sections[1].startLine + 1], '# exit 1 · 1 min 1 s');
    assert.ok(!text.includes('\u001b'), 'terminal colours removed');
  });

  it('a log of more commands than it shows says how many of the first are left out, and shows the last', () => {
    const count = MAX_SHOWN_COMMANDS + 2;
    const log = parseBuildLog(v2({ state: 'finished', commands: Array.from({ length: count }, (_, i) => command(i + 1)) }));
    const { text, sections } = render(log);
    const lines = text.split('\n');
    assert.equal(lines[1], `# The first 2 commands are not shown: this log shows the last ${MAX_SHOWN_COMMANDS}.`);
    assert.equal(sections.length, MAX_SHOWN_COMMANDS);
    assert.deepEqual([sections[0].commandId, lines[sections[0].startLine], lines[sections[0].endLine]], [3, '$ step 3', 'out 3']);
    assert.deepEqual([sections.at(-1)!.commandId, lines[sections.at(-1)!.endLine]], [count, `out ${count}`]);
    assert.ok(!text.includes('$ step 2\n'));
  });

  it('a running build says so, a running command has no exit code, truncation is said at the top', () => {
    const log = parseBuildLog(v2({ commands: [command(1, { output: '... (truncated) ...\nrest' }), running(2)] }));
    const { text } = render(log);
    assert.match(text, /^# Build #7 of widgets \(latest\): building…\n# The output of 1 command was truncated/);
    assert.match(text, /\$ step 2\n# running…\n/);
    assert.match(text, /# The build is still running: this log grows as commands finish\.\n$/);
    assert.match(render(parseBuildLog(v2({ state: 'finished', commands: [] }))).text, /No command output was stored for this build/);
  });

  it('says how many problems went to the Problems panel and how many stayed in the log', () => {
    assert.equal(shownProblemsMessage('build #7 of widgets', 0, 0), 'Build #7 of widgets has no warnings or errors.');
    assert.equal(shownProblemsMessage('build #7 of widgets', 1, 0), 'Build #7 of widgets: 1 problem in the Problems panel.');
    assert.equal(shownProblemsMessage('build #7 of widgets', 8, 2), 'Build #7 of widgets: 8 problems in the Problems panel (2 more only in the log: their files are not in this workspace).');
  });
});
