// The redirect tester against the behaviour the upstream tests pin
// (rtd:readthedocs/proxito/tests/test_old_redirects.py, UserRedirectTests; the test each row comes
// from is named). Host project.dev.readthedocs.io, language en, default version latest, a translation in es.
import * as assert from 'node:assert/strict';
import { type RedirectRule, RULE_DEFAULTS } from '../../../src/core/redirects/rule';
import { type ProjectUrls, RedirectIndex, testRedirects } from '../../../src/core/redirects/tester';

const HOST = 'http://project.dev.readthedocs.io';
const PROJECT: ProjectUrls = { language: 'en', defaultVersion: 'latest', translationLanguages: ['es'] };
const rule = (type: string, fromUrl = '', toUrl = '', extra: Partial<RedirectRule> = {}): RedirectRule => ({ ...RULE_DEFAULTS, type, fromUrl, toUrl, ...extra });
const page = (from: string, to: string, extra?: Partial<RedirectRule>) => rule('page', from, to, extra);
const exact = (from: string, to: string, extra?: Partial<RedirectRule>) => rule('exact', from, to, extra);

/** [upstream test, rules in position order, requested path, what happens when the page does not exist: [location, status] or 404]. */
type Row = readonly [string, readonly RedirectRule[], string, readonly [string, number] | 404];

