import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlToMarkdown, sanitizeHtml } from '../../../src/core/html';
import { assertSafeHtml, assertSafeMarkdown } from './safetyChecks';

const FIXTURES = join(__dirname, '../../fixtures/html/embed-v3');

interface EmbedBody {
  readonly url: string;
  readonly content: string;
}

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
}

const samples = (readJson('embed-v3-samples.json') as { samples: { scenario: string; body: Partial<EmbedBody> }[] }).samples;

function successBody(scenario: string): EmbedBody {
  const body = samples.find((sample) => sample.scenario === scenario)?.body;
  assert.ok(body?.content !== undefined && body.url !== undefined, scenario);
  return body as EmbedBody;
}

function convert({ content, url }: EmbedBody) {
  const markdown = htmlToMarkdown(content, { pageUrl: url });
  const safe = sanitizeHtml(content, { pageUrl: url });
  assertSafeMarkdown(markdown.markdown);
  assertSafeHtml(safe.html);
  return { markdown, safe };
}

describe('Embed API v3 sample responses', () => {
  it('section by fragment: permalink hidden, root-relative link resolved against the page origin', () => {
    const { markdown, safe } = convert(successBody('section by fragment on an RTD-hosted page'));
    assert.equal(markdown.title, 'Configuration');
    assert.equal(markdown.markdown, [
      '### Configuration',
      'See [Client](https://example-project.readthedocs.io/en/latest/api.html#Client) and the [FAQ](https://example-project.readthedocs.io/en/latest/faq.html).',
      '![](https://example-project.readthedocs.io/en/latest/_images/diagram.png)',
    ].join('\n\n'));
    assert.equal(safe.title, 'Configuration');
    assert.equal(safe.html, '<section id="configuration"><h2>Configuration</h2><p>See <a href="https://example-project.readthedocs.io/en/latest/api.html#Client">Client</a>'
      + ' and the <a href="https://example-project.readthedocs.io/en/latest/faq.html">FAQ</a>.</p>'
      + '<img src="https://example-project.readthedocs.io/en/latest/_images/diagram.png"></section>');
  });

  it('main content without a fragment', () => {
    const { markdown, safe } = convert(successBody('no fragment: main content of the page'));
    assert.equal(markdown.markdown, '### Usage\n\n…');
    assert.equal(safe.html, '<div><section id="usage"><h1>Usage</h1><p>…</p></section></div>');
  });

  it('an API object from an allowed external domain', () => {
    const { markdown, safe } = convert(successBody('allowed external domain'));
    assert.equal(markdown.markdown, '`…`\n\n…');
    assert.equal(safe.html, '<dl class="py function"><dt class="sig sig-object py" id="json.dumps">…</dt><dd><p>…</p></dd></dl>');
  });

  it('the DocDiff response of the addons dev server', () => {
    const { markdown } = convert(readJson('readthedocs-docdiff-embed.json') as EmbedBody);
    assert.equal(markdown.title, 'DocDiff original Addons');
    assert.equal(markdown.markdown, '### DocDiff original Addons\n\nThis is a great feature for all builds on Read the Docs.');
  });
});
