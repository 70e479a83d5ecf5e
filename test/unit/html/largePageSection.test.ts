import assert from 'node:assert/strict';
import { BODY_LIMITS } from '../../../src/core/api/bodyLimits';
import { FIRST_HOVER_SECTION_HTML_CHARS, MAX_HOVER_SECTION_HTML_CHARS, SectionHoverCache, sectionHoverMarkdown } from '../../../src/core/embed/hoverContent';
import { LONG_PAGE_PART_CHARS, MAX_PARSED_PAGE_CHARS, cutSection } from '../../../src/core/html/embedSection';
import { htmlToMarkdown } from '../../../src/core/html';
import { describeError } from '../../../src/core/api/describeError';
import { EmbedError } from '../../../src/core/api/errors';
import { type Transport } from '../../../src/core/api/transport';
import { type DocsGrant } from '../../../src/core/sharing/privateDocs';
import { privateAwareSections } from '../../../src/core/sharing/privateSections';

const URL_OF = (fragment?: string) => `https://handbook.readthedocs-hosted.com/en/latest/big.html${fragment ? `#${fragment}` : ''}`;
const filler = (bytes: number) => '<section id="s"><h2>Heading</h2><p>Words and more words <a href="other.html">link</a></p></section>'.repeat(Math.ceil(bytes / 100));
const page = (before: string, target: string, after = '') => `<html><body><div class="nav">menu</div><div role="main">${before}${target}${after}</div></body></html>`;
const THREE_MB = 3 * 1024 * 1024;

