import assert from 'node:assert/strict';
import { failureReason } from '../../../src/core/builds/failureReason';
import { plainTerminalText } from '../../../src/core/util/terminalText';
import { parseBuild } from '../../../src/core/models/build';
import { parseNotification } from '../../../src/core/models/notification';
import { configErrorsOf } from '../../../src/core/notices/configErrors';
import { noticeText } from '../../../src/core/models/notification';
import { presentNotice } from '../../../src/core/tree/itemPresenters';

// What a terminal acts on (OSC 8 hyperlinks, titles, CSI) and what reorders or hides text (bidi and
// other format controls), written raw or as HTML character references in a notification's header
// and body: notice rows, tooltips, configuration errors and failure reasons show none of it.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/;
const OSC8 = '\u001b]8;;https://evil.example/\u001b\\click here\u001b]8;;\u001b\\';
const HOSTILE: readonly [string, string][] = [
  [OSC8, 'click here'],
  ['&#x1b;]8;;https://evil.example/&#x1b;\\click here&#x1b;]8;;&#x1b;\\', 'click here'],
  ['\u001b]0;evil title\u0007Build failed', 'Build failed'],
  ['\u001b[31mred\u001b[0m text', 'red text'],
  ['admin\u061c\u202e\u2066txt.exe\u2069\u202c', 'admintxt.exe'],
  ['&#x61c;mark &#x202e;over', 'mark over'],
  ['in\u206avisible\u206f \ufff9anno\ufffbtated', 'invisible annotated'],
  ['zero\u200bwidth\u2060join\ufeffer', 'zerowidthjoiner'],
];

describe('notices and configuration errors: terminal, bidi and format controls never reach the text', () => {
  it('plainTerminalText removes the format controls that hide or reorder text too', () => {
    assert.equal(plainTerminalText('in\u206avisible\u206f \ufff9anno\ufffbtated zero\u200bwidth\u2060join\ufeffer'), 'invisible annotated zerowidthjoiner');
    assert.equal(plainTerminalText('emoji \u{1f469}\u200d\u{1f4bb} and \u0646\u200c\u0645'), 'emoji \u{1f469}\u200d\u{1f4bb} and \u0646\u200c\u0645', 'joiners shape scripts and emoji: kept');
  });

  for (const [hostile, expected] of HOSTILE) {
    it(`shows ${JSON.stringify(expected)} for ${JSON.stringify(hostile)}`, () => {
      const notice = parseNotification({ id: 1, message: { id: 'config:validation:invalid-choice', header: `Header ${hostile}`, body: `<p>Body ${hostile}</p>`, type: 'error' } });
      const { header, body } = noticeText(notice);
      assert.equal(header, `Header ${expected}`);
      assert.equal(body, `Body ${expected}`);
      const row = presentNotice(notice);
      for (const text of [row.label, row.description, row.tooltip?.replace(/ {2}\n/g, ' ')]) assert.doesNotMatch(String(text), CONTROLS, JSON.stringify(text));
      const build = parseBuild({ id: 4, project: 'widgets', version: 'latest', state: { code: 'finished' }, success: false, urls: {} });
      const [error] = configErrorsOf(build, [notice]) ?? [];
      assert.equal(error?.message, `Header ${expected}: Body ${expected}`);
      assert.doesNotMatch(failureReason([notice]) ?? '', CONTROLS);
    });
  }
});
