import assert from 'node:assert/strict';
import { SectionHoverCache, sectionHoverMarkdown } from '../../../src/core/embed/hoverContent';
import { htmlToMarkdown } from '../../../src/core/html';
import { type EmbedSection } from '../../../src/core/models/embed';

const PAGE = 'https://widgets.readthedocs.io/en/latest/usage.html#usage';

function section(html: string): EmbedSection {
  return { url: PAGE, fragment: 'usage', contentHtml: html, external: false };
}

describe('SectionHoverCache', () => {
  it('converts a section once and gives the same hover text while the section is the same object', () => {
    let conversions = 0;
    const cache = new SectionHoverCache((html, pageUrl) => {
      conversions++;
      return htmlToMarkdown(html, { pageUrl });
    });
    const cached = section('<h2>Usage</h2><p>Run <code>widgets</code>, see <a href="api.html">the API</a>.</p>');
    const first = cache.textOf(PAGE, cached);
    assert.equal(first, sectionHoverMarkdown(PAGE, htmlToMarkdown(cached.contentHtml, { pageUrl: PAGE })));
    assert.match(first, /\(https:\/\/widgets\.readthedocs\.io\/en\/latest\/api\.html\)/);
    assert.equal(cache.textOf(PAGE, cached), first);
    assert.equal(conversions, 1, 'a warm hover converts nothing');
  });

  it('converts again for a fresh section (the fetch cache expired) or another page URL', () => {
    let conversions = 0;
    const cache = new SectionHoverCache((html, pageUrl) => {
      conversions++;
      return htmlToMarkdown(html, { pageUrl });
    });
    const html = '<p>Same text</p>';
    cache.textOf(PAGE, section(html));
    cache.textOf(PAGE, section(html));
    const shared = section(html);
    cache.textOf(PAGE, shared);
    cache.textOf('https://widgets.readthedocs.io/en/stable/usage.html', shared);
    assert.equal(conversions, 4);
  });
});
