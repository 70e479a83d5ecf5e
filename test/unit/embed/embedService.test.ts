import assert from 'node:assert/strict';
import { type Edition } from '../../../src/core/api/client';
import { type EmbedOptions } from '../../../src/core/api/endpoints/embed';
import {
  CancelledError, EditionUnavailableError, EmbedError, ForbiddenError, NetworkError, NotFoundError, RateLimitedError, ServerError, TimeoutError,
} from '../../../src/core/api/errors';
import { DocHostMatcher } from '../../../src/core/embed';
import {
  EmbedService, embedFailureReason, embedOptionsFor, isCancellation,
} from '../../../src/core/embed/embedService';
import { failureHoverMarkdown, sectionHoverMarkdown } from '../../../src/core/embed/hoverContent';
import { webUrlAt } from '../../../src/core/embed/linkAt';
import { type EmbedSection } from '../../../src/core/models/embed';

interface Call {
  readonly edition: Edition;
  readonly pageUrl: string;
  readonly embed: EmbedOptions;
  readonly signal: AbortSignal;
  resolve(section: EmbedSection): void;
  reject(error: unknown): void;
}

const INSTALL = 'https://widgets.readthedocs.io/en/latest/installation.html#requirements';

function section(url: string, html = '<section id="s"><h2>Requirements</h2><p>Python 3.9+</p></section>'): EmbedSection {
  return { url, fragment: new URL(url).hash.slice(1) || undefined, contentHtml: html, external: false };
}

function setup(cacheMinutes = 5) {
  const clock = { time: 0, now: () => clock.time };
  const calls: Call[] = [];
  const matcher = new DocHostMatcher();
  matcher.setProjectDocs('business', ['https://docs.example-corp.com/']);
  let minutes = cacheMinutes;
  const service = new EmbedService({
    matcher,
    clock,
    cacheMinutes: () => minutes,
    fetchSection: (edition, pageUrl, embed, signal) => new Promise<EmbedSection>((resolve, reject) => {
      calls.push({ edition, pageUrl, embed, signal, resolve, reject });
    }),
  });
  return { clock, calls, service, setMinutes: (m: number) => { minutes = m; } };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => assert.fail('expected a rejection'), (error: unknown) => error);
}

