// Private docs on Business over real HTTP: the sandbox's sharing routes, a private version that
// answers only to a header token of its own project, and the client's side: the header goes only
// to that project's docs origin (the request log), redirects across origins never carry it, a
// renewal replaces the method, a revocation is said once.

import * as assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { createSharingMethod, deleteSharingMethod, listSharingMethods } from '../../src/core/api/endpoints/sharing';
import { ForbiddenError, NotFoundError, PrivateDocsRefusedError, ValidationError } from '../../src/core/api/errors';
import { describeError } from '../../src/core/api/describeError';
import { EmbedError } from '../../src/core/api/errors';
import { docsFileFetcher } from '../../src/core/inventory/docsFile';
import { docsScopeOf } from '../../src/core/api/docsScope';
import { createHeaderMethod, grantOfMethod, renewGrant } from '../../src/core/sharing/headerGrants';
import { type DocsGrant, PrivateDocsGrants } from '../../src/core/sharing/privateDocs';
import { privateAwareSections } from '../../src/core/sharing/privateSections';
import { htmlToMarkdown } from '../../src/core/html';
import { embedSectionOf } from '../../src/core/html/embedSection';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';

const WEEK = 7 * 86_400_000;

describe('integration: private docs on Business (sharing methods, header tokens)', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;
  let handbook: string;
  let widgets: string;

  before(async () => {
    sandbox = await startSandbox({ edition: 'business', loopbackDocs: true });
    handbook = sandbox.docsOrigins.get('internal-handbook')!;
    widgets = sandbox.docsOrigins.get('widgets')!;
  });
  beforeEach(() => {
    sandbox.reset();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner, edition: 'business' });
  });
  afterEach(async () => client.dispose());
  after(async () => sandbox.close());

  const docsGet = (url: string, token?: string) => fetch(url, { headers: token ? { Authorization: `Token ${token}` } : {} });

  describe('the sandbox: sharing routes', () => {
    it('list, POST 201, GET, PATCH the description, DELETE 204', async () => {
      assert.equal((await listSharingMethods(client, 'internal-handbook')).items.length, 0);
      const made = await createSharingMethod(client, 'internal-handbook', { accessType: 'http_header_token', allowAll: true, expires: '2099-01-01', description: 'CI' });
      assert.equal(made.accessType, 'http_header_token');
      assert.ok(made.token && made.token.length >= 20);
      assert.equal(made.lastUsedAt, undefined);
      assert.match(made.url ?? '', new RegExp(`^${handbook}/_/sharing/${made.token}\\?next=/en/latest/$`));
      const post = sandbox.requests.find((r) => r.method === 'POST');
      assert.equal(post?.status, 201);
      const detail = await client.requests.get(`projects/internal-handbook/sharing/${made.id}/`, {}, (v) => v as Record<string, unknown>);
      assert.equal(detail.token, made.token, 'the token can be read again (FACTS §25)');
      const patched = await client.requests.write('PATCH', `projects/internal-handbook/sharing/${made.id}/`, { description: 'renamed' }, (v) => v as Record<string, unknown>);
      assert.equal(patched.description, 'renamed');
      await deleteSharingMethod(client, 'internal-handbook', made.id);
      assert.equal(sandbox.requests.at(-1)?.status, 204);
      assert.equal((await listSharingMethods(client, 'internal-handbook')).items.length, 0);
    });

    it('answers each wrong field with a 400 under its name', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ access_type: 'cookie' }, 'access_type'],
        [{}, 'access_type'],
        [{ access_type: 'password' }, 'password'],
        [{ access_type: 'token', password: 'secret123' }, 'password'],
        [{ access_type: 'token', allow_all: false }, 'versions'],
        [{ access_type: 'token', allow_all: false, versions: ['nope'] }, 'versions'],
        [{ access_type: 'http_header_token', expires: 'next week' }, 'expires'],
        [{ access_type: 'http_header_token', expires: '2001-01-01' }, 'expires'],
      ];
      for (const [body, field] of cases) {
        await assert.rejects(client.requests.write('POST', 'projects/internal-handbook/sharing/', body), (error: unknown) => {
          assert.ok(error instanceof ValidationError, String(error));
          assert.ok(Object.keys(error.fieldErrors).includes(field), `${JSON.stringify(body)} → ${JSON.stringify(error.fieldErrors)}`);
          return true;
        });
      }
      // widgets' public `latest` is not a private version.
      await assert.rejects(createSharingMethod(client, 'widgets', { accessType: 'token', allowAll: false, versions: ['latest'], expires: '2099-01-01', description: '' }), ValidationError);
    });

    it('refuses a non-admin (403), and Community has no such route (HTML 404)', async () => {
      const other = clientFor(sandbox.origin, { token: sandbox.tokens.other, edition: 'business' });
      try {
        await assert.rejects(listSharingMethods(other, 'widgets'), ForbiddenError);
      } finally {
        await other.dispose();
      }
      const community = await startSandbox();
      const communityClient = clientFor(community.origin, { token: community.tokens.owner });
      try {
        await assert.rejects(listSharingMethods(communityClient, 'widgets'), NotFoundError);
        assert.equal(community.requests.at(-1)?.status, 404);
        const page = await fetch(`${community.apiBase}projects/widgets/sharing/`, { headers: { Authorization: `Token ${community.tokens.owner}` } });
        assert.match(page.headers.get('content-type') ?? '', /html/);
      } finally {
        await communityClient.dispose();
        await community.close();
      }
    });
  });

  describe('the sandbox: a private version on its docs host', () => {
    it('answers only to a header token of that project: 401 without, 403 with another project\'s, 200 with its own (last_used_at set)', async () => {
      const page = `${handbook}/en/latest/index.html`;
      assert.equal((await docsGet(page)).status, 401);
      const widgetsMethod = await createSharingMethod(client, 'widgets', { accessType: 'http_header_token', allowAll: true, expires: '2099-01-01', description: '' });
      assert.equal((await docsGet(page, widgetsMethod.token)).status, 403, 'another project\'s token');
      assert.equal((await docsGet(page, sandbox.tokens.owner)).status, 403, 'an API token is not a sharing token');
      const own = await createSharingMethod(client, 'internal-handbook', { accessType: 'http_header_token', allowAll: true, expires: '2099-01-01', description: '' });
      const response = await docsGet(page, own.token);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /Only for Example Corp/);
      assert.equal((await docsGet(`${handbook}/en/latest/objects.inv`, own.token)).status, 200);
      const listed = (await listSharingMethods(client, 'internal-handbook')).items.find((m) => m.id === own.id);
      assert.ok(listed?.lastUsedAt, 'last_used_at is set on use');
    });

    it('honours expiry, versions and kind: an expired method, one for other versions, a secret link are refused', async () => {
      const page = `${widgets}/en/internal/usage.html`;
      const ok = await createSharingMethod(client, 'widgets', { accessType: 'http_header_token', allowAll: false, versions: ['internal'], expires: '2099-01-01', description: '' });
      assert.equal((await docsGet(page, ok.token)).status, 200);
      sandbox.db.sharingMethods.find((m) => m.id === ok.id)!.expires = '2001-01-01';
      assert.equal((await docsGet(page, ok.token)).status, 403, 'expired');
      const link = await createSharingMethod(client, 'widgets', { accessType: 'token', allowAll: true, expires: '2099-01-01', description: '' });
      assert.equal((await docsGet(page, link.token)).status, 403, 'a secret link is not a header token');
      assert.equal((await docsGet(`${widgets}/en/latest/usage.html`)).status, 200, 'public versions need nothing');
    });
  });

  describe('the client: the header goes to the project\'s docs origin only', () => {
    async function enabled(project: string, versions?: readonly string[]): Promise<{ grants: PrivateDocsGrants; grant: DocsGrant }> {
      const detail = await client.projects.get(project);
      const scope = docsScopeOf(detail.urls.documentation, client.transport.origin);
      assert.ok(scope, detail.urls.documentation);
      const choice = versions ? { allowAll: false as const, versions } : { allowAll: true as const };
      const method = await createHeaderMethod(client, project, choice, 'VS Code: private docs in the editor (test)', Date.now());
      const grant = grantOfMethod(project, scope, method, choice)!;
      const grants = new PrivateDocsGrants(() => client.transport.origin);
      grants.set(grant);
      return { grants, grant };
    }

    it('enabling is one write; a hover on a private page is one GET of the page with the header, cut locally (no embed request)', async () => {
      sandbox.clearLog();
      const { grants, grant } = await enabled('internal-handbook');
      assert.equal(sandbox.requests.filter((r) => r.method !== 'GET').length, 1, 'enabling = 1 write');
      sandbox.clearLog();
      const sections = privateAwareSections({
        embed: (_edition, pageUrl, embed, signal) => client.embed.section(pageUrl, embed, { signal }),
        grants,
        transportOf: () => client.transport,
      });
      const url = `${handbook}/en/latest/index.html#internal-handbook`;
      const section = await sections('business', url, { doctool: 'sphinx' }, new AbortController().signal);
      assert.match(htmlToMarkdown(section.contentHtml, { pageUrl: url }).markdown, /Only for Example Corp/);
      assert.deepEqual(sandbox.requests.map((r) => `${r.method} ${r.host} ${r.path} ${r.authorization ?? ''}`), [`GET ${new URL(handbook).host} /en/latest/index.html Token ${grant.token}`]);
      // A public page of another project goes to the embed endpoint, without the sharing token.
      sandbox.clearLog();
      await sections('business', `${widgets}/en/latest/usage.html#configuration-label`, { doctool: 'sphinx' }, new AbortController().signal);
      assert.deepEqual(sandbox.requests.map((r) => r.path), ['/api/v3/embed/']);
      assert.ok(sandbox.requests.every((r) => !r.authorization?.includes(grant.token)));
    });

    it('the local cut of a public page equals the sandbox embed endpoint\'s answer for it', async () => {
      const url = `${widgets}/en/latest/api.html#widgets.Widget`;
      const fromEndpoint = await client.embed.section(url, { doctool: 'sphinx' });
      const page = await (await fetch(`${widgets}/en/latest/api.html`)).text();
      const local = embedSectionOf(page, url, { fragment: 'widgets.Widget', sphinx: true })!;
      assert.equal(htmlToMarkdown(local, { pageUrl: url }).markdown, htmlToMarkdown(fromEndpoint.contentHtml, { pageUrl: url }).markdown);
    });

    it('objects.inv of a private version: read with the header; the token reaches no other origin in the log', async () => {
      const { grants, grant } = await enabled('widgets', ['internal']);
      sandbox.clearLog();
      const fetchFile = docsFileFetcher(() => client.transport, 'inventory', grants);
      const inventory = await fetchFile(`${widgets}/en/internal/objects.inv`, {});
      assert.equal(inventory.status, 'ok');
      // Other projects' inventories, the API, a subproject's path on the same host: no sharing token.
      await fetchFile(`${handbook}/en/latest/objects.inv`, {}).catch(() => undefined);
      await fetchFile(`${widgets}/projects/api/en/latest/objects.inv`, {}).catch(() => undefined);
      await client.projects.get('widgets');
      const carrying = sandbox.requests.filter((r) => r.authorization?.includes(grant.token));
      assert.deepEqual(carrying.map((r) => `${r.host} ${r.path}`), [`${new URL(widgets).host} /en/internal/objects.inv`]);
      assert.ok(sandbox.requests.filter((r) => r.path.startsWith('/api/')).every((r) => r.authorization === `Token ${sandbox.tokens.owner}`));
    });

    it('a redirect to another origin is not followed, and the next hop there carries no token', async () => {
      const { grant } = await enabled('internal-handbook');
      const target = `${widgets}/en/latest/index.html`;
      sandbox.addFault({ path: '/en/latest/moved.html', kind: 'status', status: 302, headers: { Location: target }, times: 1 });
      sandbox.clearLog();
      await assert.rejects(client.transport.getFile({ url: new URL(`${handbook}/en/latest/moved.html`), sharing: grant, bodyKind: 'docsPage', accept: [200] }));
      assert.equal(sandbox.requests.length, 1, 'not followed');
      assert.equal(sandbox.requests[0].authorization, `Token ${grant.token}`);
      await client.transport.getFile({ url: new URL(target), sharing: grant, bodyKind: 'docsPage', accept: [200] });
      assert.equal(sandbox.requests.length, 2);
      assert.equal(sandbox.requests[1].authorization, undefined, 'stripped on the other origin');
      // A caller's own Authorization header is dropped too.
      await client.transport.getFile({ url: new URL(target), headers: { Authorization: `Token ${grant.token}` }, bodyKind: 'docsPage', accept: [200] });
      assert.equal(sandbox.requests[2].authorization, undefined);
    });

    it('renewal: a new method, switched to, then the old one deleted; the old token stops working', async () => {
      const { grant } = await enabled('internal-handbook');
      const switched: DocsGrant[] = [];
      sandbox.clearLog();
      const renewal = await renewGrant(client, grant, 'VS Code: private docs in the editor (test)', Date.now() + WEEK, async (next) => { switched.push(next); });
      assert.deepEqual(sandbox.requests.map((r) => `${r.method} ${r.status}`), ['POST 201', 'DELETE 204'], 'one new method, the old one deleted, in that order');
      assert.equal(switched.length, 1);
      assert.notEqual(renewal.grant.token, grant.token);
      assert.notEqual(renewal.grant.methodId, grant.methodId);
      assert.equal(renewal.grant.expires, new Date(Date.now() + 2 * WEEK).toISOString().slice(0, 10));
      assert.equal((await docsGet(`${handbook}/en/latest/index.html`, grant.token)).status, 403);
      assert.equal((await docsGet(`${handbook}/en/latest/index.html`, renewal.grant.token)).status, 200);
    });

    it('revocation: the page is refused, the grants hear it once, the hover says why', async () => {
      const { grants, grant } = await enabled('internal-handbook');
      const refused: DocsGrant[] = [];
      grants.onRefused((g) => refused.push(g));
      await deleteSharingMethod(client, 'internal-handbook', grant.methodId!);
      const sections = privateAwareSections({ embed: () => Promise.reject(new Error('not the embed endpoint')), grants, transportOf: () => client.transport });
      for (let i = 0; i < 2; i++) {
        await assert.rejects(sections('business', `${handbook}/en/latest/index.html`, {}, new AbortController().signal), (error: unknown) => {
          assert.ok(error instanceof PrivateDocsRefusedError);
          assert.match(describeError(error), /refused the private-docs token of internal-handbook: it was revoked or has expired/);
          assert.ok(!describeError(error).includes(grant.token));
          return true;
        });
      }
      assert.equal(refused.length, 1, 'asked once');
    });

    it('a pull request\'s changed pages: the project\'s own addons API gets the header (tried), nothing else on /_/', async () => {
      sandbox.db.addVersion('internal-handbook', { slug: '12', type: 'external', privacyLevel: 'private' });
      const { grant } = await enabled('internal-handbook');
      const fetchFile = docsFileFetcher(() => client.transport, 'addonsJson', { ready: async () => undefined, grantFor: (url) => (url.origin === grant.scope.origin ? grant : undefined), refused: () => undefined });
      const withProject = { ...grant, scope: { ...grant.scope, projectSlug: 'internal-handbook' } };
      const lookup = { ready: async () => undefined, grantFor: () => withProject, refused: () => undefined };
      sandbox.clearLog();
      const url = `${handbook}/_/addons/?api-version=1&project-slug=internal-handbook&version-slug=12`;
      assert.equal((await fetchFile(url, {})).status, 'missing', 'a scope without its project sends no header: 404');
      assert.equal(sandbox.requests.at(-1)?.authorization, undefined);
      const read = await docsFileFetcher(() => client.transport, 'addonsJson', lookup)(url, {});
      assert.equal(read.status, 'ok');
      assert.equal(sandbox.requests.at(-1)?.authorization, `Token ${grant.token}`);
      const other = `${handbook}/_/addons/?api-version=1&project-slug=widgets&version-slug=latest`;
      await docsFileFetcher(() => client.transport, 'addonsJson', lookup)(other, {});
      assert.equal(sandbox.requests.at(-1)?.authorization, undefined, 'another project\'s addons get nothing');
    });

    it('a missing private page is "page not found", not a refusal', async () => {
      const { grants } = await enabled('internal-handbook');
      const sections = privateAwareSections({ embed: () => Promise.reject(new Error('not the embed endpoint')), grants, transportOf: () => client.transport });
      await assert.rejects(sections('business', `${handbook}/en/latest/nope.html`, {}, new AbortController().signal), (error: unknown) => error instanceof EmbedError && error.reason === 'pageNotFound');
    });
  });

  describe('every server answer to these requests has its words, and none repeats a token', () => {
    const faults: [string, Parameters<Sandbox['addFault']>[0]][] = [
      ['401', { kind: 'status', status: 401, body: { detail: 'Invalid token.' } }],
      ['403', { kind: 'status', status: 403, body: { detail: 'You do not have permission to perform this action.' } }],
      ['404', { kind: 'status', status: 404, body: { detail: 'Not found.' } }],
      ['409', { kind: 'status', status: 409, body: { detail: 'Conflict.' } }],
      ['429 with Retry-After', { kind: 'status', status: 429, body: { detail: 'Request was throttled.' }, headers: { 'Retry-After': '1' } }],
      ['500', { kind: 'status', status: 500 }],
      ['an HTML error page', { kind: 'html', status: 502 }],
      ['a dropped connection', { kind: 'drop' }],
    ];
    for (const [name, fault] of faults) {
      it(`creating a method: ${name}`, async () => {
        sandbox.addFault({ ...fault, method: 'POST', path: '/api/v3/projects/internal-handbook/sharing/', times: 1 });
        const error = await createSharingMethod(client, 'internal-handbook', { accessType: 'http_header_token', allowAll: true, expires: '2099-01-01', description: '' }).then(() => undefined, (e: unknown) => e);
        assert.ok(error, 'the write failed');
        const words = describeError(error, { action: 'creating a header token for internal-handbook', write: true });
        assert.match(words, /^Creating a header token for internal-handbook failed: /);
        assert.ok(!words.includes(sandbox.tokens.owner));
        assert.equal(sandbox.requests.filter((r) => r.method === 'POST').length, 1, 'a write is never re-sent');
      });
    }

    it('reading a private page: a timeout, 5xx and a dropped connection are said, never as a sign-out', async () => {
      const detail = await client.projects.get('internal-handbook');
      const scope = docsScopeOf(detail.urls.documentation, client.transport.origin)!;
      const method = await createHeaderMethod(client, 'internal-handbook', { allowAll: true }, 'test', Date.now());
      const grant = grantOfMethod('internal-handbook', scope, method, { allowAll: true })!;
      const fast = clientFor(sandbox.origin, { token: sandbox.tokens.owner, edition: 'business', timeoutMs: 200 });
      try {
        for (const fault of [{ kind: 'delay' as const, delayMs: 1000 }, { kind: 'status' as const, status: 503 }, { kind: 'drop' as const }]) {
          sandbox.addFault({ ...fault, path: '/en/latest/index.html', times: 10 });
          const error = await fast.transport.getFile({ url: new URL(`${handbook}/en/latest/index.html`), sharing: grant, bodyKind: 'docsPage', accept: [200] }).then(() => undefined, (e: unknown) => e);
          sandbox.clearFaults();
          assert.ok(error && !(error instanceof PrivateDocsRefusedError), String(error));
          const words = describeError(error);
          assert.ok(words.length > 10 && !words.includes(grant.token), words);
          assert.doesNotMatch(words, /Sign in again/);
        }
      } finally {
        await fast.dispose();
      }
    });
  });
});
