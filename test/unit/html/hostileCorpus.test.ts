import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlToMarkdown, sanitizeHtml } from '../../../src/core/html';
import { assertSafeHtml, assertSafeMarkdown } from './safetyChecks';

const CORPUS = join(__dirname, '../../fixtures/html/hostile');
const PAGE_URL = 'https://example-project.readthedocs.io/en/latest/usage.html';

describe('hostile HTML corpus', () => {
  const files = readdirSync(CORPUS).filter((name) => name.endsWith('.html')).sort();

  it('has samples to check', () => {
    assert.ok(files.length >= 15);
  });

  for (const file of files) {
    describe(file, () => {
      const html = readFileSync(join(CORPUS, file), 'utf8');

      it('sanitises to allow-listed HTML with only http(s) links and https images', () => {
        assertSafeHtml(sanitizeHtml(html, { pageUrl: PAGE_URL }).html);
      });

      it('sanitises to HTML that sanitising again leaves unchanged', () => {
        const once = sanitizeHtml(html, { pageUrl: PAGE_URL }).html;
        assert.equal(sanitizeHtml(once, { pageUrl: PAGE_URL }).html, once);
      });

      it('converts to Markdown without raw HTML or dangerous links', () => {
        assertSafeMarkdown(htmlToMarkdown(html, { pageUrl: PAGE_URL, maxChars: 100_000 }).markdown);
      });

      it('stays safe when the Markdown is cut short', () => {
        for (const maxChars of [40, 120, 400]) assertSafeMarkdown(htmlToMarkdown(html, { pageUrl: PAGE_URL, maxChars }).markdown);
      });

      it('stays safe when the HTML is cut short', () => {
        for (const maxOutputChars of [20, 100, 500]) {
          const { html: cut } = sanitizeHtml(html, { pageUrl: PAGE_URL, maxOutputChars });
          assert.ok(cut.length <= maxOutputChars, `${cut.length} <= ${maxOutputChars}`);
          assertSafeHtml(cut);
        }
      });
    });
  }
});
