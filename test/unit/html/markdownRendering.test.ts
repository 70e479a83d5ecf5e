import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marked } from 'marked';
import { htmlToMarkdown } from '../../../src/core/html';
import { failureHoverMarkdown } from '../../../src/core/embed/hoverContent';
import { loadParse5 } from '../../../src/core/html/parse5';

/*
 * What a person would see: the hover Markdown rendered by a real CommonMark + GFM renderer (marked,
 * which VS Code uses for hovers). Only http(s) links may come out, and only the images the page had.
 */

const CORPUS = join(__dirname, '../../fixtures/html/hostile');
const PAGE_URL = 'https://example-project.readthedocs.io/en/latest/usage.html';
const renderer = new Marked({ gfm: true });

interface Rendered { links: string[]; images: string[] }

function render(markdown: string): Rendered {
  const html = renderer.parse(markdown, { async: false });
  const found: Rendered = { links: [], images: [] };
  const stack = [loadParse5().parseFragment(html) as unknown as Node];
  while (stack.length) {
    const node = stack.pop()!;
    const attr = (name: string) => node.attrs?.find((a) => a.name === name)?.value ?? '';
    if (node.tagName === 'a') found.links.push(attr('href'));
    if (node.tagName === 'img') found.images.push(attr('src'));
    stack.push(...(node.childNodes ?? []));
  }
  return found;
}

interface Node { tagName?: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] }

function imagesIn(html: string): number {
  return (html.match(/<img\b/gi) ?? []).length;
}

describe('hover Markdown as a renderer shows it (marked, GFM)', () => {
  for (const file of readdirSync(CORPUS).filter((name) => name.endsWith('.html')).sort()) {
    it(`${file}: only http(s) links, no image the page did not have`, () => {
      const html = readFileSync(join(CORPUS, file), 'utf8');
      const { links, images } = render(htmlToMarkdown(html, { pageUrl: PAGE_URL, maxChars: 100_000 }).markdown);
      for (const href of links) assert.match(href, /^https?:\/\//, `link ${href}`);
      for (const src of images) assert.match(src, /^https:\/\//, `image ${src}`);
      assert.ok(images.length <= imagesIn(html), `${images.length} images rendered from ${imagesIn(html)} in the page`);
    });
  }

  it('"!" before a link is text, never an image (a tracking pixel)', () => {
    const html = readFileSync(join(CORPUS, 'markdown-tricks.html'), 'utf8');
    const markdown = htmlToMarkdown(html, { pageUrl: PAGE_URL, maxChars: 100_000 }).markdown;
    const { links, images } = render(markdown);
    assert.deepEqual(images, []);
    assert.ok(links.includes('http://tracker.example/pixel.gif'), 'the link stays a link');
    assert.match(renderer.parse(markdown, { async: false }) as string, /!<a href="http:\/\/tracker\.example\/pixel\.gif">pixel<\/a>/);
  });

  it('bare emails and ftp://, irc:// URLs in text stay text', () => {
    const html = readFileSync(join(CORPUS, 'markdown-tricks.html'), 'utf8');
    const rendered = renderer.parse(htmlToMarkdown(html, { pageUrl: PAGE_URL, maxChars: 100_000 }).markdown, { async: false }) as string;
    for (const text of ['admin@example.com', 'mailto:root@example.com', 'xmpp:chat@example.com', 'ftp://files.example/secret.tgz', 'irc://chat.example/room', 'ops@example.com']) {
      assert.ok(rendered.includes(text), `${text} is shown as written`);
    }
    assert.doesNotMatch(rendered, /href="(?!https?:)/);
  });

  it('server text in the failure hover cannot form an image or a mail link', () => {
    const reason = 'Failed! ![x](http://tracker.example/p.gif) !<http://tracker.example/q.gif> write to admin@example.com or ftp://evil.example/';
    const { links, images } = render(failureHoverMarkdown('https://widgets.readthedocs.io/en/latest/', reason));
    assert.deepEqual(images, []);
    for (const href of links) assert.match(href, /^https?:\/\//, `link ${href}`);
  });
});