describe('html/embedSection: a private page over the parse cap (up to the 4 MB docsPage cap) is cut around its section, parsed once', () => {
  it('a 3 MB page: the label\'s section at its end, not "Section not found"', () => {
    const html = page(filler(THREE_MB), '<section id="deploy"><span id="target"></span><h2>Deploying</h2><p>Run the deploy script.</p></section>');
    assert.ok(html.length > MAX_PARSED_PAGE_CHARS && Buffer.byteLength(html) < BODY_LIMITS.docsPage);
    const cut = cutSection(html, URL_OF('target'), { fragment: 'target', sphinx: true });
    assert.ok(cut.ok);
    assert.match(cut.html, /^<section id="deploy">/);
    assert.match(htmlToMarkdown(cut.html, { pageUrl: URL_OF() }).markdown, /Run the deploy script/);
  });

  it('a term of a glossary, an object\'s <dt>, and a section by its own id, deep in a 3 MB page', () => {
    const glossary = '<dl class="glossary"><dt id="term-a">A</dt><dd><p>First.</p></dd><dt id="term-b">B</dt><dd><p>Second.</p></dd></dl>';
    const object = '<dl class="py function"><dt class="sig sig-object py" id="pkg.run">run()</dt><dd><p>Runs it.</p></dd></dl>';
    const html = page(filler(THREE_MB / 2), `${glossary}${filler(THREE_MB / 2)}${object}<section id="end"><h2>End</h2><p>The end.</p></section>`);
    const term = cutSection(html, URL_OF('term-b'), { fragment: 'term-b', sphinx: true });
    assert.ok(term.ok);
    assert.match(term.html, /Second/);
    assert.doesNotMatch(term.html, /First/);
    const run = cutSection(html, URL_OF('pkg.run'), { fragment: 'pkg.run', sphinx: true });
    assert.ok(run.ok);
    assert.match(run.html, /^<dl class="py function">.*Runs it/s);
    const end = cutSection(html, URL_OF('end'), { fragment: 'end', sphinx: true });
    assert.ok(end.ok);
    assert.equal(end.html, '<section id="end"><h2>End</h2><p>The end.</p></section>');
  });

  it('a bare MkDocs heading in a 3 MB page: its section up to the next heading of its level', () => {
    const html = page(filler(THREE_MB), '<h2 id="target">Target</h2><p>one</p><h3 id="sub">Sub</h3><p>two</p>', '<h2 id="next">Next</h2><p>three</p>');
    const cut = cutSection(html, URL_OF('target'), { fragment: 'target', sphinx: false });
    assert.ok(cut.ok);
    assert.match(cut.html, /one.*two/s);
    assert.doesNotMatch(cut.html, /three/);
  });

  it('the main content of a 3 MB page: its start, at most the parse cap of it; an id the page lacks is "missing" without parsing', () => {
    const html = page(filler(THREE_MB), '<p>the end</p>');
    const main = cutSection(html, URL_OF(), { fragment: undefined, sphinx: true });
    assert.ok(main.ok);
    assert.match(main.html, /^<div role="main">/);
    const sections = main.html.split('<section id="s">').length - 1;
    assert.ok(sections > 0 && sections <= LONG_PAGE_PART_CHARS / 90, `only the part parsed (its links made absolute): ${sections} sections`);
    assert.doesNotMatch(main.html, /menu/);
    assert.deepEqual(cutSection(html, URL_OF('nowhere'), { fragment: 'nowhere', sphinx: true }), { ok: false, reason: 'missing' });
  });

  it('an id written with character references in the page is found', () => {
    const html = page(filler(THREE_MB), '<section id="a&amp;b"><h2>A and B</h2><p>both</p></section>');
    const cut = cutSection(html, URL_OF('a&b'), { fragment: 'a&b', sphinx: true });
    assert.ok(cut.ok);
    assert.match(cut.html, /both/);
  });

  it('says why when what was cut is too complex to parse (not "Section not found")', () => {
    const html = page(filler(THREE_MB), `<section id="t"><h2>T</h2><p>${Array.from({ length: 2000 }, (_, i) => `<b id="b${i}">`).join('')}</p>${'<p>x</p>'.repeat(2000)}</section>`);
    const cut = cutSection(html, URL_OF('t'), { fragment: 't', sphinx: true });
    assert.deepEqual(cut, { ok: false, reason: 'tooComplex' });
  });

  it('a hover converts at most MAX_HOVER_SECTION_HTML_CHARS of a long section and marks the cut', () => {
    const long = `<div>${'<p>Words of a long section.</p>'.repeat(MAX_HOVER_SECTION_HTML_CHARS / 10)}</div>`;
    const text = new SectionHoverCache().textOf(URL_OF(), { url: URL_OF(), fragment: undefined, contentHtml: long, external: false });
    assert.match(text, /Words of a long section/);
    assert.match(text, /…/);
  });

  it('a hover converts a long section from its start: the same text as the whole gives, and further when its start is only markup', () => {
    const hover = (contentHtml: string) => new SectionHoverCache().textOf(URL_OF(), { url: URL_OF(), fragment: undefined, contentHtml, external: false });
    const prose = `<div>${'<p>Words of a long section, one paragraph after another.</p>'.repeat(400)}</div>`;
    assert.ok(prose.length > 4 * FIRST_HOVER_SECTION_HTML_CHARS);
    assert.equal(hover(prose), sectionHoverMarkdown(URL_OF(), htmlToMarkdown(prose, { pageUrl: URL_OF() })));
    const markupFirst = `<div>${'<span class="n"></span>'.repeat(FIRST_HOVER_SECTION_HTML_CHARS / 10)}<p>The words come late.</p>${'<p>More.</p>'.repeat(4000)}</div>`;
    assert.match(hover(markupFirst), /The words come late/);
  });

  it('a hover on such a page through the grant: the section, or in words why not (too complex, not "Section not found")', async () => {
    const grant: DocsGrant = { edition: 'business', projectSlug: 'handbook', token: 't', scope: { origin: 'https://handbook.readthedocs-hosted.com', pathPrefix: '/en/' } };
    let served = '';
    const transport = { getFile: async () => ({ status: 200, headers: {}, bytes: Buffer.from(served) }) } as unknown as Transport;
    const sections = privateAwareSections({
      embed: () => Promise.reject(new Error('not the embed endpoint')),
      grants: { ready: async () => undefined, grantFor: () => grant, refused: () => undefined },
      transportOf: () => transport,
    });
    served = page(filler(THREE_MB), '<section id="deploy"><h2>Deploying</h2><p>Run the deploy script.</p></section>');
    const found = await sections('business', URL_OF('deploy'), { doctool: 'sphinx' }, new AbortController().signal);
    assert.match(found.contentHtml, /Run the deploy script/);
    served = page(filler(THREE_MB), `<section id="t"><h2>T</h2><p>${Array.from({ length: 2000 }, (_, i) => `<b id="b${i}">`).join('')}</p>${'<p>x</p>'.repeat(2000)}</section>`);
    const refused = await sections('business', URL_OF('t'), { doctool: 'sphinx' }, new AbortController().signal).catch((error: unknown) => error);
    assert.ok(refused instanceof EmbedError && refused.reason === 'tooComplex');
    assert.match(describeError(refused, { embed: true }), /too complex to show here .*open it in the browser/);
  });
});
