import assert from 'node:assert/strict';
import { htmlToText } from '../../../src/core/html/plainText';

describe('htmlToText on long bodies', () => {
  it('a long body is said by its start, as if it were read whole', () => {
    const body = `<p>${'Word <b>bold</b> &amp; more '.repeat(60_000)}</p>`;
    const expected = 'Word bold & more '.repeat(30).slice(0, 399).trimEnd();
    assert.equal(htmlToText(body), `${expected}…`);
  });

  it('markup with its text at the end is read as far as the text', () => {
    assert.equal(htmlToText(`${'<i></i>'.repeat(50_000)}the end`), 'the end');
    assert.equal(htmlToText(`${'<i></i>'.repeat(50_000)}${'x'.repeat(500)}`, 10), `${'x'.repeat(9)}…`);
  });
});
