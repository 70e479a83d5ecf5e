import assert from 'node:assert/strict';
import { cleanTree } from '../../../src/core/html/cleanTree';
import { collapseWhitespace, textContent } from '../../../src/core/html/cleanNode';
import { htmlToText, truncate } from '../../../src/core/html/plainText';
import { parseUntrusted } from '../../../src/core/html/parseUntrusted';
import { plainTerminalText } from '../../../src/core/util/terminalText';

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

describe('htmlToText without the parser', () => {
  /** What the parser makes of the markup (the way markup the fast path does not take is read). */
  const parsedText = (html: string, maxChars: number) => {
    const parsed = parseUntrusted(html);
    assert.ok(parsed.ok);
    return truncate(collapseWhitespace(plainTerminalText(textContent(cleanTree(parsed.fragment, 'https://invalid.invalid/')))).trim(), maxChars);
  };
  const pieces = [
    'Some words ', ' ', '\n', '\t', 'x', 'é', '😀', '<p>', '</p>', '<b>', '</b>', '<i>', '</i>', '<em>', '</strong>', '<strong>', '<br>', '</br>', '<hr>',
    '<a href="https://example.com/?a=1&amp;b=2">', '<a href=x>', '</a>', '<li>', '<ul>', '</ul>', '<div class=\'x\' id=y>', '</div>', '<h1>', '</h2>',
    '<code title="a > b">', '</code>', '<SPAN>', '</Span>', '&amp;', '&lt;', '&gt;', '&quot;', '&apos;', '&nbsp;', '&#39;', '&#x41;', '&#128512;',
    '& ', '&', '\u001b[31m', '\u001b]0;title\u0007', '\u202e', '\u009b1m', '<dd>', '<dt>', '<blockquote>',
  ];
  /** What the parser reads instead. */
  const otherPieces = [
    '<a class="headerlink" href="#x">¶</a>', '&#0;', '&#x80;', '&copy;', '<!-- c -->', '<table>', '<td>', '<pre>', '\r\n', '\0', '<img alt="alt">', '< b', '<b/>', '<script>x</script>'
  ];
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };

  it('reads simple markup as the parser does', () => {
    for (let round = 0; round < 2_000; round += 1) {
      const html = Array.from({ length: 1 + random(30) }, () => (random(40) ? pieces[random(pieces.length)] : otherPieces[random(otherPieces.length)])).join('');
      const maxChars = [10, 400][random(2)]!;
      assert.equal(htmlToText(html, maxChars), parsedText(html, maxChars), JSON.stringify(html));
    }
  });

  it('a carriage return ends a terminal string as the line end the parser makes of it does', () => {
    assert.equal(htmlToText('<p>a\u001b]0;title\rb</p>'), 'a b');
    assert.equal(htmlToText('<p>a\u001b]0;title\r\nb</p>'), 'a b');
  });
});
