// objects.inv from the sandbox's docs hosts (no token, conditional, 404 for MkDocs), parsed and
// resolved; the Search API's query rules and pagination through the client.

import * as assert from 'node:assert/strict';
import { docsFileFetcher } from '../../src/core/inventory/docsFile';
import { InventoryIndex } from '../../src/core/inventory/inventoryIndex';
import { InventoryStore } from '../../src/core/inventory/inventoryStore';
import { referenceAt } from '../../src/core/inventory/referenceAt';
import { resolveReference } from '../../src/core/inventory/resolve';
import { InventorySources } from '../../src/core/inventory/sources';
import { silentLogger } from '../../src/core/log';
import { type BoundProject } from '../../src/core/workspace/boundProject';
import { parseInventory } from '../../src/core/inventory/parse';
import { DocsSearch } from '../../src/core/search/docsSearch';
import { workspaceSearchProjects } from '../../src/core/search/query';
import { PublishedVersions } from '../../src/core/workspace/publishedVersion';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';
import { docsHostsDispatcher } from '../helpers/docsHosts';

describe('integration: inventories on docs hosts and the Search API', function () {
  this.timeout(20_000);
  let sandbox: Sandbox;
  let dispatcher: ReturnType<typeof docsHostsDispatcher>;
  let docsClient: ReturnType<typeof clientFor>;

  before(async () => {
    sandbox = await startSandbox();
    dispatcher = docsHostsDispatcher(sandbox.origin);
    docsClient = clientFor(sandbox.origin, { token: sandbox.tokens.owner, dispatcher });
  });
  after(async () => {
    await docsClient.dispose();
    await dispatcher.close();
    await sandbox.close();
  });

  const fetchFile = () => docsFileFetcher(() => docsClient.transport);

  it('fetches objects.inv without a token, answers 304 to its ETag, and it resolves the demo labels', async () => {
    sandbox.clearLog();
    const root = 'https://widgets.readthedocs.io/en/latest/';
    const first = await fetchFile()(`${root}objects.inv`, {});
    assert.equal(first.status, 'ok');
    if (first.status !== 'ok') return;
    assert.ok(first.validators.etag);
    const index = new InventoryIndex(parseInventory(first.bytes), root);
    assert.equal(index.urlOf(index.find(['std:label'], 'Requirements')!), `${root}installation.html#requirements`);
    assert.equal(index.find(['std:label'], 'configuration-label')?.displayName, 'Configuration');
    assert.equal(index.find(['std:doc'], 'installation')?.displayName, 'Installation');
    assert.equal(index.find(['std:term'], 'read the docs')?.name, 'Read the Docs');
    assert.equal(index.find(['py:class'], 'widgets.Widget')?.uri, 'api.html#widgets.Widget');
    assert.equal(index.find(['py:method'], 'widgets.Window.add')?.uri, 'api.html#widgets.Window.add');
    assert.equal(index.find(['py:exception'], 'widgets.WidgetError')?.uri, 'api.html#widgets.WidgetError');
    const again = await fetchFile()(`${root}objects.inv`, first.validators);
    assert.equal(again.status, 'not-modified');
    const requests = sandbox.requests.filter((r) => r.path === '/en/latest/objects.inv');
    assert.equal(requests.length, 2);
    assert.ok(requests.every((r) => r.authorization === undefined), 'docs hosts never get the token');
  });

  it('a MkDocs site and a missing version have no inventory (missing, not an error)', async () => {
    assert.equal((await fetchFile()('https://docs.example-gadgets.org/en/latest/objects.inv', {})).status, 'missing');
    assert.equal((await fetchFile()('https://widgets.readthedocs.io/en/nope/objects.inv', {})).status, 'missing');
  });

  it('search: subprojects: covers the project and its subprojects; user:@me all of mine; highlights; pages of at most 30', async () => {
    const client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
    const search = new DocsSearch({ clientOf: () => client });
    try {
      const scoped = await search.search('community', 'authentication', { kind: 'projects', projects: [{ slug: 'widgets' }] });
      assert.ok(scoped.hits.some((h) => h.project === 'widgets-api' && /\/projects\/api\/en\/[^/]+\/authentication.html#authentication$/.test(h.url)), JSON.stringify(scoped.hits.map((h) => h.url)));
      const requirements = await search.search('community', 'requirements', { kind: 'mine' });
      const hit = requirements.hits.find((h) => h.url === 'https://widgets.readthedocs.io/en/stable/installation.html#requirements');
      assert.ok(hit);
      assert.equal(hit.sectionTitle, 'Requirements');
      assert.deepEqual(hit.snippet, { text: 'Requirements', marks: [[0, 12]] });
      const query = sandbox.requests.filter((r) => r.path === '/api/v3/search/').at(-1)?.query;
      assert.equal(query?.q, 'requirements user:@me');
      assert.equal(query?.page_size, '30');
    } finally {
      search.dispose();
      await client.dispose();
    }
  });
});

describe('integration: the version a branch\'s docs are read in (cross-references and search)', function () {
  this.timeout(20_000);
  let sandbox: Sandbox;
  before(async () => { sandbox = await startSandbox(); });
  after(async () => { await sandbox.close(); });

  it('Search Documentation on a branch whose version was never built searches the default version, as cross-references read it', async () => {
    const client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
    const search = new DocsSearch({ clientOf: () => client });
    try {
      const project = await client.projects.get('widgets');
      const on = (branch: string, versionSlug: string): BoundProject => ({ edition: 'community', project, folderPath: `/work/${branch}`, branch, versionSlug });
      const unbuilt = on('docs-refresh', 'docs-refresh');
      const built = on('develop', 'develop');
      const binding = { started: true, current: async () => [unbuilt], onDidChange: () => ({ dispose() {} }) };
      const published = new PublishedVersions({ bound: binding, clientOf: () => client, logger: silentLogger });

      const asBranch = await search.search('community', 'requirements', { kind: 'projects', projects: [{ slug: 'widgets', version: 'docs-refresh' }] });
      assert.deepEqual(asBranch.hits, [], 'the Search API finds nothing in a version never built');
      const projects = await workspaceSearchProjects([unbuilt], 'community', published);
      assert.deepEqual(projects, [{ slug: 'widgets' }], 'the default version instead');
      const found = await search.search('community', 'requirements', { kind: 'projects', projects });
      assert.ok(found.hits.some((h) => h.url === `${project.urls.documentation}installation.html#requirements`), JSON.stringify(found.hits.map((h) => h.url)));
      assert.equal((await published.of(unbuilt)).root, project.urls.documentation, 'cross-references read the same version');

      assert.deepEqual(await workspaceSearchProjects([built, { ...unbuilt, edition: 'business' }], 'community', published), [{ slug: 'widgets', version: 'develop' }], 'a built branch version is searched; another edition is not');
      assert.match((await published.of(built)).root ?? '', /\/en\/develop\/$/);
      const versionReads = sandbox.requests.filter((r) => r.path.startsWith('/api/v3/projects/widgets/versions/')).map((r) => r.path);
      assert.deepEqual(versionReads, ['/api/v3/projects/widgets/versions/docs-refresh/', '/api/v3/projects/widgets/versions/develop/'], 'each version read once');
    } finally {
      search.dispose();
      await client.dispose();
    }
  });
});

describe('integration: the inventories a workspace file reaches', function () {
  this.timeout(20_000);
  let sandbox: Sandbox;
  let dispatcher: ReturnType<typeof docsHostsDispatcher>;

  before(async () => {
    sandbox = await startSandbox();
    dispatcher = docsHostsDispatcher(sandbox.origin);
  });
  after(async () => {
    await dispatcher.close();
    await sandbox.close();
  });

  it("the checked-out branch's built version, subprojects by alias, translations by language, named mappings", async () => {
    const client = clientFor(sandbox.origin, { dispatcher });
    try {
      const project = await client.projects.get('widgets');
      const bound: BoundProject = { edition: 'community', project, folderPath: '/work/widgets', branch: 'main', versionSlug: 'latest' };
      const store = new InventoryStore({
        fetchFile: docsFileFetcher(() => client.transport),
        logger: silentLogger,
      });
      const binding = { started: true, current: async () => [bound], onDidChange: () => ({ dispose() {} }) };
      const sources = new InventorySources({
        bound: binding,
        store,
        published: new PublishedVersions({ bound: binding, clientOf: () => client, logger: silentLogger }),
        clientOf: () => client,
        namedRoots: async () => new Map([['gadgets', 'https://docs.example-gadgets.org/en/latest/']]),
        folderTrusted: () => true,
        logger: silentLogger,
      });
      const { set } = await sources.forFile('/work/widgets/docs/index.rst');
      assert.equal(set.own?.rootUrl, 'https://widgets.readthedocs.io/en/latest/', 'the branch version, not the default (stable)');
      assert.deepEqual([...set.named.keys()].sort(), ['api', 'fr'], 'the MkDocs mapping has no inventory and is left out quietly');
      const reference = referenceAt(':ref:`api:authentication`', 3, 'restructuredtext')!;
      const resolution = resolveReference(reference, set, 'index');
      assert.equal(resolution?.kind === 'resolved' && resolution.url, 'https://widgets.readthedocs.io/projects/api/en/latest/authentication.html#authentication');
      assert.equal((await sources.forFile('/elsewhere/x.rst')).set.own, undefined, 'a file outside the bound folder has no own inventory');
    } finally {
      await client.dispose();
    }
  });
});
