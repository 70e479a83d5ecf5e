import assert from 'node:assert/strict';
import { htmlToMarkdown, MAX_INPUT_CHARS, sanitizeHtml } from '../../../src/core/html';
import { parseFragment } from 'parse5';
import { assertSafeHtml, assertSafeMarkdown } from './safetyChecks';

const PAGE_URL = 'https://example-project.readthedocs.io/en/latest/usage.html';
function depthOf(html: string): number {
  let deepest = 0;
  const stack: { node: { childNodes?: unknown[] }; depth: number }[] = [{ node: parseFragment(html), depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of (node.childNodes ?? []) as { childNodes?: unknown[] }[]) stack.push({ node: child, depth: depth + 1 });
  }
  return deepest;
}

describe('huge and pathological input', function () {
  // No timed assertions: a super-linear blow-up takes minutes and hits this timeout; speed is measured in bench/.
  this.timeout(60_000);

  it('refuses more than 2 MB of HTML and says so', () => {
    const html = `<p>${'a'.repeat(5 * 1024 * 1024)}</p>`;
    const safe = sanitizeHtml(html, { pageUrl: PAGE_URL });
    assert.equal(safe.rejected, 'tooLarge');
    assert.match(safe.html, /^<p>This section is too large to preview/);
    const markdown = htmlToMarkdown(html, { pageUrl: PAGE_URL });
    assert.equal(markdown.rejected, 'tooLarge');
    assert.match(markdown.markdown, /too large to preview/);
  });

  it('accepts input right at the limit', () => {
    const html = 'a'.repeat(MAX_INPUT_CHARS);
    assert.equal(sanitizeHtml(html, { pageUrl: PAGE_URL }).rejected, undefined);
  });

  it('survives 100,000 nested elements and bounds the depth of the output', () => {
    const html = `${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}`;
    const safe = sanitizeHtml(html, { pageUrl: PAGE_URL });
    assert.match(safe.html, /deep/);
    assert.ok(depthOf(safe.html) <= 65, `depth ${depthOf(safe.html)}`);
    assert.equal(htmlToMarkdown(html, { pageUrl: PAGE_URL }).markdown, 'deep');
  });

  it('survives 20,000 nested unclosed lists, quotes, tables and emphases', () => {
    for (const opening of ['<ul><li>', '<blockquote>', '<table><tr><td>', '<b><i>']) {
      const html = `${opening.repeat(20_000)}deep`;
      assertSafeHtml(sanitizeHtml(html, { pageUrl: PAGE_URL }).html);
      const markdown = htmlToMarkdown(html, { pageUrl: PAGE_URL });
      assert.ok(markdown.markdown.length <= 1500);
      assertSafeMarkdown(markdown.markdown);
    }
  });

  it('stops formatting elements that would be re-opened millions of times', () => {
    const formatting = Array.from({ length: 2000 }, (_, i) => `<b id="b${i}">`).join('');
    const html = `<p>${formatting}</p>${'<p>x</p>'.repeat(2000)}`;
    const safe = sanitizeHtml(html, { pageUrl: PAGE_URL });
    assert.equal(safe.rejected, 'tooComplex');
    assert.match(safe.html, /too complex/);
    assert.equal(htmlToMarkdown(html, { pageUrl: PAGE_URL }).rejected, 'tooComplex');
  });

  it('bounds the output of a long section and closes what it opened', () => {
    const html = `<section><h1>Long</h1>${'<ul><li><p>item <em>text</em> &amp; more</p></li></ul>'.repeat(10_000)}</section>`;
    const safe = sanitizeHtml(html, { pageUrl: PAGE_URL, maxOutputChars: 10_000 });
    assert.ok(safe.truncated);
    assert.ok(safe.html.length <= 10_000);
    assert.ok(safe.html.endsWith('</section>'));
    assertSafeHtml(safe.html);
    const markdown = htmlToMarkdown(html, { pageUrl: PAGE_URL });
    assert.ok(markdown.truncated);
    assert.ok(markdown.markdown.length <= 1500);
    assert.ok(markdown.markdown.endsWith('\n\n…'));
  });

  it('bounds one enormous code block and closes its fence', () => {
    const html = `<pre>${'print("line")\n'.repeat(100_000)}</pre>`;
    const markdown = htmlToMarkdown(html, { pageUrl: PAGE_URL, maxChars: 500 });
    assert.ok(markdown.markdown.length <= 500);
    assert.match(markdown.markdown, /^```\nprint\("line"\)\n[\s\S]*\n```\n\n…$/);
  });

  it('bounds one enormous paragraph and cuts it between words', () => {
    const html = `<p>${'word '.repeat(300_000)}</p>`;
    const markdown = htmlToMarkdown(html, { pageUrl: PAGE_URL, maxChars: 500 });
    assert.ok(markdown.markdown.length <= 500);
    assert.match(markdown.markdown, /^(?:word )*word\n\n…$/);
  });

  it('handles a table with 90,000 rows', () => {
    const html = `<table>${'<tr><td>cell</td></tr>'.repeat(90_000)}</table>`;
    assert.ok(sanitizeHtml(html, { pageUrl: PAGE_URL }).truncated);
    const markdown = htmlToMarkdown(html, { pageUrl: PAGE_URL });
    assert.ok(markdown.truncated && markdown.markdown.length <= 1500);
  });

  it('handles a huge number of attributes and long attribute values', () => {
    const attributes = Array.from({ length: 20_000 }, (_, i) => `data-a${i}="x" onclick${i}="alert(1)"`).join(' ');
    const html = `<p ${attributes} title="${'t'.repeat(100_000)}">text</p><a href="https://ok.example/${'a'.repeat(100_000)}">long link</a>`;
    const safe = sanitizeHtml(html, { pageUrl: PAGE_URL });
    assert.equal(safe.html, '<p>text</p>long link');
  });
});
