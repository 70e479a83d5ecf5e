import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlToMarkdown, sanitizeHtml } from '../../../src/core/html';
import { assertSafeHtml, assertSafeMarkdown } from './safetyChecks';

const FIXTURES = join(__dirname, '../../fixtures/html/sphinx');
const DOCS = 'https://example-project.readthedocs.io/en/latest';

interface Case {
  readonly file: string;
  readonly pageUrl: string;
  readonly title: string;
  readonly markdown: string;
}

const CASES: readonly Case[] = [
  {
    file: 'index-sub-title.html',
    pageUrl: `${DOCS}/index.html#sub-title`,
    title: 'Sub-title',
    markdown: `### Sub-title

This is a reference to [Sub-title](${DOCS}/index.html#sub-title).`,
  },
  {
    file: 'index-title.html',
    pageUrl: `${DOCS}/index.html#title`,
    title: 'Title',
    markdown: `### Title

This is an example page used to test EmbedAPI parsing features.

#### Sub-title

This is a reference to [Sub-title](${DOCS}/index.html#sub-title).

#### Manual Reference Section

This is a reference to a manual reference [Manual Reference Section](${DOCS}/index.html#manual-reference).`,
  },
  {
    file: 'glossary-term.html',
    pageUrl: `${DOCS}/glossary.html#term-RTD`,
    title: 'Read the Docs',
    markdown: `**Read the Docs**

**RTD**

Best company ever.`,
  },
  {
    file: 'confval.html',
    pageUrl: `${DOCS}/configuration.html#confval-config1`,
    title: 'config1',
    markdown: `\`config1\`

Description: This the description for config1

Default: \`'Default value for config'\`

Type: bool`,
  },
  {
    file: 'citation.html',
    pageUrl: `${DOCS}/bibtex-cite.html#id3`,
    title: '',
    markdown: `\\[[Nel87](${DOCS}/bibtex-cite.html#id1)\\] ([1](${DOCS}/bibtex-cite.html#id1),[2](${DOCS}/bibtex-cite.html#id2))

Edward Nelson. *Radically Elementary Probability Theory*. Princeton University Press, 1987.`,
  },
  {
    file: 'code-python.html',
    pageUrl: `${DOCS}/usage.html#usage`,
    title: 'Usage',
    markdown: `### Usage

Serialise an object with [\`json.dumps()\`](https://docs.python.org/3/library/json.html#json.dumps):

\`\`\`python
import json

def dump(data: dict) -> str:
    return json.dumps(data, indent=2)  # \`pretty\` & <short>
\`\`\`

Then run it:

\`\`\`console
$ python dump.py
\`\`\`

> **Note**
>
> Keys are sorted only with \`sort_keys=True\`.`,
  },
  {
    file: 'table.html',
    pageUrl: `${DOCS}/options.html#options`,
    title: 'Options',
    markdown: `### Options

**Build options**

| Option | Default | Meaning |
| --- | --- | --- |
| \`fail_on_warning\` | \`false\` | Turn warnings into *errors*. |
| \`formats\` | \`[]\` | Extra formats: \`pdf\\|epub\`. |`,
  },
  {
    file: 'python-function.html',
    pageUrl: 'https://docs.python.org/3/library/json.html#json.dumps',
    title: 'json.dumps(obj, *, skipkeys=False)',
    markdown: `\`json.dumps(obj, *, skipkeys=False)\`

Serialize *obj* to a JSON formatted [\`str\`](https://docs.python.org/3/library/stdtypes.html#str) using this [conversion table](https://docs.python.org/3/library/json.html#py-to-json-table).

- If *skipkeys* is true, keys that are not basic types are skipped.
- Otherwise a [\`TypeError\`](https://docs.python.org/3/library/exceptions.html#TypeError) is raised:
  1. for \`tuple\` keys,
  2. for \`object\` keys.

Changed in version 3.6: All optional parameters are now keyword-only.`,
  },
  {
    file: 'mkdocs-admonition.html',
    pageUrl: 'https://docs.example-widgets.org/en/latest/install/',
    title: 'Install',
    markdown: `### Install

> **Warning**
>
> Needs Python ≥ 3.9.

\`\`\`bash
pip install example-widgets
\`\`\`

![Screenshot](https://docs.example-widgets.org/en/latest/img/screen.png) Badge`,
  },
];

describe('Sphinx and MkDocs sections', () => {
  for (const { file, pageUrl, title, markdown } of CASES) {
    describe(file, () => {
      const html = readFileSync(join(FIXTURES, file), 'utf8');

      it('converts to the expected Markdown and title', () => {
        const result = htmlToMarkdown(html, { pageUrl, maxChars: 10_000 });
        assert.equal(result.markdown, markdown);
        assert.equal(result.title ?? '', title);
        assert.equal(result.truncated, false);
        assertSafeMarkdown(result.markdown);
      });

      it('sanitises without the ¶ permalinks and with the same title', () => {
        const safe = sanitizeHtml(html, { pageUrl });
        assert.doesNotMatch(safe.html, /¶|headerlink/);
        assert.equal(safe.title ?? '', title);
        assertSafeHtml(safe.html);
      });
    });
  }
});

describe('Sphinx sections, details of the HTML kept', () => {
  it('keeps highlighting classes and drops the others', () => {
    const html = readFileSync(join(FIXTURES, 'code-python.html'), 'utf8');
    const safe = sanitizeHtml(html, { pageUrl: `${DOCS}/usage.html` }).html;
    assert.match(safe, /<div class="highlight-python notranslate"><div class="highlight"><pre><span><\/span><span class="kn">import<\/span>/);
    assert.match(safe, /<div class="admonition note">\n<p class="admonition-title">Note<\/p>/);
    assert.doesNotMatch(safe, /class="xref/);
  });

  it('drops the colgroup, its inline styles and the caption permalink', () => {
    const html = readFileSync(join(FIXTURES, 'table.html'), 'utf8');
    const safe = sanitizeHtml(html, { pageUrl: `${DOCS}/options.html` }).html;
    assert.doesNotMatch(safe, /colgroup|<col|style=/);
    assert.match(safe, /<caption><span>Build options<\/span><\/caption>/);
  });

  it('makes root-relative and relative links absolute against the page', () => {
    const html = '<p><a href="/en/latest/faq.html">FAQ</a> <a href="api.html#Client">Client</a> <a href="#local">here</a></p>';
    assert.equal(
      sanitizeHtml(html, { pageUrl: `${DOCS}/guide/usage.html#configuration` }).html,
      `<p><a href="https://example-project.readthedocs.io/en/latest/faq.html">FAQ</a> <a href="${DOCS}/guide/api.html#Client">Client</a> <a href="${DOCS}/guide/usage.html#local">here</a></p>`,
    );
  });
});
