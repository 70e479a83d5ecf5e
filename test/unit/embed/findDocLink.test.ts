import assert from 'node:assert/strict';
import { DocHostMatcher, findDocLink } from '../../../src/core/embed';

const DOCS = 'https://example-project.readthedocs.io/en/latest/usage.html#configuration';

const matcher = new DocHostMatcher();
matcher.setProjectDocs('business', ['https://docs.example-widgets.org/en/latest/']);

/** `line` marks the cursor with `|`; the expectation is the URL found, or undefined. */
function linkAt(line: string): { url: string; range: string } | undefined {
  const cursor = line.indexOf('|');
  const text = line.slice(0, cursor) + line.slice(cursor + 1);
  const link = findDocLink(text, cursor, matcher);
  return link && { url: link.url, range: text.slice(link.start, link.end) };
}

interface Case {
  readonly language: string;
  readonly line: string;
  readonly url: string | undefined;
  readonly range?: string;
}

const CASES: readonly Case[] = [
  { language: 'markdown', line: `See the [configu|ration guide](${DOCS}) first.`, url: DOCS, range: `[configuration guide](${DOCS})` },
  { language: 'markdown', line: `See the [guide](https://example-project.readthedocs.io/en/lat|est/usage.html#configuration).`, url: DOCS, range: `[guide](${DOCS})` },
  { language: 'markdown', line: `[guide](<${DOCS}> "The title"|)`, url: DOCS, range: `[guide](<${DOCS}> "The title")` },
  { language: 'markdown', line: `Autolink <https://example-project.readthedocs.|io/en/latest/> here`, url: 'https://example-project.readthedocs.io/en/latest/', range: '<https://example-project.readthedocs.io/en/latest/>' },
  { language: 'markdown', line: `![badge](https://readthedocs.org/projects/x/badge/?version=lat|est)`, url: undefined },
  { language: 'markdown', line: `[local|](./usage.md) and ${DOCS}`, url: undefined },
  { language: 'markdown', line: `**https://example-project.readthedocs.io/en/|latest/**`, url: 'https://example-project.readthedocs.io/en/latest/', range: 'https://example-project.readthedocs.io/en/latest/' },
  { language: 'restructuredtext', line: `Read \`the gu|ide <${DOCS}>\`_ now.`, url: DOCS, range: `\`the guide <${DOCS}>\`_` },
  { language: 'restructuredtext', line: `Read \`anonymous <${DOCS}>\`_|_ now.`, url: DOCS, range: `\`anonymous <${DOCS}>\`__` },
  { language: 'restructuredtext', line: `.. _config: https://example-project.readthedocs.io/en/latest/usage.html#conf|iguration`, url: DOCS },
  { language: 'python', line: `# See https://example-project.readthedocs.io/en/latest/usage|.html#configuration.`, url: DOCS, range: DOCS },
  { language: 'python', line: `DOCS_URL = "https://docs.python.org/3/library/json.html#json.du|mps"  # noqa`, url: 'https://docs.python.org/3/library/json.html#json.dumps' },
  { language: 'python', line: `help_url = 'https://docs.example-widgets.org/en/latest/api/|'`, url: 'https://docs.example-widgets.org/en/latest/api/' },
  { language: 'python', line: `    """Docs: https://numpy.org/doc/stable/reference/|index.html"""`, url: 'https://numpy.org/doc/stable/reference/index.html' },
  { language: 'javascript', line: `const docs = 'https://example-project.readthedocs.io/|en/latest/';`, url: 'https://example-project.readthedocs.io/en/latest/' },
  { language: 'javascript', line: `fetch(\`https://example-project.readthedocs.io/en/latest/${'${page}'}|\`);`, url: 'https://example-project.readthedocs.io/en/latest/$%7Bpage%7D' },
  { language: 'typescript', line: `// @see https://acme.readthedocs-hosted.com/en/latest/api.html#cl|ient)`, url: 'https://acme.readthedocs-hosted.com/en/latest/api.html#client' },
  { language: 'typescript', line: `import x from "https://example-project.readthedocs.io/x.js|";`, url: 'https://example-project.readthedocs.io/x.js' },
  { language: 'yaml', line: `documentation: https://example-project.readthedocs.io/en/stable/|  # the docs`, url: 'https://example-project.readthedocs.io/en/stable/' },
  { language: 'yaml', line: `  url: "https://docs.scipy.org/doc/scipy/reference/|"`, url: 'https://docs.scipy.org/doc/scipy/reference/' },
  { language: 'toml', line: `Documentation = "https://example-project.readthedocs.io|"`, url: 'https://example-project.readthedocs.io/' },
  { language: 'plaintext', line: `(see https://example-project.readthedocs.io/en/latest/a_(b)|), then`, url: 'https://example-project.readthedocs.io/en/latest/a_(b)' },
  { language: 'plaintext', line: `(see https://example-project.readthedocs.io/en/latest/|)`, url: 'https://example-project.readthedocs.io/en/latest/' },
  { language: 'plaintext', line: `Links: https://example-project.readthedocs.io/a, https://example-project.readthedocs.io/|b; done`, url: 'https://example-project.readthedocs.io/b' },
  { language: 'plaintext', line: `"https://example-project.readthedocs.io/en/latest/?q=1&x=[2]|"`, url: 'https://example-project.readthedocs.io/en/latest/?q=1&x=[2]' },
  { language: 'plaintext', line: `not a docs link: https://github.com/readthedocs/|readthedocs.org`, url: undefined },
  { language: 'plaintext', line: `look-alike https://readthedocs.io.evil.example/|x`, url: undefined },
  { language: 'plaintext', line: `look-alike https://evilreadthedocs.io/|x`, url: undefined },
  { language: 'plaintext', line: `userinfo https://example-project.readthedocs.io@evil.example/|x`, url: undefined },
  { language: 'plaintext', line: `scheme-less example-project.readthedocs.io/en/|latest/`, url: undefined },
  { language: 'plaintext', line: `javascript:alert('https://example-project.readthedocs.io/|')`, url: 'https://example-project.readthedocs.io/' },
  { language: 'plaintext', line: `xhttps://example-project.readthedocs.io/|`, url: undefined },
];

