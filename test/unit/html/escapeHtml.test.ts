import assert from 'node:assert/strict';
import { escapeAttribute, escapeHtml } from '../../../src/core/html/escapeHtml';
import { sanitizeHtml } from '../../../src/core/html/sanitizeHtml';

describe('escapeHtml and escapeAttribute', () => {
  it('content: & < > escaped, quotes left as text', () => {
    assert.equal(escapeHtml(`<a href="x" title='y'>&amp;</a>`), `&lt;a href="x" title='y'&gt;&amp;amp;&lt;/a&gt;`);
    assert.equal(escapeHtml('plain text, é ✓ 😀'), 'plain text, é ✓ 😀');
  });

  it('a quoted attribute value: both quotes escaped too', () => {
    assert.equal(escapeAttribute(`"><script>'&`), '&quot;&gt;&lt;script&gt;&#39;&amp;');
  });

  it('is what the sanitizer writes: text stays text when parsed again', () => {
    const { html } = sanitizeHtml('<p title="&quot;&gt;&lt;b&gt;\'">a &lt;b&gt; &amp; "q" \'s\'</p>', { pageUrl: 'https://x.example/' });
    assert.equal(html, '<p title="&quot;&gt;&lt;b&gt;&#39;">a &lt;b&gt; &amp; "q" \'s\'</p>');
  });
});
