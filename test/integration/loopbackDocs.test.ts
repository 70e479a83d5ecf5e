// The sandbox's loopback docs origins (`loopbackDocs`): each docs site served on its own 127.0.0.1 port
// and published as the project's documentation URL, reached by the production code like any custom
// domain (its own dispatcher, no routing): inventories, the embed endpoint, search, hover matching.

import * as assert from 'node:assert/strict';
import { DocHostMatcher } from '../../src/core/embed/docHosts';
import { ProjectDocsIndex } from '../../src/core/embed/projectDocs';
import { docsFileFetcher } from '../../src/core/inventory/docsFile';
import { InventoryStore } from '../../src/core/inventory/inventoryStore';
import { InventorySources } from '../../src/core/inventory/sources';
import { silentLogger } from '../../src/core/log';
import { DocsSearch } from '../../src/core/search/docsSearch';
import { PublishedVersions } from '../../src/core/workspace/publishedVersion';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';

describe('integration: docs sites on loopback origins (loopbackDocs)', function () {
  this.timeout(20_000);
  let sandbox: Sandbox;
  let widgets: string;

  before(async () => {
    sandbox = await startSandbox({ loopbackDocs: true });
    widgets = sandbox.docsOrigins.get('widgets') ?? '';
  });
  after(async () => {
    await sandbox.close();
  });

  it('gives each docs site its own port; translations and subprojects live under their main project', () => {
    assert.match(widgets, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(widgets, sandbox.origin);
    assert.ok(!sandbox.docsOrigins.has('widgets-api') && !sandbox.docsOrigins.has('widgets-fr'), [...sandbox.docsOrigins.keys()].join(', '));
    const origins = [...sandbox.docsOrigins.values()];
    assert.equal(new Set(origins).size, origins.length, 'one port per site');
    sandbox.reset();
    assert.equal(sandbox.docsOrigins.get('widgets'), widgets, 'a reset keeps the ports');
  });

  it('the API publishes those origins as documentation URLs (projects, subprojects, translations, versions)', async () => {
    const client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
    try {
      assert.equal((await client.projects.get('widgets')).urls.documentation, `${widgets}/en/stable/`);
      assert.equal((await client.projects.get('widgets-api')).urls.documentation?.startsWith(`${widgets}/projects/api/en/`), true);
      assert.equal((await client.projects.get('widgets-fr')).urls.documentation?.startsWith(`${widgets}/fr/`), true);
      const versions = await client.versions.list('widgets');
      assert.ok(versions.items.every((v) => v.urls.documentation?.startsWith(`${widgets}/`)), versions.items.map((v) => v.urls.documentation).join('\n'));
    } finally {
      await client.dispose();
    }
  });

  it('objects.inv comes from the docs origin through the API client transport, without a token', async () => {
    const client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
    try {
      sandbox.clearLog();
      const project = await client.projects.get('widgets');
      const store = new InventoryStore({
        fetchFile: docsFileFetcher(() => client.transport),
        logger: silentLogger,
      });
      const bound = { started: true, current: async () => [{ edition: 'community' as const, project, folderPath: '/work/widgets', branch: undefined, versionSlug: undefined }], onDidChange: () => ({ dispose() {} }) };
      const sources = new InventorySources({
        bound,
        store,
        published: new PublishedVersions({ bound, clientOf: () => client, logger: silentLogger }),
        clientOf: () => client,
        namedRoots: async () => new Map(),
        folderTrusted: () => true,
        logger: silentLogger,
      });
      const { set } = await sources.forFile('/work/widgets/docs/index.rst');
      assert.equal(set.own?.rootUrl, `${widgets}/en/stable/`);
      assert.equal(set.own?.urlOf(set.own.find(['std:label'], 'requirements')!), `${widgets}/en/stable/installation.html#requirements`);
      assert.deepEqual([...set.named.keys()].sort(), ['api', 'fr'], 'subproject and translation inventories from the same origin');
      const docsHost = new URL(widgets).host;
      const toDocs = sandbox.requests.filter((r) => r.host === docsHost);
      assert.ok(toDocs.some((r) => r.path === '/en/stable/objects.inv' && r.status === 200));
      assert.ok(toDocs.every((r) => r.authorization === undefined), 'the docs origin never gets the token');
    } finally {
      await client.dispose();
    }
  });

  it('the embed endpoint cuts sections from those URLs; search results carry the origin; hovers recognise it', async () => {
    const client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
    const search = new DocsSearch({ clientOf: () => client });
    try {
      const section = await client.embed.section(`${widgets}/en/stable/installation.html#requirements`, { doctool: 'sphinx' });
      assert.equal(section.external, false);
      assert.match(section.contentHtml, /Python 3\.9\+/);
      const results = await search.search('community', 'requirements', { kind: 'mine' });
      assert.ok(results.hits.some((h) => h.url === `${widgets}/en/stable/installation.html#requirements`), results.hits.map((h) => h.url).join('\n'));
      const matcher = new DocHostMatcher();
      await new ProjectDocsIndex({ source: { signedIn: ['community'], client: () => client }, matcher, logger: silentLogger }).ensureLoaded();
      assert.deepEqual(matcher.match(`${widgets}/en/stable/usage.html#quickstart`), { edition: 'community', kind: 'project' });
      assert.equal(matcher.match(`${sandbox.origin}/en/stable/usage.html`), undefined, 'the API origin is no docs site');
    } finally {
      search.dispose();
      await client.dispose();
    }
  });
});
