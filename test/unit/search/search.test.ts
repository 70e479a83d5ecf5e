import * as assert from 'node:assert/strict';
import { highlightText } from '../../../src/core/html/highlightText';
import { buildSearchQuery } from '../../../src/core/search/query';
import { MAX_SEARCH_BLOCKS, MAX_SEARCH_RESULTS, MAX_SEARCH_TEXT_CHARS, parseSearchResponse } from '../../../src/core/search/results';

describe('search: query building', () => {
  it('scopes to the bound projects with their subprojects, with versions when known', () => {
    assert.equal(buildSearchQuery('install widgets', { kind: 'projects', projects: [{ slug: 'widgets', version: 'latest' }] }), 'install widgets subprojects:widgets/latest');
    assert.equal(buildSearchQuery(' theme ', { kind: 'projects', projects: [{ slug: 'a' }, { slug: 'b', version: 'v1.0' }] }), 'theme subprojects:a subprojects:b/v1.0');
  });

  it("all of the person's projects with user:@me, also when nothing is bound", () => {
    assert.equal(buildSearchQuery('theme', { kind: 'mine' }), 'theme user:@me');
    assert.equal(buildSearchQuery('theme', { kind: 'projects', projects: [] }), 'theme user:@me');
  });

  it('keeps typed colons literal, except for arguments the person wrote', () => {
    assert.equal(buildSearchQuery('std:label x', { kind: 'mine' }), 'std\\:label x user:@me');
    assert.equal(buildSearchQuery('x project:other', { kind: 'mine' }), 'x project:other user:@me');
    assert.equal(buildSearchQuery('"exact phrase" term*', { kind: 'mine' }), '"exact phrase" term* user:@me');
  });
});

describe('search: responses', () => {
  const body = {
    count: 2,
    next: 'https://app.readthedocs.org/api/v3/search/?page=2&q=x',
    previous: null,
    projects: [{ slug: 'widgets', versions: [{ slug: 'latest' }] }],
    query: 'install',
    results: [
      {
        type: 'page', project: { slug: 'widgets', alias: null }, version: { slug: 'latest' }, title: 'Installation', domain: 'https://widgets.readthedocs.io', path: '/en/latest/installation.html',
        highlights: { title: [] },
        blocks: [
          { type: 'section', id: 'requirements', title: 'Requirements', content: 'Python 3.9+', highlights: { title: [], content: ['before <span>installing</span> &lt;img src=x onerror=alert(1)&gt; <b>bold</b>'] } },
          { type: 'domain', id: 'x', title: 'x', content: '' },
        ],
      },
      { type: 'page', project: { slug: 'widgets' }, version: { slug: 'latest' }, title: 'Usage &amp; more', domain: 'https://widgets.readthedocs.io', path: '/en/latest/usage.html', highlights: { title: ['<span>Usage</span>'] }, blocks: [] },
      { type: 'page', title: 'no domain' },
    ],
  };

  it('one hit per section, page hits when no section matched, URLs from domain + path + id', () => {
    const page = parseSearchResponse(body);
    assert.equal(page.count, 2);
    assert.equal(page.next, body.next);
    assert.deepEqual(page.hits.map((h) => [h.pageTitle, h.sectionTitle, h.url]), [
      ['Installation', 'Requirements', 'https://widgets.readthedocs.io/en/latest/installation.html#requirements'],
      ['Usage & more', undefined, 'https://widgets.readthedocs.io/en/latest/usage.html'],
    ]);
  });

  it('highlight HTML becomes plain text with the marked words; markup never passes', () => {
    const [section, usage] = parseSearchResponse(body).hits;
    assert.equal(section.snippet.text, 'before installing <img src=x onerror=alert(1)> bold');
    assert.deepEqual(section.snippet.marks, [[7, 17]]);
    assert.deepEqual(usage.snippet, { text: 'Usage', marks: [[0, 5]] });
    assert.deepEqual(highlightText('<script>alert(1)</script>ok'), { text: 'ok', marks: [] });
  });
});

describe('search: a hostile or malformed page of results', () => {
  const good = { type: 'page', project: { slug: 'widgets' }, version: { slug: 'latest' }, title: 'Usage', domain: 'https://widgets.readthedocs.io', path: '/en/latest/usage.html', blocks: [] };

  it('a malformed result is skipped, the others are kept', () => {
    const page = parseSearchResponse({ count: 3, results: [{ ...good, domain: 'not a url', path: 'x' }, null, 'text', good, { ...good, blocks: 'nope', highlights: 7 }] });
    assert.deepEqual(page.hits.map((h) => h.url), ['https://widgets.readthedocs.io/en/latest/usage.html', 'https://widgets.readthedocs.io/en/latest/usage.html']);
  });

  it(`reads at most ${MAX_SEARCH_RESULTS} results and ${MAX_SEARCH_BLOCKS} blocks each, and bounded text`, () => {
    const blocks = Array.from({ length: 100 }, (_, i) => ({ type: 'section', id: `s${i}`, title: 'T'.repeat(1_000_000), highlights: { content: [`${'<span>'.repeat(100_000)}deep`] } }));
    const page = parseSearchResponse({ count: 10_000, results: Array.from({ length: 1000 }, () => ({ ...good, blocks })) });
    assert.equal(page.hits.length, MAX_SEARCH_RESULTS * MAX_SEARCH_BLOCKS);
    assert.equal(page.hits[0].sectionTitle?.length, MAX_SEARCH_TEXT_CHARS);
    assert.equal(page.count, 10_000);
  });
});
