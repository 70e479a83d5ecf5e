import assert from 'node:assert/strict';
import { escapeHtml } from '../../../src/core/html/escapeHtml';
import { sanitizeHtml } from '../../../src/core/html/sanitizeHtml';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes, and nothing else', () => {
    assert.equal(escapeHtml(`<a href="x" title='y'>&amp;</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
    assert.equal(escapeHtml('plain text, é ✓ 😀'), 'plain text, é ✓ 😀');
  });

  it('is what the sanitizer writes: text stays text when parsed again', () => {
    const { html } = sanitizeHtml('<p title="&quot;&gt;&lt;b&gt;">a &lt;b&gt; &amp; "q" \'s\'</p>', { pageUrl: 'https://x.example/' });
    assert.equal(html, '<p title="&quot;&gt;&lt;b&gt;">a &lt;b&gt; &amp; &quot;q&quot; &#39;s&#39;</p>');
  });
});
