// Fidelity checks of the API v3 sandbox itself (test/sandbox), over real HTTP.

import assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../sandbox/index';

interface Page<T = Record<string, unknown>> { count: number; next: string | null; previous: string | null; results: T[] }
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('API v3 sandbox', function () {
  let sb: Sandbox;

  const call = (path: string, token?: string, init: RequestInit = {}) =>
    fetch(sb.apiBase + path, {
      ...init,
      headers: { ...(token ? { Authorization: `Token ${token}` } : {}), ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    });
  const getJson = async <T = Json>(path: string, token?: string): Promise<T> => (await call(path, token)).json() as Promise<T>;
  const post = (path: string, token: string, body?: unknown) =>
    call(path, token, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
  const embed = (url: string, extra = '') => fetch(`${sb.apiBase}embed/?url=${encodeURIComponent(url)}${extra}`);

  async function waitForBuild(project: string, id: number): Promise<{ build: Json; states: Set<string> }> {
    const states = new Set<string>();
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const build = await getJson(`projects/${project}/builds/${id}/`);
      states.add(build.state.code);
      if (build.state.code === 'finished' || build.state.code === 'cancelled') return { build, states };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`build ${id} did not finish`);
  }

  before(async () => {
    sb = await startSandbox({ buildStepMs: 20 });
  });
  after(() => sb.close());
  beforeEach(() => sb.reset());
  afterEach(() => {
    sb.setLatency(0);
    sb.setRateLimit(null);
  });

  describe('pagination', () => {
    it('builds absolute next/previous links from the Host header, keeping every parameter (sorted)', async () => {
      const page = await getJson<Page>('projects/widgets/versions/?limit=5&offset=5&active=true');
      const base = `${sb.origin}/api/v3/projects/widgets/versions/`;
      assert.equal(page.next, `${base}?active=true&limit=5&offset=10`);
      assert.equal(page.previous, `${base}?active=true&limit=5`);
      assert.equal(page.results.length, 5);
    });

    it('lists 250+ widgets versions in verbose_name descending string order, without pull-request versions', async () => {
      const page = await getJson<Page<{ slug: string; verbose_name: string; type: string }>>('projects/widgets/versions/?limit=1000');
      assert.ok(page.count >= 250, `count ${page.count}`);
      assert.equal(page.next, null);
      assert.ok(page.results.every((v) => v.type !== 'external'));
      const names = page.results.map((v) => v.verbose_name);
      assert.deepEqual(names, [...names].sort().reverse());
      assert.ok(names.indexOf('v1.9.4') < names.indexOf('v1.12.0'), 'string order, not semver');
    });

    it('falls back to 10 items for a zero or non-numeric limit', async () => {
      assert.equal((await getJson<Page>('projects/widgets/versions/?limit=0')).results.length, 10);
      assert.equal((await getJson<Page>('projects/widgets/versions/?limit=ten')).results.length, 10);
    });
  });

  describe('authentication, permissions and error shapes', () => {
    it('answers 401 "Invalid token." with WWW-Authenticate on public endpoints for an unknown token', async () => {
      const response = await call('projects/widgets/', 'f'.repeat(40));
      assert.equal(response.status, 401);
      assert.equal(response.headers.get('www-authenticate'), 'Token');
      assert.deepEqual(await response.json(), { detail: 'Invalid token.' });
    });

    it('ignores Bearer credentials (anonymous) and needs a token to list projects', async () => {
      const response = await call('projects/', undefined, { headers: { Authorization: `Bearer ${sb.tokens.owner}` } });
      assert.equal(response.status, 401);
      assert.deepEqual(await response.json(), { detail: 'Authentication credentials were not provided.' });
      const mine = await getJson<Page<{ slug: string }>>('projects/', sb.tokens.owner);
      assert.deepEqual(mine.results.map((p) => p.slug),
        ['gadget-docs', 'hostile-demo', 'legacy-widgets', 'mk-demo', 'widgets', 'widgets-api', 'widgets-fr', 'zen-demo']);
    });

    it('answers 403 to a non-maintainer write, 404 with the model name, and "Not found." for a non-integer id', async () => {
      const patch = await call('projects/widgets/', sb.tokens.other, { method: 'PATCH', body: '{"name":"x"}' });
      assert.equal(patch.status, 403);
      assert.deepEqual(await patch.json(), { detail: 'You do not have permission to perform this action.' });
      const missing = await call('projects/no-such-project/');
      assert.equal(missing.status, 404);
      assert.deepEqual(await missing.json(), { detail: 'No Project matches the given query.' });
      assert.deepEqual(await getJson('projects/widgets/builds/abc/'), { detail: 'Not found.' });
      assert.equal((await call('projects/widgets/redirects/', sb.tokens.other)).status, 403, 'redirects need admin even for GET');
    });

    it('serves the HTML 404 page for unknown routes and redirects slash-less URLs', async () => {
      const unknown = await call('organizations/', sb.tokens.owner);
      assert.equal(unknown.status, 404);
      assert.match(unknown.headers.get('content-type') ?? '', /^text\/html/);
      const slashless = await fetch(`${sb.apiBase}projects/widgets`, { redirect: 'manual' });
      assert.equal(slashless.status, 301);
      assert.equal(slashless.headers.get('location'), '/api/v3/projects/widgets/');
    });

    it('returns empty pages under a missing project and an empty-bodied 404 for a missing superproject', async () => {
      const page = await getJson<Page>('projects/no-such-project/versions/');
      assert.deepEqual(page, { count: 0, next: null, previous: null, results: [] });
      const none = await call('projects/widgets/superproject/');
      assert.equal(none.status, 404);
      assert.equal(await none.text(), '');
      const parent = await getJson('projects/widgets-api/superproject/');
      assert.equal(parent.slug, 'widgets');
    });

    it('sorts JSON keys and answers PATCH with an empty 204', async () => {
      const text = await (await call('projects/widgets/')).text();
      const keys = Object.keys(JSON.parse(text));
      assert.deepEqual(keys, [...keys].sort());
      const patch = await call('projects/widgets/', sb.tokens.owner, { method: 'PATCH', body: '{"tags":["a"]}' });
      assert.equal(patch.status, 204);
      assert.equal(await patch.text(), '');
      assert.deepEqual((await getJson('projects/widgets/')).tags, ['a']);
    });
  });

  describe('builds', () => {
    it('runs a build through every state on the clock and cancels the running build of the same version', async () => {
      const running = await getJson<Page<Json>>('projects/widgets/builds/?running=true');
      assert.equal(running.count, 1);
      const seeded = running.results[0];
      assert.equal(seeded.version, 'latest');
      assert.equal(seeded.success, null);

      const trigger = await post('projects/widgets/versions/latest/builds/', sb.tokens.owner);
      assert.equal(trigger.status, 202);
      const body = await trigger.json() as Json;
      assert.equal(body.triggered, true);
      assert.equal(body.build.state.code, 'triggered');
      assert.equal(body.build.success, null);
      assert.equal(body.build.commit, null);

      const { build, states } = await waitForBuild('widgets', body.build.id);
      assert.ok(states.size >= 3, `saw ${[...states].join(', ')}`);
      assert.equal(build.state.code, 'finished');
      assert.equal(build.success, true);
      assert.equal(build.error, '');
      assert.match(build.commit, /^[0-9a-f]{40}$/);
      assert.ok(build.duration >= 1 && build.finished);

      const cancelled = await getJson(`projects/widgets/builds/${seeded.id}/`);
      assert.equal(cancelled.state.code, 'cancelled');
      assert.equal(cancelled.success, false);
    });

    it('fails the next build of a version on request, with an error notification', async () => {
      sb.failNextBuild('widgets', 'develop');
      const { build: triggered } = await (await post('projects/widgets/versions/develop/builds/', sb.tokens.owner)).json() as Json;
      const { build } = await waitForBuild('widgets', triggered.id);
      assert.equal(build.state.code, 'finished');
      assert.equal(build.success, false);
      const notifications = await getJson<Page<Json>>(`projects/widgets/builds/${build.id}/notifications/`);
      assert.equal(notifications.results[0].message.type, 'error');
    });

    it('refuses to build an inactive project (400, triggered false) and 404s an unknown version', async () => {
      const refused = await post('projects/legacy-widgets/versions/latest/builds/', sb.tokens.owner);
      assert.equal(refused.status, 400);
      assert.equal((await refused.json() as Json).triggered, false);
      assert.equal((await post('projects/widgets/versions/no-such-version/builds/', sb.tokens.owner)).status, 404);
    });
  });

  describe('redirects and environment variables', () => {
    it('reports save-time rule violations as bare arrays and old type names under "type"', async () => {
      const wildcard = await post('projects/widgets/redirects/', sb.tokens.owner, { type: 'page', from_url: '/a/*/b', to_url: '/c/' });
      assert.equal(wildcard.status, 400);
      assert.deepEqual(await wildcard.json(), ['The * wildcard must be at the end of the path.']);
      const duplicate = await post('projects/widgets/redirects/', sb.tokens.owner, { type: 'clean_url_to_html' });
      assert.deepEqual(await duplicate.json(), ['Only one redirect of type `clean_url_to_html` is allowed per project.']);
      const renamed = await (await post('projects/widgets/redirects/', sb.tokens.owner, { type: 'sphinx_html' })).json() as Json;
      assert.match(renamed.type[0], /renamed to clean_url_to_html/);
      const created = await post('projects/widgets/redirects/', sb.tokens.owner, { type: 'page', from_url: 'docs/', to_url: 'new/' });
      assert.equal(created.status, 201);
      assert.deepEqual({ ...(await created.json() as Json) }.from_url, '/docs');
    });

    it('never returns an environment variable value and refuses PATCH with 405', async () => {
      const created = await post('projects/widgets/environmentvariables/', sb.tokens.owner, { name: 'API_KEY', value: 's3cr3t' });
      assert.equal(created.status, 201);
      const text = await created.text();
      assert.ok(!text.includes('s3cr3t') && !('value' in JSON.parse(text)));
      const list = await (await call('projects/widgets/environmentvariables/', sb.tokens.owner)).text();
      assert.ok(!list.includes('"value"'));
      const patch = await call(`projects/widgets/environmentvariables/${JSON.parse(text).pk}/`, sb.tokens.owner, { method: 'PATCH', body: '{}' });
      assert.equal(patch.status, 405);
    });
  });

  describe('embed', () => {
    const page = 'https://widgets.readthedocs.io/en/latest/installation.html';

    it('returns the section for an encoded fragment, and the main content when a raw "#" is lost', async () => {
      const section = await (await embed(`${page}#requirements`)).json() as Json;
      assert.deepEqual(Object.keys(section), ['url', 'fragment', 'content', 'external']);
      assert.equal(section.fragment, 'requirements');
      assert.match(section.content, /^<section id="requirements">/);
      assert.ok(section.content.includes(`href="${page}#requirements"`), 'fragment links made absolute');

      const raw = await (await fetch(`${sb.apiBase}embed/?url=${page}#requirements`)).json() as Json;
      assert.equal(raw.fragment, null);
      assert.equal(raw.url, page);
      assert.match(raw.content, /^<div role="main"/);
    });

    it('answers {"error"} bodies, ignores tokens entirely, and resolves subprojects and custom domains', async () => {
      const missing = await embed(`${page}#no-such-section`);
      assert.equal(missing.status, 404);
      assert.match((await missing.json() as Json).error, /^Can't find content for section: url=.* fragment=no-such-section maincontent=None$/);
      const foreign = await embed('https://example.com/page.html');
      assert.equal(foreign.status, 400);
      assert.deepEqual(await foreign.json(), { error: 'External domain not allowed. domain=example.com' });
      const withBadToken = await fetch(`${sb.apiBase}embed/?url=${encodeURIComponent(page)}`, { headers: { Authorization: 'Token nope' } });
      assert.equal(withBadToken.status, 200);
      assert.equal((await embed('https://widgets.readthedocs.io/projects/api/en/latest/authentication.html')).status, 200);
      assert.equal((await embed('https://docs.example-gadgets.org/en/latest/setup/#requirements')).status, 200);
    });

    it('returns a glossary term trimmed to its definition with doctool=sphinx', async () => {
      const term = await (await embed('https://widgets.readthedocs.io/en/latest/glossary.html#term-Theme', '&doctool=sphinx')).json() as Json;
      assert.match(term.content, /^<dl class="simple glossary"><dt id="term-Theme">.*<\/dd><\/dl>$/s);
      assert.ok(!term.content.includes('id="term-Widget"'), 'other terms are dropped');
    });

    it('serves the hostile page unsanitised', async () => {
      const hostile = 'https://hostile-demo.readthedocs.io/en/latest/xss.html';
      const scripts = await (await embed(`${hostile}#script-tags`)).json() as Json;
      assert.ok(scripts.content.includes('<script>alert("xss-script")</script>'));
      const handlers = await (await embed(`${hostile}#event-handlers`)).json() as Json;
      assert.ok(handlers.content.includes('onerror='));
      assert.ok(handlers.content.includes('src="https://hostile-demo.readthedocs.io/en/latest/missing.png"'));
    });
  });

  it('throttles per token with 429, Retry-After and the DRF message', async () => {
    sb.setRateLimit(3);
    for (let i = 0; i < 3; i += 1) assert.equal((await call('projects/', sb.tokens.owner)).status, 200);
    const throttled = await call('projects/', sb.tokens.owner);
    assert.equal(throttled.status, 429);
    const retryAfter = Number(throttled.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60);
    assert.deepEqual(await throttled.json(), { detail: `Request was throttled. Expected available in ${retryAfter} seconds.` });
    assert.equal((await call('projects/', sb.tokens.other)).status, 200, 'other tokens have their own budget');
  });

  describe('faults', () => {
    it('answers with a given status and body, once', async () => {
      sb.addFault({ path: '/api/v3/projects/widgets/', kind: 'status', status: 503, body: { detail: 'Down for maintenance' }, headers: { 'Retry-After': '7' } });
      const faulty = await call('projects/widgets/');
      assert.equal(faulty.status, 503);
      assert.equal(faulty.headers.get('retry-after'), '7');
      assert.deepEqual(await faulty.json(), { detail: 'Down for maintenance' });
      assert.equal((await call('projects/widgets/')).status, 200);
    });

    it('sends HTML, malformed JSON and empty bodies', async () => {
      sb.addFault({ path: /\/versions\//, kind: 'html', status: 502 });
      const html = await call('projects/widgets/versions/');
      assert.equal(html.status, 502);
      assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
      sb.addFault({ method: 'GET', path: /\/builds\//, kind: 'malformed-json' });
      await assert.rejects((await call('projects/widgets/builds/')).json());
      sb.addFault({ kind: 'empty' });
      assert.equal(await (await call('projects/widgets/')).text(), '');
    });

    it('drops the connection or delays the answer', async () => {
      sb.addFault({ kind: 'drop' });
      await assert.rejects(call('projects/widgets/'));
      sb.addFault({ kind: 'delay', delayMs: 300 });
      await assert.rejects(call('projects/widgets/', undefined, { signal: AbortSignal.timeout(50) }));
      assert.equal((await call('projects/widgets/')).status, 200);
    });

    it('logs requests the client aborted before the response', async () => {
      sb.setLatency(200);
      await assert.rejects(call('projects/widgets/', sb.tokens.owner, { signal: AbortSignal.timeout(30) }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const entry = sb.requests.at(-1)!;
      assert.equal(entry.path, '/api/v3/projects/widgets/');
      assert.equal(entry.aborted, true);
      assert.equal(entry.authorized, true);
      assert.equal(entry.authorization, `Token ${sb.tokens.owner}`);
    });
  });

  it('is driven over HTTP by the control API, which stays out of the request log', async () => {
    const control = (path: string, method = 'POST', body?: unknown) =>
      fetch(`${sb.origin}/_sandbox/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    assert.equal((await control('faults', 'POST', { kind: 'status', status: 500, path: '/^\\/api\\/v3\\/projects\\/widgets\\/$/', times: 'Infinity' })).status, 204);
    assert.equal((await call('projects/widgets/')).status, 500);
    assert.equal((await call('projects/widgets/')).status, 500);
    assert.equal((await call('projects/widgets/versions/')).status, 200);
    assert.equal((await control('faults', 'DELETE')).status, 204);
    assert.equal((await call('projects/widgets/')).status, 200);

    const log = await (await control('log', 'GET')).json() as { path: string; status: number }[];
    assert.deepEqual(log.map((e) => e.status), [500, 500, 200, 200]);
    assert.ok(log.every((e) => !e.path.startsWith('/_sandbox/')));

    await control('latency', 'POST', { ms: 0 });
    await control('rate-limit', 'POST', { perMinute: null });
    await control('build-step', 'POST', { ms: 20 });
    await call('projects/widgets/', sb.tokens.owner, { method: 'PATCH', body: '{"name":"Renamed"}' });
    assert.equal((await control('reset')).status, 204);
    assert.equal(sb.requests.length, 0);
    assert.equal((await getJson('projects/widgets/')).name, 'Widgets');
  });
});
