import assert from 'node:assert/strict';
import { htmlToMarkdown, sanitizeHtml } from '../../../src/core/html';
import { embedSectionOf } from '../../../src/core/html/embedSection';
import { isBareTarget, sectionAround } from '../../../src/core/html/headingSection';
import { SandboxDb } from '../../sandbox/db';
import { absolutizeLinks } from '../../sandbox/embed/links';
import { selectSection } from '../../sandbox/embed/section';
import { applySeed } from '../../sandbox/seed/index';

/** The seeded pages of the demo: the same HTML the sandbox's docs hosts serve and its embed endpoint reads. */
const db = new SandboxDb('community');
applySeed(db, {});

/** What the sandbox's embed endpoint answers for `page#fragment` (its handler: `selectSection`, then `absolutizeLinks`), widened as EmbedService widens a bare heading. */
function endpointAnswer(project: string, file: string, pageUrl: string, fragment: string | undefined): string | undefined {
  const page = db.page(project, file);
  assert.ok(page, `${project}/${file}`);
  const answer = selectSection(page, { fragment: fragment ?? null, maincontent: null, sphinx: fragment !== undefined });
  if (answer === undefined) return undefined;
  const content = absolutizeLinks(answer, pageUrl);
  if (fragment === undefined || !isBareTarget(content, fragment)) return content;
  const main = selectSection(page, { fragment: null, maincontent: null, sphinx: false });
  return (main && sectionAround(absolutizeLinks(main, pageUrl), fragment)) ?? content;
}

function shown(html: string, pageUrl: string): { markdown: string; html: string } {
  return { markdown: htmlToMarkdown(html, { pageUrl }).markdown, html: sanitizeHtml(html, { pageUrl }).html };
}

describe('html/embedSection: the section cut from a whole page is what the embed endpoint returns for it', () => {
  const cases: readonly [string, string, string, string | undefined][] = [
    ['widgets', 'usage.html', 'https://widgets.readthedocs.io/en/latest/usage.html', undefined],
    ['widgets', 'usage.html', 'https://widgets.readthedocs.io/en/latest/usage.html', 'configuration-label'],
    ['widgets', 'configuration.html', 'https://widgets.readthedocs.io/en/latest/configuration.html', 'confval-theme'],
    ['widgets', 'api.html', 'https://widgets.readthedocs.io/en/latest/api.html', 'widgets.Widget'],
    ['widgets', 'api.html', 'https://widgets.readthedocs.io/en/latest/api.html', 'widgets.Widget.render'],
    ['widgets', 'glossary.html', 'https://widgets.readthedocs.io/en/latest/glossary.html', 'term-Theme'],
    ['widgets', 'installation.html', 'https://widgets.readthedocs.io/en/latest/installation.html', 'installation'],
  ];
  for (const [project, file, pageUrl, fragment] of cases) {
    it(`${file}${fragment ? `#${fragment}` : ' (main content)'}: the same Markdown in a hover and the same safe HTML in the preview`, () => {
      const url = fragment ? `${pageUrl}#${fragment}` : pageUrl;
      const expected = endpointAnswer(project, file, pageUrl, fragment);
      assert.ok(expected, 'the endpoint has an answer');
      const local = embedSectionOf(db.page(project, file)!, url, { fragment, sphinx: fragment !== undefined });
      assert.ok(local, 'the local cut has one');
      assert.deepEqual(shown(local, url), shown(expected, url));
    });
  }

  it('a glossary term keeps only its term and definition, like the endpoint', () => {
    const url = 'https://widgets.readthedocs.io/en/latest/glossary.html#term-Theme';
    const local = embedSectionOf(db.page('widgets', 'glossary.html')!, url, { fragment: 'term-Theme', sphinx: true })!;
    assert.match(local, /^<dl class="[^"]*glossary/);
    assert.match(local, /Theme/);
    assert.doesNotMatch(local, /term-RTD/);
  });

  it('makes fragment-only and relative links absolute, keeps root-relative and absolute ones (clean_references)', () => {
    const page = '<div role="main"><h1 id="t">T</h1><a href="#x">a</a><a href="other.html">b</a><a href="/root.html">c</a><a href="https://elsewhere.example/">d</a><img src="img/p.png"></div>';
    const local = embedSectionOf(page, 'https://p.readthedocs-hosted.com/en/latest/dir/page.html', { fragment: undefined, sphinx: false })!;
    assert.match(local, /href="https:\/\/p\.readthedocs-hosted\.com\/en\/latest\/dir\/page\.html#x"/);
    assert.match(local, /href="https:\/\/p\.readthedocs-hosted\.com\/en\/latest\/dir\/other\.html"/);
    assert.match(local, /href="\/root\.html"/);
    assert.match(local, /href="https:\/\/elsewhere\.example\/"/);
    assert.match(local, /src="https:\/\/p\.readthedocs-hosted\.com\/en\/latest\/dir\/img\/p\.png"/);
  });

  it('answers nothing for a missing id, and for a page without main content', () => {
    assert.equal(embedSectionOf('<main><h1 id="a">A</h1></main>', 'https://x.example/p.html#b', { fragment: 'b', sphinx: true }), undefined);
    assert.equal(embedSectionOf('<p>no heading</p>', 'https://x.example/p.html', { fragment: undefined, sphinx: false }), undefined);
  });

  it('widens a bare MkDocs heading to its section from the same page (no second request)', () => {
    const page = '<div role="main"><h2 id="a">A</h2><p>one</p><h3 id="a1">A1</h3><p>two</p><h2 id="b">B</h2><p>three</p></div>';
    const local = embedSectionOf(page, 'https://x.example/p.html#a', { fragment: 'a', sphinx: true })!;
    assert.match(local, /one/);
    assert.match(local, /two/);
    assert.doesNotMatch(local, /three/);
  });
});
