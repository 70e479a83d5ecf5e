import assert from 'node:assert/strict';
import { htmlToMarkdown } from '../../../src/core/html';
import { assertSafeMarkdown } from './safetyChecks';

const PAGE_URL = 'https://example-project.readthedocs.io/en/latest/usage.html';

function markdown(html: string, maxChars = 10_000): string {
  const result = htmlToMarkdown(html, { pageUrl: PAGE_URL, maxChars });
  assertSafeMarkdown(result.markdown);
  return result.markdown;
}

describe('htmlToMarkdown', () => {
  describe('escaping remote text', () => {
    it('escapes every character that could form Markdown or HTML', () => {
      assert.equal(markdown('<p>*a* _b_ `c` [d](e) &lt;b&gt; &amp;amp; a|b ~~s~~ # h \\ x</p>'),
        '\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\<b\\> \\&amp; a\\|b \\~\\~s\\~\\~ \\# h \\\\ x');
    });

    it('escapes what would start a list or a heading underline', () => {
      assert.equal(markdown('<p>1. not a list</p><p>2) nor this</p><p>- nor this</p><p>+ nor this</p><p>===</p>'),
        '1\\. not a list\n\n2\\) nor this\n\n\\- nor this\n\n\\+ nor this\n\n\\===');
    });

    it('collapses whitespace the way a browser would', () => {
      assert.equal(markdown('<p>  a\n   b\t<em> c </em>d  </p>'), 'a b *c* d');
    });
  });

  describe('inline markup', () => {
    it('renders emphasis, strong, strike-through and quotes', () => {
      assert.equal(markdown('<p><em>e</em> <i>i</i> <strong>s</strong> <b>b</b> <del>d</del> <q>q</q> <span>plain</span></p>'),
        '*e* *i* **s** **b** ~~d~~ “q” plain');
    });

    it('renders code with a fence longer than any backtick run inside', () => {
      assert.equal(markdown('<p><code>a`b</code> <code>`x`</code> <code> </code></p>'), '``a`b`` `` `x` ``');
    });

    it('renders http(s) links absolute and other links as their text', () => {
      assert.equal(markdown('<p><a href="/x">root</a> <a href="mailto:a@b.c">mail</a> <a href="javascript:x()">js</a></p>'),
        '[root](https://example-project.readthedocs.io/x) mail js');
    });

    it('encodes what would end a link destination early and escapes entities in it', () => {
      assert.equal(markdown('<a href="https://example.com/a_(b)|c?x=1&amp;lt=2">l</a>'), '[l](https://example.com/a_%28b%29%7Cc?x=1\\&lt=2)');
    });

    it('renders the inner link of nested links as text', () => {
      assert.equal(markdown('<p><a href="https://a.example/">a <span><a href="https://b.example/">b</a></span></a></p>'),
        '[a](https://a.example/) [b](https://b.example/)');
    });

    it('shows https images and only the alt text of others', () => {
      assert.equal(markdown('<p><img src="/_images/a.png" alt="A [1]"> <img src="http://example.com/b.png" alt="B"></p>'),
        '![A \\[1\\]](https://example-project.readthedocs.io/_images/a.png) B');
    });

    it('turns <br> into a hard line break, escaping the start of the next line', () => {
      assert.equal(markdown('<p>one<br>- two</p>'), 'one\\\n\\- two');
    });
  });

  describe('blocks', () => {
    it('uses ### for the first heading and #### for the others', () => {
      assert.equal(markdown('<h1>A<br>B</h1><p>x</p><h2>C</h2><h5>D</h5>'), '### A B\n\nx\n\n#### C\n\n#### D');
    });

    it('renders nested lists with their numbering', () => {
      assert.equal(markdown('<ul><li>a<ul><li>b</li></ul></li><li><p>c</p><p>d</p></li></ul><ol start="9"><li>e</li><li>f<ol><li>g</li></ol></li></ol>'),
        '- a\n  - b\n- c\n\n  d\n\n9. e\n10. f\n    1. g');
    });

    it('renders code blocks with the language of the Sphinx wrapper or of the code element', () => {
      assert.equal(markdown('<div class="highlight-default notranslate"><div class="highlight"><pre>x = 1</pre></div></div>'), '```python\nx = 1\n```');
      assert.equal(markdown('<div class="highlight-text notranslate"><pre>plain</pre></div>'), '```\nplain\n```');
      assert.equal(markdown('<pre><code class="language-yaml">a: 1\n</code></pre>'), '```yaml\na: 1\n```');
      assert.equal(markdown('<pre>no language</pre>'), '```\nno language\n```');
    });

    it('lengthens the fence when the code itself contains one', () => {
      assert.equal(markdown('<pre>```\ninside\n````</pre>'), '`````\n```\ninside\n````\n`````');
    });

    it('keeps code verbatim: no escaping inside fences', () => {
      assert.equal(markdown('<pre>a &lt; b &amp;&amp; *c*</pre>'), '```\na < b && *c*\n```');
    });

    it('renders blockquotes and admonitions as quotes', () => {
      assert.equal(markdown('<blockquote><p>a</p><p>b</p></blockquote>'), '> a\n>\n> b');
      assert.equal(markdown('<div class="admonition tip"><p class="admonition-title">Tip</p><pre>x</pre></div>'), '> **Tip**\n>\n> ```\n> x\n> ```');
    });

    it('renders terms in bold and signatures as code', () => {
      assert.equal(markdown('<dl><dt>term <em>x</em></dt><dd>def</dd><dt class="sig sig-object py">f(<em>a</em>)</dt><dd>call</dd></dl>'),
        '**term *x***\n\ndef\n\n`f(a)`\n\ncall');
    });

    it('renders details with its summary in bold', () => {
      assert.equal(markdown('<details><summary>More</summary><p>hidden</p></details>'), '**More**\n\nhidden');
    });

    it('keeps words in separate blocks apart when a container mixes text and blocks', () => {
      assert.equal(markdown('<div>text<p>para</p>tail</div>'), 'text\n\npara\n\ntail');
    });
  });

  describe('tables', () => {
    it('renders a simple table as a Markdown table, escaping pipes in code too', () => {
      assert.equal(markdown('<table><tr><th>a|b</th><th>c</th></tr><tr><td><code>x|y</code></td><td>z</td></tr></table>'),
        '| a\\|b | c |\n| --- | --- |\n| `x\\|y` | z |');
    });

    it('adds an empty header to a table without one and pads short rows', () => {
      assert.equal(markdown('<table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table>'),
        '|  |  |\n| --- | --- |\n| 1 | 2 |\n| 3 |  |');
    });

    it('falls back to one line per row for spans, wide tables and block content', () => {
      assert.equal(markdown('<table><tr><td colspan="2">wide</td></tr><tr><td>a</td><td>b</td></tr></table>'), '- wide\n- a · b');
      const seven = `<table><tr>${'<td>c</td>'.repeat(7)}</tr></table>`;
      assert.equal(markdown(seven), '- c · c · c · c · c · c · c');
      assert.equal(markdown('<table><tr><td><ul><li>1. x</li></ul></td><td>y</td></tr></table>'), '- 1\\. x · y');
    });

    it('puts the caption above the table', () => {
      assert.equal(markdown('<table><caption>Cap</caption><tr><td>1</td></tr></table>'), '**Cap**\n\n|  |\n| --- |\n| 1 |');
    });
  });

  describe('length', () => {
    const paragraphs = Array.from({ length: 20 }, (_, i) => `<p>Paragraph ${i} has some words in it.</p>`).join('');

    it('stops at a block boundary and ends with …', () => {
      const result = htmlToMarkdown(paragraphs, { pageUrl: PAGE_URL, maxChars: 100 });
      assert.equal(result.markdown, 'Paragraph 0 has some words in it.\n\nParagraph 1 has some words in it.\n\n…');
      assert.equal(result.truncated, true);
    });

    it('shortens a first block that is too long between words, keeping markup balanced', () => {
      const html = `<p>${'word '.repeat(10)}<a href="https://example.com/long">a link text</a> <em>emphasised words</em> ${'tail '.repeat(50)}</p>`;
      assert.equal(markdown(html, 80), 'word word word word word word word word word word\n\n…');
      assert.equal(markdown(html, 100), 'word word word word word word word word word word [a link text](https://example.com/long)\n\n…');
    });

    it('closes a code fence that it cuts', () => {
      const html = `<pre class="highlight-python">${Array.from({ length: 50 }, (_, i) => `line_${i} = ${i}`).join('\n')}</pre>`;
      assert.equal(markdown(html, 60), '```python\nline_0 = 0\nline_1 = 1\nline_2 = 2\nline_3 = 3\n```\n\n…');
    });

    it('cuts a long list between items, closing a fence inside an item', () => {
      const html = `<ul>${Array.from({ length: 30 }, (_, i) => `<li>item ${i}<pre>code ${i}\nmore</pre></li>`).join('')}</ul>`;
      const result = markdown(html, 300);
      assert.ok(result.length <= 300);
      assert.match(result, /^- item 0\n\n {2}```\n {2}code 0\n {2}more\n {2}```\n- item 1/);
    });

    it('stops at the previous block when only a stub of the next would fit', () => {
      const long = `<p>${'x '.repeat(2000)}</p>`;
      const result = htmlToMarkdown(`<p>Short intro.</p>${long}`, { pageUrl: PAGE_URL, maxChars: 150 });
      assert.equal(result.markdown, 'Short intro.\n\n…');
    });

    it('defaults to about 1500 characters', () => {
      const result = htmlToMarkdown(paragraphs.repeat(10), { pageUrl: PAGE_URL });
      assert.ok(result.markdown.length <= 1500 && result.markdown.length > 1300, String(result.markdown.length));
    });

    it('does not cut what fits', () => {
      const result = htmlToMarkdown('<p>fits</p>', { pageUrl: PAGE_URL, maxChars: 10 });
      assert.deepEqual(result, { title: undefined, markdown: 'fits', truncated: false });
    });
  });
});
