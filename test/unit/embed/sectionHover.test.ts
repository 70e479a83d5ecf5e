import assert from 'node:assert/strict';
import { configureSecrets } from '../../../src/core/api/describeError';
import { ForbiddenError, NetworkError } from '../../../src/core/api/errors';
import { DocHostMatcher } from '../../../src/core/embed';
import { EmbedService } from '../../../src/core/embed/embedService';
import { SectionHoverCache } from '../../../src/core/embed/hoverContent';
import { SectionHover } from '../../../src/core/embed/sectionHover';
import { htmlToMarkdown } from '../../../src/core/html';
import { silentLogger } from '../../../src/core/log';
import { type EmbedSection } from '../../../src/core/models/embed';

const PAGE = 'https://widgets.readthedocs.io/en/latest/installation.html#requirements';

/** One SectionHover as the docs feature builds it, over a fake embed endpoint; `conversions` counts HTML → Markdown. */
function sectionHover(answer: (pageUrl: string) => Promise<EmbedSection>) {
  const counts = { fetches: 0, conversions: 0 };
  const service = new EmbedService({
    matcher: new DocHostMatcher(),
    cacheMinutes: () => 5,
    fetchSection: (_edition, pageUrl) => { counts.fetches++; return answer(pageUrl); },
  });
  const texts = new SectionHoverCache((html, pageUrl) => { counts.conversions++; return htmlToMarkdown(html, { pageUrl }); });
  return { counts, sections: new SectionHover({ service, hostOf: () => 'app.readthedocs.org', logger: silentLogger, texts }) };
}

const section = (pageUrl: string): Promise<EmbedSection> =>
  Promise.resolve({ url: pageUrl, fragment: 'requirements', contentHtml: '<h2>Requirements</h2><p>Python 3.9+, see <a href="api.html">the API</a>.</p>', external: false });

describe('SectionHover: one way to show a published section, for the docs-link and the cross-reference hover', () => {
  it('one cache: the second hover of the same section (whichever provider asks) fetches and converts nothing', async () => {
    const { counts, sections } = sectionHover(section);
    const signal = new AbortController().signal;
    const docsLink = await sections.markdown(PAGE, 'community', signal);
    const crossReference = await sections.markdown(PAGE, 'community', signal);
    assert.equal(crossReference, docsLink);
    assert.deepEqual(counts, { fetches: 1, conversions: 1 });
    assert.match(docsLink ?? '', /Python 3\.9\+/);
    assert.match(docsLink ?? '', /\[Open preview\]\(command:readthedocs\.previewDocs\?/);
    assert.ok(docsLink?.includes('(https://widgets.readthedocs.io/en/latest/api.html)'), docsLink);
  });

  it('a failure is one sentence, with every known token left out', async () => {
    const token = 'echoed-Non-Hex-token.value';
    configureSecrets(() => [token]);
    try {
      const { sections } = sectionHover(() => Promise.reject(new ForbiddenError(`token ${token} refused`)));
      const refused = await sections.markdown(PAGE, 'community', new AbortController().signal);
      assert.match(refused ?? '', /Private documentation/);
      const unreachable = await sectionHover(() => Promise.reject(new NetworkError(`ECONN ${token}`))).sections.markdown(PAGE, 'community', new AbortController().signal);
      assert.match(unreachable ?? '', /app\.readthedocs\.org/);
      for (const text of [refused, unreachable]) assert.ok(!text?.includes(token), text);
    } finally {
      configureSecrets(undefined);
    }
  });

  it('the same link rule: no "Open preview" or "Open in browser" for a page URL that is no web address', async () => {
    const { sections } = sectionHover(() => Promise.reject(new ForbiddenError('no')));
    const text = await sections.markdown('command:workbench.action.terminal.new', 'community', new AbortController().signal);
    assert.ok(text && !text.includes(']('), text);
  });

  it('nothing once the hover went away', async () => {
    const controller = new AbortController();
    const { sections } = sectionHover(() => new Promise(() => undefined));
    const pending = sections.markdown(PAGE, 'community', controller.signal);
    controller.abort();
    assert.equal(await pending, undefined);
  });
});
