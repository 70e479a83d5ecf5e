import assert from 'node:assert/strict';
import { sanitizeHtml } from '../../../src/core/html';

const PAGE_URL = 'https://example-project.readthedocs.io/en/latest/usage.html';

function sanitize(html: string, maxOutputChars?: number): string {
  return sanitizeHtml(html, { pageUrl: PAGE_URL, maxOutputChars }).html;
}

describe('sanitizeHtml', () => {
  describe('elements', () => {
    it('keeps allowed elements', () => {
      const html = '<h3>H</h3><p>a <em>b</em> <strong>c</strong> <code>d</code> <kbd>e</kbd> x<sub>2</sub></p><hr><blockquote>q</blockquote>';
      assert.equal(sanitize(html), html);
    });

    it('unwraps unknown elements and keeps their content', () => {
      assert.equal(sanitize('<custom-box><p>inside <font color="red">red</font></p></custom-box>'), '<p>inside red</p>');
    });

    it('turns block-like unknown elements into div so words stay apart', () => {
      assert.equal(sanitize('<nav>a</nav><main>b</main><center>c</center>'), '<div>a</div><div>b</div><div>c</div>');
    });

    it('drops active content with everything inside it', () => {
      assert.equal(sanitize('<p>a</p><script>x</script><style>p{}</style><iframe>y</iframe><form><p>z</p></form><p>b</p>'), '<p>a</p><p>b</p>');
    });

    it('drops SVG and MathML entirely, even their HTML-looking children', () => {
      assert.equal(sanitize('<svg><foreignObject><p>x</p></foreignObject></svg><math><mi>y</mi></math><p>ok</p>'), '<p>ok</p>');
    });

    it('removes the Sphinx ¶ permalinks', () => {
      assert.equal(sanitize('<h2>Setup<a class="headerlink" href="#setup" title="Link to this heading">¶</a></h2>'), '<h2>Setup</h2>');
    });

    it('unwraps links whose target is not allowed', () => {
      assert.equal(sanitize('<a href="javascript:alert(1)">click</a> <a name="anchor">anchor</a>'), 'click anchor');
    });

    it('drops comments', () => {
      assert.equal(sanitize('<p>a<!-- secret -->b</p>'), '<p>ab</p>');
    });
  });

  describe('attributes', () => {
    it('keeps only allowed attributes with valid values', () => {
      assert.equal(
        sanitize('<p id="intro" lang="en-GB" title="t" style="color:red" onclick="x()" data-x="1" dir="rtl">p</p>'),
        '<p id="intro" lang="en-GB" title="t">p</p>',
      );
      assert.equal(sanitize('<p id="a b" lang="en&quot;x">p</p>'), '<p>p</p>');
    });

    it('keeps table spans and list starts as numbers only', () => {
      assert.equal(sanitize('<table><tr><td colspan="2" rowspan="x">c</td></tr></table>'), '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table>');
      assert.equal(sanitize('<ol start="3"><li>c</li></ol><ol start="-1"><li>d</li></ol>'), '<ol start="3"><li>c</li></ol><ol><li>d</li></ol>');
    });

    it('keeps the classes the preview styles and drops the rest', () => {
      assert.equal(
        sanitize('<div class="admonition warning custom-theme-box md-typeset">w</div><div class="highlight-c++ notranslate">c</div>'),
        '<div class="admonition warning">w</div><div class="highlight-c++ notranslate">c</div>',
      );
      assert.equal(sanitize('<span class="x-y-z">s</span>'), '<span>s</span>');
    });

    it('keeps https images with numeric sizes and drops others in favour of their alt text', () => {
      assert.equal(
        sanitize('<img src="_images/a.png" alt="A" width="10" height="10px" srcset="b.png 2x">'),
        '<img src="https://example-project.readthedocs.io/en/latest/_images/a.png" alt="A" width="10">',
      );
      assert.equal(sanitize('<p><img src="http://example.com/b.png" alt="B"> <img src="data:image/png;base64,AA"></p>'), '<p>B </p>');
    });

    it('escapes attribute values', () => {
      assert.equal(sanitize('<p title="&quot;&gt;&lt;script&gt;&amp;">p</p>'), '<p title="&quot;&gt;&lt;script&gt;&amp;">p</p>');
    });
  });

  describe('text', () => {
    it('decodes entities once and escapes them again on output', () => {
      assert.equal(sanitize('<p>&amp;lt;script&amp;gt; &lt;b&gt; &copy; &#x41;</p>'), '<p>&amp;lt;script&amp;gt; &lt;b&gt; © A</p>');
    });

    it('keeps a leading blank line of <pre>, which the parser would otherwise swallow', () => {
      const once = sanitize('<pre>\n\nindented</pre>');
      assert.equal(once, '<pre>\n\nindented</pre>');
      assert.equal(sanitize(once), once);
    });
  });

  describe('output budget', () => {
    it('cuts text between words, adds …, and closes every open element', () => {
      const html = '<section><ul><li><p>one two three four five six seven eight</p></li><li>later</li></ul></section>';
      const safe = sanitizeHtml(html, { pageUrl: PAGE_URL, maxOutputChars: 60 });
      assert.equal(safe.html, '<section><ul><li><p>one two three…</p></li></ul></section>');
      assert.equal(safe.truncated, true);
    });

    it('never exceeds the budget, whatever it is', () => {
      const html = '<div><p>alpha &amp; beta <em>gamma</em></p><p>delta</p></div>';
      for (let maxOutputChars = 0; maxOutputChars < 70; maxOutputChars += 1) {
        assert.ok(sanitize(html, maxOutputChars).length <= maxOutputChars, String(maxOutputChars));
      }
    });

    it('reports when nothing was cut', () => {
      assert.equal(sanitizeHtml('<p>short</p>', { pageUrl: PAGE_URL }).truncated, false);
    });
  });

  describe('title', () => {
    it('is the text of the first heading without the permalink', () => {
      const safe = sanitizeHtml('<section><p>intro</p><h2>First <code>code</code><a class="headerlink" href="#x">¶</a></h2><h1>Second</h1></section>', { pageUrl: PAGE_URL });
      assert.equal(safe.title, 'First code');
    });

    it('falls back to the first term, and is absent when there is neither', () => {
      assert.equal(sanitizeHtml('<dl><dt>term</dt><dd>def</dd></dl>', { pageUrl: PAGE_URL }).title, 'term');
      assert.equal(sanitizeHtml('<p>no heading</p>', { pageUrl: PAGE_URL }).title, undefined);
    });
  });
});
