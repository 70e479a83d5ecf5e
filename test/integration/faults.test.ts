import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import {
  AuthError, CancelledError, CrossOriginError, ForbiddenError, HttpStatusError, NetworkError, NotFoundError,
  RateLimitedError, ServerError, TimeoutError, UnexpectedResponseError,
} from '../../src/core/api/errors';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';

describe('client ↔ sandbox: faults', () => {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;

  before(async () => { sandbox = await startSandbox({ buildStepMs: 50 }); });
  beforeEach(() => {
    sandbox.reset();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner, timeoutMs: 500 });
  });
  afterEach(() => client.dispose());
  after(() => sandbox.close());

  const count = (method: string, path: RegExp) => sandbox.requests.filter((r) => r.method === method && path.test(r.path)).length;

  it('401: a wrong token is AuthError on every endpoint, public ones too', async () => {
    const wrong = clientFor(sandbox.origin, { token: 'f'.repeat(40) });
    await assert.rejects(wrong.projects.list(), (e: unknown) => e instanceof AuthError && e.detail === 'Invalid token.');
    await assert.rejects(wrong.projects.get('widgets'), AuthError);
    await wrong.dispose();
  });

  it('403: writing to someone else\'s project', async () => {
    const other = clientFor(sandbox.origin, { token: sandbox.tokens.other });
    await assert.rejects(other.builds.trigger('widgets', 'latest'), ForbiddenError);
    await other.dispose();
  });

  it('404: a missing project', async () => {
    await assert.rejects(client.projects.get('no-such-project'), (e: unknown) => e instanceof NotFoundError && /No Project/.test(e.detail ?? ''));
  });

  it('429: GET waits Retry-After, then succeeds', async () => {
    sandbox.addFault({ method: 'GET', path: '/api/v3/projects/', kind: 'status', status: 429, headers: { 'Retry-After': '1' }, body: { detail: 'Request was throttled. Expected available in 1 second.' } });
    const started = Date.now();
    const page = await client.projects.list();
    assert.ok(page.items.length > 0);
    assert.ok(Date.now() - started >= 900, 'waited for Retry-After');
    assert.equal(count('GET', /^\/api\/v3\/projects\/$/), 2);
  });

  it('429 with a Retry-After beyond the cap goes to the caller, and pauses the budget', async () => {
    sandbox.addFault({ path: '/api/v3/projects/', kind: 'status', status: 429, headers: { 'Retry-After': '120' }, body: { detail: 'Request was throttled.' } });
    await assert.rejects(client.projects.list(), (e: unknown) => e instanceof RateLimitedError && e.retryAfterSeconds === 120);
    assert.ok(client.budget.state.pausedUntil);
  });

  it('a write is never retried, whatever the failure', async () => {
    for (const fault of [
      { kind: 'status' as const, status: 503 },
      { kind: 'status' as const, status: 429, headers: { 'Retry-After': '1' } },
      { kind: 'drop' as const },
    ]) {
      sandbox.clearLog();
      sandbox.addFault({ method: 'POST', path: /\/builds\/$/, ...fault });
      await assert.rejects(client.builds.trigger('widgets', 'latest'));
      assert.equal(count('POST', /\/builds\/$/), 1, `one POST for ${fault.kind} ${'status' in fault ? fault.status : ''}`);
      client.budget.pause(0);
    }
  });

  it('500 is ServerError without retry; 502/503/504 are retried for GETs', async () => {
    sandbox.addFault({ path: '/api/v3/projects/widgets/', kind: 'status', status: 500, body: '<html>Server Error</html>', headers: { 'content-type': 'text/html' } });
    await assert.rejects(client.projects.get('widgets'), (e: unknown) => e instanceof ServerError && e.status === 500);
    assert.equal(count('GET', /^\/api\/v3\/projects\/widgets\/$/), 1);
    sandbox.addFault({ path: '/api/v3/projects/widgets/', kind: 'status', status: 502, times: 2 });
    assert.equal((await client.projects.get('widgets')).slug, 'widgets');
    assert.equal(count('GET', /^\/api\/v3\/projects\/widgets\/$/), 4);
  });

  it('an HTML page where JSON was due is UnexpectedResponseError', async () => {
    sandbox.addFault({ path: '/api/v3/projects/', kind: 'html', status: 200 });
    await assert.rejects(client.projects.list(), (e: unknown) => e instanceof UnexpectedResponseError && /HTML/.test(e.reason));
  });

  it('an unknown route answers with an HTML 404', async () => {
    await assert.rejects(client.organizations.list(), NotFoundError);
  });

  it('malformed JSON and a wrong shape are UnexpectedResponseError', async () => {
    sandbox.addFault({ path: '/api/v3/projects/', kind: 'malformed-json' });
    await assert.rejects(client.projects.list(), UnexpectedResponseError);
    sandbox.addFault({ path: '/api/v3/projects/', kind: 'status', status: 200, body: { results: [{ id: 'x' }] } });
    await assert.rejects(client.projects.list(), UnexpectedResponseError);
  });

  it('a 405 is HttpStatusError', async () => {
    sandbox.addFault({ path: '/api/v3/projects/widgets/', kind: 'status', status: 405, body: { detail: 'Method "PATCH" not allowed.' } });
    await assert.rejects(client.projects.update('widgets', { name: 'x' }), (e: unknown) => e instanceof HttpStatusError && e.status === 405);
  });

  it('a dropped connection is retried for GETs and is NetworkError when it persists', async () => {
    sandbox.addFault({ path: '/api/v3/projects/', kind: 'drop' });
    assert.ok((await client.projects.list()).items.length > 0);
    sandbox.addFault({ path: '/api/v3/projects/', kind: 'drop', times: Infinity });
    await assert.rejects(client.projects.list(), NetworkError);
  });

  it('a response slower than the timeout is TimeoutError', async () => {
    sandbox.addFault({ path: '/api/v3/projects/', kind: 'delay', delayMs: 2000 });
    await assert.rejects(client.projects.list(), (e: unknown) => e instanceof TimeoutError && e.timeoutMs === 500);
  });

  it('an abort cancels the request and the sandbox sees it closed', async () => {
    sandbox.setLatency(300);
    const controller = new AbortController();
    const pending = client.projects.list({}, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(pending, CancelledError);
    await new Promise((r) => setTimeout(r, 400));
    sandbox.setLatency(0);
    assert.ok(sandbox.requests.some((r) => r.aborted), 'the sandbox recorded the closed connection');
  });

  it('a connection refused is NetworkError', async () => {
    const dead = clientFor('http://127.0.0.1:9', { token: sandbox.tokens.owner, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterSeconds: 0 } });
    await assert.rejects(dead.projects.list(), (e: unknown) => e instanceof NetworkError && e.code === 'ECONNREFUSED');
    await dead.dispose();
  });

  describe('the token never leaves the base URL origin', () => {
    let spy: Server;
    let spyOrigin: string;
    const seen: (string | undefined)[] = [];

    before(async () => {
      spy = createServer((req, res) => {
        seen.push(req.headers.authorization);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ count: 0, next: null, previous: null, results: [] }));
      });
      await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
      spyOrigin = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => spy.close(() => resolve())));

    it('refuses a cross-origin next link and sends nothing there', async () => {
      sandbox.addFault({ path: '/api/v3/projects/', kind: 'status', status: 200, body: { count: 2, next: `${spyOrigin}/api/v3/projects/?offset=1`, previous: null, results: [] } });
      const first = await client.projects.list();
      await assert.rejects(client.nextPage(first.next!), (e: unknown) => e instanceof CrossOriginError && e.refusedOrigin === spyOrigin);
      assert.deepEqual(seen, []);
    });

    it('does not follow a redirect to another origin', async () => {
      sandbox.addFault({ path: '/api/v3/projects/', kind: 'status', status: 302, headers: { location: `${spyOrigin}/api/v3/projects/` } });
      await assert.rejects(client.projects.list(), HttpStatusError);
      assert.deepEqual(seen, []);
    });

    it('sends no token to the embed endpoint', async () => {
      await client.embed.section('https://widgets.readthedocs.io/en/latest/index.html').catch(() => undefined);
      assert.equal(sandbox.requests.at(-1)?.authorization, undefined);
    });
  });
});
