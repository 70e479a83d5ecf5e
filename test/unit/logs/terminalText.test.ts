import assert from 'node:assert/strict';
import { parseBuildLog } from '../../../src/core/models/buildLog';
import { findProblems } from '../../../src/core/logs/problems';
import { renderBuildLog } from '../../../src/core/logs/render';
import { plainTerminalText } from '../../../src/core/util/terminalText';

// Everything a terminal or a bidi-aware editor acts on rather than prints.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('logs: terminal and bidirectional controls never reach a log document', () => {
  it('removes CSI (7-bit and 8-bit), OSC strings (BEL or ST), other escapes, C0/C1 and bidi controls; keeps tabs and line ends', () => {
    const cases: [string, string][] = [
      ['\u001b[31mred\u001b[0m', 'red'],
      ['\u001b[2J\u001b[Hcleared', 'cleared'],
      ['\u009b31mred', 'red'],
      ['\u001b]0;evil title\u0007text', 'text'],
      ['\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\', 'click'],
      ['\u001b]52;c;ZXZpbA==\u009cafter', 'after'],
      ['\u009d0;title\u0007text', 'text'],
      ['\u001bPq#0;2;0;0;0\u001b\\sixel', 'sixel'],
      ['\u001b(Bcharset \u001b7saved', 'charset saved'],
      ['bell\u0007 back\u0008space del\u007f', 'bell backspace del'],
      ['admin\u202e\u2066txt.exe\u2069\u202c', 'admintxt.exe'],
      ['\u200eleft\u200f \u061cmark', 'left mark'],
      ['tab\there\r\nnext\n', 'tab\there\r\nnext\n'],
      ['an unterminated \u001b]0;title\nnext line', 'an unterminated \nnext line'],
    ];
    for (const [input, expected] of cases) assert.equal(plainTerminalText(input), expected, JSON.stringify(input));
  });

  it('the rendered document holds none, in the output, the command line and the failure reason', () => {
    const hostile = 'a\u001b]0;pwned\u0007b\u202ec\u009b2Jd\u0085e';
    const log = parseBuildLog({
      id: 7, project: 3, version: 9, project_slug: 'widgets', version_slug: 'latest', version_name: 'latest', state: 'finished',
      success: false, commit: 'abc', date: '2026-11-24T01:00:00Z', length: 3, cold_storage: false, docs_url: 'https://x/', config: {},
      commands: [{ id: 1, build: 7, command: `make ${hostile}`, description: '', output: `line ${hostile}\n`, exit_code: 1, start_time: '2026-11-24T01:00:00Z', end_time: '2026-11-24T01:00:03Z', run_time: 3 }],
    });
    const { text } = renderBuildLog({ log, projectSlug: 'widgets', reason: `failed ${hostile}`, problems: findProblems(log.commands) });
    assert.doesNotMatch(text, CONTROLS, JSON.stringify(text));
    assert.ok(text.includes('$ make abcde'), text);
    assert.ok(text.includes('line abcde'), text);
    assert.ok(text.includes('# Failure: failed abcde'), text);
  });

  it('cleans a megabyte of unterminated sequences completely', () => {
    const text = '\u001b['.repeat(300_000) + '\u001b]'.repeat(200_000);
    assert.doesNotMatch(plainTerminalText(text), CONTROLS);
  });
});