const ROWS: readonly Row[] = [
  ['test_disabled_redirect (enabled)', [exact('/en/latest/install.html', '/en/latest/tutorial/install.html')], '/en/latest/install.html', ['/en/latest/tutorial/install.html', 302]],
  ['test_disabled_redirect (disabled)', [exact('/en/latest/install.html', '/en/latest/tutorial/install.html', { enabled: false })], '/en/latest/install.html', 404],
  ['test_redirect_order (specific first)', [exact('/en/latest/install.html', '/en/latest/installation.html'), exact('/en/latest/*', '/en/latest/tutorial/:splat')], '/en/latest/install.html', ['/en/latest/installation.html', 302]],
  ['test_redirect_order (wildcard moved first)', [exact('/en/latest/*', '/en/latest/tutorial/:splat'), exact('/en/latest/install.html', '/en/latest/installation.html')], '/en/latest/install.html', ['/en/latest/tutorial/install.html', 302]],
  ['test_infinite_redirect', [exact('/en/latest/install.html', '/en/latest/install.html')], '/en/latest/install.html', 404],
  ['test_infinite_redirect (with a query)', [exact('/en/latest/install.html', '/en/latest/install.html')], '/en/latest/install.html?foo=bar', 404],
  ['test_infinite_redirect_changing_protocol', [exact('/en/latest/install.html', 'https://project.dev.readthedocs.io/en/latest/install.html')], `${HOST}/en/latest/install.html`, 404],
  ['test_exact_redirect_avoid_infinite_redirect (root file)', [exact('/*', '/en/latest/:splat')], '/redirect.html', ['/en/latest/redirect.html', 302]],
  ['test_exact_redirect_avoid_infinite_redirect (root dir)', [exact('/*', '/en/latest/:splat')], '/redirect/', ['/en/latest/redirect/', 302]],
  ['test_exact_redirect_avoid_infinite_redirect (loop guard)', [exact('/*', '/en/latest/:splat')], '/en/latest/redirect/', 404],
  ['test_exact_redirect_avoid_infinite_redirect (subdir)', [exact('/en/latest/*', '/en/latest/subdir/:splat')], '/en/latest/redirect.html', ['/en/latest/subdir/redirect.html', 302]],
  ['test_exact_redirect_avoid_infinite_redirect (subdir loop guard)', [exact('/en/latest/*', '/en/latest/subdir/:splat')], '/en/latest/subdir/redirect.html', 404],
  ['test_page_redirect_avoid_infinite_redirect', [page('/*', '/subdir/:splat')], '/en/latest/redirect.html', ['/en/latest/subdir/redirect.html', 302]],
  ['test_page_redirect_avoid_infinite_redirect (loop guard)', [page('/*', '/subdir/:splat')], '/en/latest/subdir/redirect.html', 404],
  ['test_page_redirect_avoid_infinite_redirect (dir)', [page('/dir/*', '/dir/subdir/:splat')], '/en/latest/dir/redirect.html', ['/en/latest/dir/subdir/redirect.html', 302]],
  ['test_page_redirect_avoid_infinite_redirect (dir loop guard)', [page('/dir/*', '/dir/subdir/:splat')], '/en/latest/dir/subdir/redirect.html', 404],
  ['test_exact_redirect_to_parent_path', [exact('/one/two/*', '/one/:splat')], '/one/two/three/redirect.html', ['/one/three/redirect.html', 302]],
  ['test_page_redirect_to_parent_path', [page('/guides/*', '/:splat')], '/en/latest/guides/redirect.html', ['/en/latest/redirect.html', 302]],
  ['test_page_redirect_to_parent_path (two levels)', [page('/one/two/*', '/one/:splat')], '/en/latest/one/two/three/redirect.html', ['/en/latest/one/three/redirect.html', 302]],
  ['test_redirect_root', [exact('/woot/*', '/en/latest/:splat')], '/woot/faq.html', ['/en/latest/faq.html', 302]],
  ['test_redirect_root (exact matches the whole path)', [exact('/woot/*', '/en/latest/:splat')], '/en/latest/woot/faq.html', 404],
  ['test_redirect_page (path without language and version)', [page('/install.html', '/tutorial/install.html')], '/install.html', ['/en/latest/tutorial/install.html', 302]],
  ['test_redirect_with_query_params_from_url', [page('/install.html', '/tutorial/install.html')], '/install.html?foo=bar', ['/en/latest/tutorial/install.html?foo=bar', 302]],
  ['test_redirect_with_query_params_to_url', [page('/install.html', '/tutorial/install.html?query=one')], '/install.html', ['/en/latest/tutorial/install.html?query=one', 302]],
  ['test_redirect_with_query_params_to_url (both)', [page('/install.html', '/tutorial/install.html?query=one')], '/install.html?query=two', ['/en/latest/tutorial/install.html?query=two&query=one', 302]],
  ['test_redirect_exact', [exact('/en/latest/install.html', '/en/latest/tutorial/install.html')], '/en/latest/install.html', ['/en/latest/tutorial/install.html', 302]],
  ['test_redirect_exact_looks_like_version', [exact('/en/versions.json', '/en/latest/versions.json')], '/en/versions.json', ['/en/latest/versions.json', 302]],
  ['test_redirect_exact_with_wildcard', [exact('/en/latest/*', '/en/version/:splat')], '/en/latest/guides/install.html', ['/en/version/guides/install.html', 302]],
  ['test_redirect_exact_with_wildcard (no splat)', [exact('/en/latest/tutorials/*', '/en/latest/tutorial.html')], '/en/latest/tutorials/install.html', ['/en/latest/tutorial.html', 302]],
  ['test_page_redirect_with_wildcard', [page('/*', '/guides/:splat')], '/en/latest/install.html', ['/en/latest/guides/install.html', 302]],
  ['test_page_redirect_with_wildcard (no splat)', [page('/tutorials/*', '/tutorial.html')], '/en/latest/tutorials/install.html', ['/en/latest/tutorial.html', 302]],
  ['test_page_redirect_does_not_apply_to_translations_or_subprojects', [page('/install.html', '/tutorial/install.html')], '/en/latest/install.html', ['/en/latest/tutorial/install.html', 302]],
  ['test_page_redirect_does_not_apply_to_translations_or_subprojects (translation)', [page('/install.html', '/tutorial/install.html')], '/es/latest/install.html', 404],
  ['test_page_redirect_does_not_apply_to_translations_or_subprojects (subproject)', [page('/install.html', '/tutorial/install.html')], '/projects/subproject/en/latest/install.html', 404],
  ['test_redirect_inactive_version', [exact('/en/oldversion/', '/en/newversion/')], '/en/oldversion/', ['/en/newversion/', 302]],
  ['test_redirect_keeps_version_number', [page('/how_to_install.html', '/install.html')], '/en/0.8.2/how_to_install.html', ['/en/0.8.2/install.html', 302]],
  ['test_redirect_html', [rule('clean_url_to_html')], '/en/latest/faq/', ['/en/latest/faq.html', 302]],
  ['test_redirect_html_index', [rule('clean_url_to_html')], '/en/latest/faq/index.html', ['/en/latest/faq.html', 302]],
  ['test_redirect_html_root_index (never for the root)', [rule('clean_url_to_html')], '/en/latest/', 404],
  ['test_redirect_htmldir', [rule('html_to_clean_url')], '/en/latest/faq.html', ['/en/latest/faq/', 302]],
  ['test_redirect_root_with_301_status', [exact('/woot/*', '/en/latest/:splat', { httpStatus: 301 })], `${HOST}/woot/faq.html`, [`${HOST}/en/latest/faq.html`, 301]],
  ['test_not_found_page_without_trailing_slash', [exact('/*', '/en/latest/:splat')], '/en/latest/section/file-not-found', 404],
  ['test_page_redirect_with_and_without_trailing_slash', [page('/install', '/tutorial/install/')], '/en/latest/install/', ['/en/latest/tutorial/install/', 302]],
  ['external target kept as written', [page('/faq', 'https://example.com/faq')], '/en/latest/faq/', ['https://example.com/faq', 302]],
];

describe('redirects/tester (upstream cases)', () => {
  for (const [title, rules, url, expected] of ROWS) {
    it(title, () => {
      const result = testRedirects(url, rules, PROJECT);
      const firing = result.notFound;
      if (expected === 404) {
        assert.ok(!firing?.location, `nothing should fire, got ${firing?.location}; ${result.summary}`);
      } else {
        assert.equal(firing?.location, expected[0], result.summary);
        assert.equal(firing?.status, expected[1]);
      }
    });
  }
});