describe('embed/findDocLink', () => {
  for (const { language, line, url, range } of CASES) {
    it(`${language}: ${line}`, () => {
      const found = linkAt(line);
      assert.equal(found?.url, url);
      if (range !== undefined) assert.equal(found?.range, range);
    });
  }

  describe('cursor at the edges', () => {
    const line = `see ${DOCS} here`;
    const start = line.indexOf('https');
    const end = start + DOCS.length;

    it('finds the link from its first character to just after its last', () => {
      for (const character of [start, start + 1, end - 1, end]) {
        assert.deepEqual(findDocLink(line, character, matcher), { url: DOCS, start, end, host: { edition: 'community', kind: 'readthedocs' } });
      }
    });

    it('finds nothing just before it or one past its end', () => {
      assert.equal(findDocLink(line, start - 1, matcher), undefined);
      assert.equal(findDocLink(line, end + 1, matcher), undefined);
    });

    it('prefers the link under the cursor to the one it touches', () => {
      const two = 'https://a.readthedocs.io/ https://b.readthedocs.io/';
      assert.equal(findDocLink(two, 25, matcher)?.url, 'https://a.readthedocs.io/');
      assert.equal(findDocLink(two, 26, matcher)?.url, 'https://b.readthedocs.io/');
    });

    it('handles the ends of the line and empty lines', () => {
      assert.equal(findDocLink(DOCS, 0, matcher)?.url, DOCS);
      assert.equal(findDocLink(DOCS, DOCS.length, matcher)?.url, DOCS);
      assert.equal(findDocLink('', 0, matcher), undefined);
    });
  });

  it('reports the edition that hosts the page', () => {
    assert.equal(findDocLink('https://acme.readthedocs-hosted.com/en/latest/', 5, matcher)?.host.edition, 'business');
    assert.deepEqual(findDocLink('https://docs.example-widgets.org/en/latest/x.html', 5, matcher)?.host, { edition: 'business', kind: 'project' });
  });

  it('reports ranges in the full line when the line is very long', () => {
    const padding = 'x'.repeat(100_000);
    const line = `${padding} ${DOCS} ${padding}`;
    const start = padding.length + 1;
    assert.deepEqual(findDocLink(line, start + 10, matcher), { url: DOCS, start, end: start + DOCS.length, host: { edition: 'community', kind: 'readthedocs' } });
  });

  it('stays fast on a long hostile line', () => {
    const line = `${'[a](https://x.readthedocs.io/('.repeat(20_000)}${'`t <'.repeat(20_000)}`;
    const started = performance.now();
    for (let character = 0; character < line.length; character += 10_000) findDocLink(line, character, matcher);
    assert.ok(performance.now() - started < 1000);
  });

  it('reads each candidate once: a URL ending in thousands of unopened brackets, a link text of thousands of [', () => {
    const brackets = ')'.repeat(4000);
    assert.deepEqual(linkAt(`see ${DOCS}${brackets}|`), undefined);
    assert.deepEqual(linkAt(`see ${DOCS.slice(0, 20)}|${DOCS.slice(20)}${brackets}`), { url: DOCS, range: DOCS });
    const text = `${'['.repeat(3000)}[here](${DOCS})`;
    assert.deepEqual(linkAt(`${text.slice(0, 3002)}|${text.slice(3002)}`), { url: DOCS, range: `[here](${DOCS})` });
  });
});
