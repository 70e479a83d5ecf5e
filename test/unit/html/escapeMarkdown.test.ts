import assert from 'node:assert/strict';
import { Marked } from 'marked';
import { escapeMarkdown } from '../../../src/core/html/markdown/escape';

// Remote text escaped for a hover, rendered by a CommonMark + GFM renderer as VS Code renders hovers.
const renderer = new Marked({ gfm: true });
const rendered = (text: string): string => renderer.parse(escapeMarkdown(text), { async: false }).trim();
const textOf = (html: string): string => html.replace(/^<p>|<\/p>$/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

describe('escapeMarkdown: remote text renders as exactly that text', () => {
  for (const text of [
    'see https://x.example/a<img src=https://t.example/p.png>',
    'https://x.example/*not emphasis* and _this_',
    'www.evil.example/<b>bold</b> and ftp://files.example/',
    'mail docs@example.com or http://a.example/[link](https://b.example/)',
  ]) {
    it(`no link, image or markup: ${text}`, () => {
      const html = rendered(text);
      assert.doesNotMatch(html, /<(a|img|b|em|strong)\b/, html);
      assert.equal(textOf(html), text);
    });
  }
});