describe('redirects/tester (explanations)', () => {
  it('a forced rule fires always; the 404 pass would have picked an earlier one', () => {
    const result = testRedirects('/en/latest/install.html', [
      exact('/en/latest/install.html', '/en/latest/a.html'),
      exact('/en/latest/install.html', '/en/latest/b.html', { force: true }),
    ], PROJECT);
    assert.equal(result.forced?.index, 1);
    assert.equal(result.forced?.location, '/en/latest/b.html');
    assert.match(result.summary, /^Redirect 2 \(exact .*\) always fires \(forced, even when the page exists\): 302 to \/en\/latest\/b\.html/);
    assert.deepEqual(result.rules.map((r) => r.verdict), ['fires', 'fires']);
  });

  it('forced rules are not tried before serving a path outside /<language>/<version>/ (it goes to the 404 handler)', () => {
    const result = testRedirects('/install.html', [page('/install.html', '/new.html', { force: true })], PROJECT);
    assert.equal(result.forced, undefined);
    assert.equal(result.notFound?.location, '/en/latest/new.html');
  });

  it('says which rule wins, which is shadowed, disabled, not for this path, or does not match', () => {
    const result = testRedirects('/en/latest/faq.html', [
      page('/other.html', '/x.html'),
      page('/faq.html', '/questions.html', { enabled: false }),
      rule('clean_url_to_html'),
      page('/faq.html', '/help.html', { httpStatus: 301 }),
      page('/*', '/all/:splat'),
    ], PROJECT);
    assert.deepEqual(result.rules.map((r) => r.verdict), ['no-match', 'disabled', 'not-for-this-path', 'fires', 'shadowed']);
    assert.match(result.rules[4]!.reason, /redirect 4 comes first/);
    assert.match(result.summary, /Redirect 4 \(page \/faq\.html → \/help\.html\) fires only when the page does not exist \(404\): 301 to \/en\/latest\/help\.html/);
  });

  it('a loop stops everything: the later rules are not tried', () => {
    const result = testRedirects('/en/latest/install.html', [
      exact('/en/latest/install.html', '/en/latest/install.html'),
      exact('/en/latest/*', '/en/stable/:splat'),
    ], PROJECT);
    assert.deepEqual(result.rules.map((r) => r.verdict), ['loops', 'shadowed']);
    assert.match(result.summary, /matches first, but it would redirect \/en\/latest\/install\.html to itself.*Later rules are not tried/);
  });

  it('single-version projects have no /<language>/<version>/ in their paths', () => {
    const result = testRedirects('/old.html', [page('/old.html', '/new.html')], { ...PROJECT, versioningScheme: 'single_version_without_translations' });
    assert.equal(result.notFound?.location, '/new.html');
  });

  it('nothing matches: says so, naming the disabled ones', () => {
    const result = testRedirects('/en/latest/x.html', [page('/x.html', '/y.html', { enabled: false })], PROJECT);
    assert.equal(result.summary, 'No redirect fires for this URL; redirect 1 would match but is disabled.');
  });
});

describe('redirect tester: the index of a list of rules', () => {
  it('fires what testRedirects fires, for every table row', () => {
    for (const [name, rules, path] of ROWS) {
      const { forced, notFound } = testRedirects(`${HOST}${path}`, rules, PROJECT);
      assert.deepEqual(new RedirectIndex(rules).firings(`${HOST}${path}`, PROJECT), { forced, notFound }, name);
    }
  });

  it('fires what testRedirects fires, on mixed lists of every type, wildcard, flag and scheme', () => {
    // A small deterministic generator: every combination is met many times over.
    let seed = 7;
    const next = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const paths = ['/en/latest/a.html', '/en/latest/a/', '/en/latest/a/b.html', '/en/latest/a/index.html', '/en/stable/a.html', '/a.html', '/', '/en/', '/es/latest/a.html', '/projects/sub/en/latest/', '/latest/a.html', '/en/latest/b/c/'];
    const froms = ['/a.html', '/a/', '/a/*', '/*', '/a', '/en/latest/a.html', '/en/latest/*', '/en/*', '/a/b.html', '/b/c/', '/latest/*', '/'];
    const tos = ['/x.html', '/a.html', '/new/:splat', '/a/:splat', 'https://other.example/:splat', '/en/latest/a.html', ''];
    const types = ['page', 'exact', 'clean_url_to_html', 'html_to_clean_url', 'prefix', 'sphinx_html'];
    const schemes = [undefined, 'multiple_versions_without_translations', 'single_version_without_translations'];
    for (let round = 0; round < 400; round++) {
      const rules = Array.from({ length: 1 + next(8) }, () => rule(types[next(types.length)]!, froms[next(froms.length)], tos[next(tos.length)], {
        enabled: next(4) > 0, force: next(3) === 0, httpStatus: next(2) ? 301 : 302,
      }));
      const project = { ...PROJECT, versioningScheme: schemes[next(schemes.length)] };
      const index = new RedirectIndex(rules);
      for (const path of paths) {
        const url = next(2) ? `${HOST}${path}` : path;
        const { forced, notFound } = testRedirects(url, rules, project);
        assert.deepEqual(index.firings(url, project), { forced, notFound }, `${url} ${JSON.stringify(rules)} ${project.versioningScheme}`);
      }
    }
  });
});
