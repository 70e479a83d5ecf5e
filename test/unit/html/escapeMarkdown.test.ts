import assert from 'node:assert/strict';
import { Marked } from 'marked';
import { htmlToMarkdown } from '../../../src/core/html';
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

// GFM's extended autolinks (www., http(s)://, ftp://, bare emails, mailto: and xmpp:) as the
// spec describes them and as marked (VS Code's renderer of MarkdownString) finds them: marked
// starts a `www.` link after any character (`xwww.evil.example`), and a link runs on over a
// backslash, which then no longer escapes the `<` after it.
const AUTOLINK_PAYLOADS = [
  'www.evil.example', 'xwww.evil.example', 'v1.www.evil.example', '-www.evil.example', '_www.evil.example', 'WWW.evil.example',
  'Www.Evil.Example', '(www.evil.example)', '*www.evil.example*', '~www.evil.example~', '1www.evil.example', '.www.evil.example',
  'a_www.evil.example', 'www.\u00e9vil.example', 'www.evil.example\\', 'x.www.evil.example/path?q=1',
  'https://evil.example', 'http://evil.example', 'ftp://evil.example', 'HTTPS://evil.example', 'xhttps://evil.example', '1http://evil.example',
  'git+https://evil.example', 'https:/\\/evil.example', 'hTtP://evil.example', 'sftp://evil.example', 'ws://evil.example', 'https://evil.example\\',
  'a@evil.example', 'a.b+c@evil.example', 'a-b_c@evil.example', 'x.y@evil.example.', '@evil.example', 'a@b@evil.example', 'a\\@evil.example',
  'mailto:a@evil.example', 'MAILTO:a@evil.example', 'xmailto:a@evil.example', 'xmpp:a@evil.example', 'xmpp:a@evil.example/res', 'xmpp:a@evil.example/res/more',
  '<a@evil.example>', '<https://evil.example>', 'see:www.evil.example', 'http:www.evil.example', 'www.evil.example:8080/x',
];

describe('escapeMarkdown: no GFM extended autolink, whatever comes before or after', () => {
  for (const payload of AUTOLINK_PAYLOADS) {
    for (const text of [payload, `${payload}<img src=x onerror=alert(1)>`, `before ${payload} after`, `${payload}\\<b>x</b>`]) {
      it(`stays text: ${JSON.stringify(text)}`, () => {
        const html = rendered(text);
        assert.doesNotMatch(html, /<(a|img|b)\b/, html);
        assert.equal(textOf(html), text);
      });
    }
  }
});

describe('htmlToMarkdown: text pieces glued across inline elements form no autolink', () => {
  for (const html of [
    '<p>ww<span>w.evil.example</span>&lt;img src=x onerror=alert(1)&gt;</p>',
    '<p>w<span>ww.evil.example</span>&lt;img src=x&gt;</p>',
    '<p>www<span>.evil.example</span>&lt;img src=x&gt;</p>',
    '<p>http<span>s://evil.example</span>&lt;img src=x&gt;</p>',
    '<p>https:<span>//evil.example</span>&lt;img src=x&gt;</p>',
    '<p>a<span>@evil.example</span>&lt;img src=x&gt;</p>',
    '<p>xmpp:a<abbr>@evil.example/r</abbr>&lt;img src=x&gt;</p>',
  ]) {
    it(`stays text: ${html}`, () => {
      const output = renderer.parse(htmlToMarkdown(html, { pageUrl: 'https://docs.example/a.html' }).markdown, { async: false });
      assert.doesNotMatch(output, /<(a|img)\b/, output);
    });
  }
});
