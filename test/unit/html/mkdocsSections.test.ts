import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlToMarkdown } from '../../../src/core/html';
import { isBareTarget, sectionAround } from '../../../src/core/html/headingSection';
import { selectSection } from '../../sandbox/embed/section';

const FIXTURES = join(__dirname, '../../fixtures/html/mkdocs');
const DOCS = 'https://mk-demo.readthedocs.io/en/latest/';

/** What the embed endpoint answers for the page (the sandbox copies its selection rules), with and without a fragment. */
function embedAnswer(file: string, fragment: string | null): string {
  const answer = selectSection(readFileSync(join(FIXTURES, file), 'utf8'), { fragment, maincontent: null, sphinx: fragment !== null });
  assert.ok(answer !== undefined, `${file}#${fragment ?? ''}`);
  return answer;
}

function sectionMarkdown(file: string, fragment: string, pageUrl: string): string {
  const bare = embedAnswer(file, fragment);
  assert.ok(isBareTarget(bare, fragment), `the endpoint's answer for #${fragment} is only the heading: ${bare}`);
  const whole = sectionAround(embedAnswer(file, null), fragment);
  assert.ok(whole !== undefined);
  return htmlToMarkdown(whole, { pageUrl: `${pageUrl}#${fragment}` }).markdown;
}

describe('html/headingSection: an MkDocs section is its heading and what follows, up to the next heading of its level', () => {
  for (const theme of ['', 'material-']) {
    describe(theme ? 'Material theme' : 'mkdocs theme', () => {
      it('a Markdown heading: its paragraphs, code and sub-headings, not the next h2', () => {
        const markdown = sectionMarkdown(`${theme}index.html`, 'installing', DOCS);
        assert.match(markdown, /Installing/);
        assert.match(markdown, /Install it with pip/);
        assert.match(markdown, /pip install mk-demo/);
        assert.match(markdown, /From source/);
        assert.match(markdown, /Clone the repository/);
        assert.doesNotMatch(markdown, /Using|Read the/);
        assert.doesNotMatch(markdown, /Welcome/);
      });

      it('the last heading of a page runs to the end of the content', () => {
        const markdown = sectionMarkdown(`${theme}index.html`, 'using', DOCS);
        assert.match(markdown, /Read the \[guide\]/);
        assert.doesNotMatch(markdown, /Installing/);
      });

      it('a mkdocstrings object: its signature and docstring, not the next object of its level', () => {
        const markdown = sectionMarkdown(`${theme}api.html`, 'mk_demo.core.Greeter', `${DOCS}api/`);
        assert.match(markdown, /Greeter/);
        assert.match(markdown, /Greets people, again and again/);
        // Its method is a lower heading inside it; the module's function `greet` is the next h2.
        assert.match(markdown, /Greet `?name`? with this greeter/);
        assert.doesNotMatch(markdown, /Say hello/);
      });
    });
  }

  it('a module shown without its heading (an empty anchor): the object that holds it', () => {
    const bare = embedAnswer('api.html', 'mk_demo.core');
    assert.ok(isBareTarget(bare, 'mk_demo.core'));
    const markdown = htmlToMarkdown(sectionAround(embedAnswer('api.html', null), 'mk_demo.core') ?? '', { pageUrl: `${DOCS}api/#mk_demo.core` }).markdown;
    assert.match(markdown, /Core helpers of mk\\?_demo/);
  });

  it('a Sphinx section or a term with its text is no bare target; nor is a page without the id', () => {
    assert.equal(isBareTarget('<section id="x"><h2>X</h2><p>text</p></section>', 'x'), false);
    assert.equal(isBareTarget('<dl><dt id="x">x</dt><dd>text</dd></dl>', 'x'), false);
    assert.equal(isBareTarget('<h2 id="y">Y</h2>', 'x'), false);
    assert.equal(isBareTarget('<h2 id="x">X</h2><p>more</p>', 'x'), false);
    assert.equal(sectionAround('<div><h2 id="a">A</h2></div>', 'x'), undefined);
  });

  it('a heading nested fifty thousand levels deep is found without exhausting the stack', () => {
    const deep = `${'<div>'.repeat(50_000)}<h2 id="x">X</h2><p>after</p>${'</div>'.repeat(50_000)}`;
    assert.doesNotThrow(() => sectionAround(deep, 'x'));
  });
});