describe('embed/EmbedService', () => {
  it('keeps sections by size, not only by count: large pages push the oldest out', async () => {
    const { service, calls } = setup();
    const big = 'x'.repeat(1024 * 1024);
    const pages = Array.from({ length: 12 }, (_, i) => `https://widgets.readthedocs.io/en/latest/page${i}.html`);
    for (const page of pages) {
      const pending = service.section(page, 'community');
      calls[calls.length - 1].resolve({ url: page, fragment: undefined, contentHtml: big, external: false });
      await pending;
    }
    const before = calls.length;
    void service.section(pages[pages.length - 1], 'community');
    assert.equal(calls.length, before, 'the newest large page is still cached');
    void service.section(pages[0], 'community');
    assert.equal(calls.length, before + 1, 'the oldest large page was dropped to stay within the size cap');
  });

  describe('links and editions', () => {
    it('finds the docs link under the cursor with the edition that hosts it, without a request', () => {
      const { service, calls } = setup();
      const line = `See [the install guide](${INSTALL}) first.`;
      const link = service.linkAt(line, line.indexOf('install guide'));
      assert.equal(link?.url, INSTALL);
      assert.deepEqual(link?.host, { edition: 'community', kind: 'readthedocs' });
      assert.equal(calls.length, 0);
    });

    it('returns nothing for text that is not a docs link', () => {
      const { service, calls } = setup();
      assert.equal(service.linkAt('just some prose here', 5), undefined);
      assert.equal(service.linkAt('https://example.com/page.html', 5), undefined);
      assert.equal(calls.length, 0);
    });

    it('knows business-hosted pages and the custom domains it was taught', () => {
      const { service } = setup();
      assert.equal(service.hostOf('https://acme.readthedocs-hosted.com/en/latest/')?.edition, 'business');
      assert.equal(service.hostOf('https://docs.example-corp.com/en/v2/setup.html')?.edition, 'business');
      assert.equal(service.hostOf('https://docs.python.org/3/library/json.html')?.edition, 'community');
      assert.equal(service.hostOf('https://evil.example/'), undefined);
    });

    it('asks the edition given, with doctool=sphinx only when a section is named', async () => {
      const { service, calls } = setup();
      void service.section(INSTALL, 'community');
      void service.section('https://acme.readthedocs-hosted.com/en/latest/', 'business');
      assert.deepEqual(calls.map((c) => [c.edition, c.pageUrl, c.embed]), [
        ['community', INSTALL, { doctool: 'sphinx' }],
        ['business', 'https://acme.readthedocs-hosted.com/en/latest/', {}],
      ]);
      assert.deepEqual(embedOptionsFor('https://x.readthedocs.io/en/latest/a.html#'), {});
      assert.deepEqual(embedOptionsFor('not a url'), {});
    });
  });

  describe('a bare heading (MkDocs pages)', () => {
    const GUIDE = 'https://mk-demo.readthedocs.io/en/latest/guide/';
    const MAIN = '<div role="main"><h1 id="guide">Guide</h1><h2 id="first-steps">First steps</h2><p>Call greet first.</p><h2 id="next-steps">Next steps</h2><p>Then the API.</p></div>';
    const flush = () => new Promise((resolve) => setImmediate(resolve));

    it('asks for the page once more and shows the heading with what follows it, up to the next heading of its level', async () => {
      const { service, calls } = setup();
      const pending = service.section(`${GUIDE}#first-steps`, 'community');
      calls[0].resolve(section(`${GUIDE}#first-steps`, '<h2 id="first-steps">First steps</h2>'));
      await flush();
      assert.deepEqual(calls.map((c) => [c.pageUrl, c.embed]), [[`${GUIDE}#first-steps`, { doctool: 'sphinx' }], [GUIDE, {}]]);
      calls[1].resolve(section(GUIDE, MAIN));
      const { section: whole } = await pending;
      assert.equal(whole.contentHtml, '<h2 id="first-steps">First steps</h2><p>Call greet first.</p>');
      assert.equal(whole.fragment, 'first-steps');
      // Warm: nothing asked again; another heading of the page costs its own answer only.
      await service.section(`${GUIDE}#first-steps`, 'community');
      const next = service.section(`${GUIDE}#next-steps`, 'community');
      calls[2].resolve(section(`${GUIDE}#next-steps`, '<h2 id="next-steps">Next steps</h2>'));
      assert.equal((await next).section.contentHtml, '<h2 id="next-steps">Next steps</h2><p>Then the API.</p>');
      assert.equal(calls.length, 3);
    });

    it('keeps the heading when the page cannot be had', async () => {
      const { service, calls } = setup();
      const pending = service.section(`${GUIDE}#first-steps`, 'community');
      calls[0].resolve(section(`${GUIDE}#first-steps`, '<h2 id="first-steps">First steps</h2>'));
      await flush();
      calls[1].reject(new NotFoundError('no main content'));
      assert.equal((await pending).section.contentHtml, '<h2 id="first-steps">First steps</h2>');
    });

    it('asks nothing more for a Sphinx section', async () => {
      const { service, calls } = setup();
      const pending = service.section(INSTALL, 'community');
      calls[0].resolve(section(INSTALL));
      await pending;
      assert.equal(calls.length, 1);
    });
  });

  describe('cache', () => {
    it('merges identical concurrent requests into one', async () => {
      const { service, calls } = setup();
      const hover = service.section(INSTALL, 'community');
      const preview = service.section(INSTALL, 'community');
      assert.equal(calls.length, 1);
      calls[0].resolve(section(INSTALL));
      const [a, b] = await Promise.all([hover, preview]);
      assert.equal(a.section.contentHtml, b.section.contentHtml);
      assert.equal(a.pageUrl, INSTALL);
      assert.equal(a.edition, 'community');
    });

    it('serves a success for the configured minutes, then asks again', async () => {
      const { service, calls, clock } = setup(2);
      const first = service.section(INSTALL, 'community');
      calls[0].resolve(section(INSTALL));
      await first;
      clock.time += 2 * 60_000 - 1;
      await service.section(INSTALL, 'community');
      assert.equal(calls.length, 1);
      clock.time += 1;
      void service.section(INSTALL, 'community');
      assert.equal(calls.length, 2);
    });

    it('caches nothing with 0 minutes, and reads the setting at every fetch', async () => {
      const { service, calls, setMinutes } = setup(0);
      const first = service.section(INSTALL, 'community');
      calls[0].resolve(section(INSTALL));
      await first;
      const second = service.section(INSTALL, 'community');
      assert.equal(calls.length, 2);
      calls[1].resolve(section(INSTALL));
      await second;
      setMinutes(10);
      const third = service.section(INSTALL, 'community');
      assert.equal(calls.length, 3);
      calls[2].resolve(section(INSTALL));
      await third;
      await service.section(INSTALL, 'community');
      assert.equal(calls.length, 3);
    });

    it('keeps other URLs, fragments and editions apart', () => {
      const { service, calls } = setup();
      void service.section(INSTALL, 'community');
      void service.section(INSTALL.replace('#requirements', '#installing-with-pip'), 'community');
      void service.section(INSTALL, 'business');
      assert.equal(calls.length, 3);
    });

    it('does not cache failures', async () => {
      const { service, calls } = setup();
      const first = service.section(INSTALL, 'community');
      calls[0].reject(new EmbedError('sectionNotFound', 'x', undefined, 404));
      assert.ok(await rejection(first) instanceof EmbedError);
      void service.section(INSTALL, 'community');
      assert.equal(calls.length, 2);
    });

    it('clear() forgets cached sections', async () => {
      const { service, calls } = setup();
      const first = service.section(INSTALL, 'community');
      calls[0].resolve(section(INSTALL));
      await first;
      service.clear();
      void service.section(INSTALL, 'community');
      assert.equal(calls.length, 2);
    });
  });

  describe('abort', () => {
    it('aborts the request when its only caller aborts', async () => {
      const { service, calls } = setup();
      const hover = new AbortController();
      const pending = service.section(INSTALL, 'community', hover.signal);
      hover.abort();
      assert.ok(isCancellation(await rejection(pending)));
      assert.equal(calls[0].signal.aborted, true);
    });

    it('keeps the request while another caller still waits, and serves it', async () => {
      const { service, calls } = setup();
      const hover = new AbortController();
      const cancelled = service.section(INSTALL, 'community', hover.signal);
      const preview = service.section(INSTALL, 'community');
      hover.abort();
      assert.ok(isCancellation(await rejection(cancelled)));
      assert.equal(calls[0].signal.aborted, false);
      calls[0].resolve(section(INSTALL));
      assert.equal((await preview).pageUrl, INSTALL);
    });

    it('aborts only when every caller has aborted; the next caller starts afresh', async () => {
      const { service, calls } = setup();
      const a = new AbortController();
      const b = new AbortController();
      const first = service.section(INSTALL, 'community', a.signal);
      const second = service.section(INSTALL, 'community', b.signal);
      a.abort();
      assert.equal(calls[0].signal.aborted, false);
      b.abort();
      assert.equal(calls[0].signal.aborted, true);
      await Promise.all([rejection(first), rejection(second)]);
      void service.section(INSTALL, 'community');
      assert.equal(calls.length, 2);
      assert.equal(calls[1].signal.aborted, false);
    });

    it('does not even start for a caller that has already aborted', async () => {
      const { service, calls } = setup();
      const gone = new AbortController();
      gone.abort();
      assert.ok(isCancellation(await rejection(service.section(INSTALL, 'community', gone.signal))));
      assert.equal(calls.length, 0);
    });
  });

  describe('failure reasons', () => {
    const cases: [string, unknown, RegExp | undefined][] = [
      ['page not found', new EmbedError('pageNotFound', 'x', undefined, 404), /^Page not found/],
      ['section not found', new EmbedError('sectionNotFound', 'x', undefined, 404), /^Section not found/],
      ['domain not allowed', new EmbedError('domainNotAllowed', 'x', undefined, 400), /^Domain not allowed/],
      ['invalid URL', new EmbedError('invalidUrl', 'x', undefined, 400), /not a documentation URL/i],
      ['unreadable', new EmbedError('unreadable', 'x', undefined, 400), /could not read/],
      ['private docs (403)', new ForbiddenError('Authentication credentials were not provided.'), /^Private documentation/],
      ['no embed endpoint', new NotFoundError(undefined), /rtd\.example has no embed API/],
      ['rate limited', new RateLimitedError(undefined, undefined), /Too many preview requests to rtd\.example/],
      ['network', new NetworkError('ECONNREFUSED'), /^Network: could not reach rtd\.example/],
      ['timeout', new TimeoutError(30_000), /^Network: rtd\.example did not answer/],
      ['server', new ServerError(502), /status 502/],
      ['business off', new EditionUnavailableError('business'), /readthedocs\.businessUrl/],
      ['community off', new EditionUnavailableError('community'), /readthedocs\.communityUrl/],
      ['anything else', new Error('boom'), /boom/],
      ['cancelled', new CancelledError(), undefined],
      ['aborted', new DOMException('This operation was aborted', 'AbortError'), undefined],
    ];
    for (const [name, error, expected] of cases) {
      it(`${name} → ${expected ? 'one line' : 'nothing'}`, () => {
        const reason = embedFailureReason(error, 'rtd.example');
        if (!expected) {
          assert.equal(reason, undefined);
          return;
        }
        assert.match(reason ?? '', expected);
        assert.doesNotMatch(reason ?? '', /\n/);
      });
    }
  });

  describe('hover Markdown', () => {
    it('puts the section first, then "Open preview" (command, encoded args) and "Open in browser"', () => {
      const url = 'https://widgets.readthedocs.io/en/latest/a_(b).html#c';
      const markdown = sectionHoverMarkdown(url, { title: 'C', markdown: '### C\n\nText.', truncated: false });
      assert.ok(markdown.startsWith('### C\n\nText.\n\n---\n\n'));
      const [, args] = /\[Open preview\]\(command:readthedocs\.previewDocs\?([^ )]+) /.exec(markdown) ?? [];
      assert.deepEqual(JSON.parse(decodeURIComponent(args)), [url]);
      assert.match(markdown, /\[Open in browser\]\(https:\/\/widgets\.readthedocs\.io\/en\/latest\/a_%28b%29\.html#c "/);
    });

    it('says why in one line when there is no section, with only the browser link', () => {
      const markdown = failureHoverMarkdown(INSTALL, 'Section not found: the page has no section with that anchor.');
      const [first, ...rest] = markdown.split('\n').filter(Boolean);
      assert.match(first, /^\*\*Read the Docs preview:\*\* Section not found/);
      assert.equal(rest.length, 1);
      assert.match(rest[0], /^\[Open in browser\]/);
      assert.doesNotMatch(markdown, /command:/);
    });

    it('escapes the reason', () => {
      assert.match(failureHoverMarkdown(INSTALL, 'a [link](javascript:x) <b>'), /a \\\[link\\\]\(javascript:x\) \\<b\\>/);
    });
  });

  describe('webUrlAt', () => {
    it('is true on any http(s) URL, bare or in a link, and false elsewhere', () => {
      const line = 'see https://docs.example.com/a.html and [b](https://x.example/b) ok';
      assert.equal(webUrlAt(line, line.indexOf('docs.example')), true);
      assert.equal(webUrlAt(line, line.indexOf('[b]') + 1), true);
      assert.equal(webUrlAt(line, 1), false);
      assert.equal(webUrlAt(line, line.length - 1), false);
      assert.equal(webUrlAt('no links at all', 3), false);
      assert.equal(webUrlAt('ftp://files.example.com/', 3), false);
    });
  });
});
