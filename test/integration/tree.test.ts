import assert from 'node:assert/strict';
import { type Edition, type ReadTheDocsClient } from '../../src/core/api/client';
import { AuthError } from '../../src/core/api/errors';
import { silentLogger } from '../../src/core/log';
import { TreeFilters } from '../../src/core/tree/filters';
import { foldersIn } from '../../src/core/tree/folders';
import { TreeLoader } from '../../src/core/tree/loader';
import { TreeModel } from '../../src/core/tree/model';
import { type DocsNode, type NodeOfKind } from '../../src/core/tree/nodes';
import { present } from '../../src/core/tree/presentNode';
import { clientFor } from '../helpers/clientFor';
import { type Sandbox, startSandbox } from '../sandbox';

/** The tree's loaders against the sandbox over real HTTP: children per kind, request counts, paging, failures. */
describe('tree loader ↔ sandbox', () => {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;
  let filters: TreeFilters;
  let errors: unknown[];
  let model: TreeModel;

  function makeModel(c: ReadTheDocsClient, signedIn: Edition[] = ['community']): TreeModel {
    errors = [];
    filters = new TreeFilters();
    const loader = new TreeLoader({
      editions: { signedIn, client: () => c },
      filters,
      logger: silentLogger,
      onError: (e) => errors.push(e),
    });
    return new TreeModel(loader);
  }

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 50 });
  });
  beforeEach(() => {
    sandbox.reset();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
    model = makeModel(client);
  });
  afterEach(() => client.dispose());
  after(() => sandbox.close());

  const apiRequests = () => sandbox.requests.filter((r) => r.path.startsWith('/api/v3/'));
  const kinds = (nodes: readonly DocsNode[]) => nodes.map((n) => n.kind);

  async function project(slug: string): Promise<NodeOfKind<'project'>> {
    const roots = await model.getChildren(undefined);
    const node = roots.find((n) => n.kind === 'project' && n.project.slug === slug);
    assert.ok(node && node.kind === 'project', `project ${slug} in ${roots.map((n) => n.id).join(', ')}`);
    return node;
  }

  async function folder(slug: string, kind: NodeOfKind<'folder'>['folder']): Promise<NodeOfKind<'folder'>> {
    const children = await model.getChildren(await project(slug));
    const node = children.find((n) => n.kind === 'folder' && n.folder === kind);
    assert.ok(node && node.kind === 'folder');
    return node;
  }

  it('opens the tree with one request: the projects list with a large limit', async () => {
    const roots = await model.getChildren(undefined);
    assert.deepEqual(apiRequests().map((r) => `${r.method} ${r.path}`), ['GET /api/v3/projects/']);
    assert.equal(apiRequests()[0].query.limit, '100');
    const slugs = roots.map((n) => (n.kind === 'project' ? n.project.slug : n.kind));
    for (const slug of ['widgets', 'widgets-api', 'widgets-fr', 'gadget-docs', 'hostile-demo', 'legacy-widgets']) assert.ok(slugs.includes(slug), slug);
    assert.ok(!slugs.includes('loadMore'));
    assert.ok(roots.every((n) => n.parentId === undefined), 'with one edition signed in, projects are the roots');
    assert.equal(roots.find((n) => n.kind === 'project' && n.project.slug === 'widgets')?.id, 'community/project:widgets');
    // Cached: asking again costs nothing.
    await model.getChildren(undefined);
    assert.equal(apiRequests().length, 1);
  });

  it('opens a project without any request: its folders; a subproject also its superproject (one request)', async () => {
    const widgets = await project('widgets');
    sandbox.clearLog();
    const children = await model.getChildren(widgets);
    assert.equal(apiRequests().length, 0);
    assert.deepEqual(children.map((n) => (n.kind === 'folder' ? n.folder : n.kind)), foldersIn('community'));
    assert.equal(children[0].id, 'community/project:widgets/versions');
    const api = await model.getChildren(await project('widgets-api'));
    const superproject = api.find((n) => n.kind === 'superproject');
    assert.ok(superproject && superproject.kind === 'superproject');
    assert.equal(superproject.superprojectSlug, 'widgets');
    assert.deepEqual(apiRequests().map((r) => r.path), ['/api/v3/projects/widgets-api/superproject/']);
    assert.equal(superproject.project?.name, 'Widgets', 'the parent\'s name and links from the superproject endpoint');
    assert.equal(present(superproject).label, 'Widgets');
    assert.equal(model.getParent(superproject)?.id, 'community/project:widgets-api');
  });

  it('keeps the superproject row (by slug) when the superproject endpoint fails', async () => {
    const api = await project('widgets-api');
    sandbox.addFault({ path: '/api/v3/projects/widgets-api/superproject/', kind: 'status', status: 500, body: { detail: 'Server Error' }, times: 5 });
    const children = await model.getChildren(api);
    const superproject = children.find((n) => n.kind === 'superproject');
    assert.ok(superproject?.kind === 'superproject');
    assert.equal(superproject.project, undefined);
    assert.equal(present(superproject).label, 'widgets');
    assert.deepEqual(errors, [], 'not a failure of the project\'s children');
  });

  it('filters the projects list with the API\'s filters, per edition', async () => {
    filters.setProjects('community', { name: 'widgets', language: 'fr' });
    const roots = await model.getChildren(undefined);
    assert.deepEqual(roots.map((n) => n.kind === 'project' && n.project.slug), ['widgets-fr']);
    const query = apiRequests()[0].query;
    assert.equal(query.name, 'widgets');
    assert.equal(query.language, 'fr');
    assert.equal(query.expand, undefined, 'no Business expansions on community');
    model.invalidate();
    filters.setProjects('community', { slug: 'no-such-project' });
    const none = await model.getChildren(undefined);
    assert.deepEqual(none.map((n) => n.kind === 'message' && n.text), ['No projects match the filter.']);
  });

  it('lists versions active first, stable pointing at its tag, and pages through all of them with Load more', async () => {
    const versions = await folder('widgets', 'versions');
    sandbox.clearLog();
    const first = await model.getChildren(versions);
    // A long list: the first page, plus the active versions on their own (114 of them: two pages).
    assert.deepEqual(apiRequests().map((r) => r.query.active ?? 'all'), ['all', 'true', 'true']);
    const more = first.at(-1);
    assert.ok(more && more.kind === 'loadMore', 'a Load more node ends the list');
    const firstVersions = first.filter((n): n is NodeOfKind<'version'> => n.kind === 'version');
    const firstInactive = firstVersions.findIndex((n) => !n.version.active);
    assert.ok(firstInactive > 0 && firstVersions.slice(firstInactive).every((n) => !n.version.active), 'active first');
    const stable = firstVersions.find((n) => n.version.slug === 'stable');
    assert.ok(stable);
    assert.match(present(stable).description ?? '', /^→ v2\.9\.\d+ · tag/);

    let pages = 0;
    for (;;) {
      const children = model.loadedChildren(versions) ?? [];
      const next = children.at(-1);
      if (next?.kind !== 'loadMore') break;
      assert.ok(next.remaining > 0);
      const result = await model.loadMore(next);
      assert.equal(result?.parent?.id, versions.id);
      pages += 1;
      assert.ok(pages < 10);
    }
    const all = (model.loadedChildren(versions) ?? []).filter((n): n is NodeOfKind<'version'> => n.kind === 'version');
    const serverCount = (await client.versions.list('widgets')).count;
    assert.ok(serverCount >= 250, `widgets has ${serverCount} versions`);
    assert.equal(all.length, serverCount, 'every version once');
    assert.equal(new Set(all.map((n) => n.id)).size, all.length, 'no duplicates');
    const lastActive = all.map((n) => n.version.active).lastIndexOf(true);
    const firstInactiveAll = all.findIndex((n) => !n.version.active);
    assert.ok(lastActive < firstInactiveAll, 'active versions stay on top across pages');
    assert.equal(pages, Math.ceil(serverCount / 100) - 1, 'one request per further page');
    assert.ok(all.every((n) => model.getParent(n)?.id === versions.id));
  });

  it('lists builds newest first with state, duration, commit and version', async () => {
    const builds = await folder('widgets', 'builds');
    sandbox.clearLog();
    const nodes = (await model.getChildren(builds)).filter((n): n is NodeOfKind<'build'> => n.kind === 'build');
    assert.equal(apiRequests().length, 1);
    assert.ok(nodes.length > 0);
    const ids = nodes.map((n) => n.build.id);
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest first');
    const finished = nodes.find((n) => n.build.state === 'finished' && n.build.durationSeconds !== undefined);
    assert.ok(finished);
    const look = present(finished);
    assert.match(look.label, new RegExp(`^#${finished.build.id}`));
    assert.match(look.description ?? '', /(succeeded|failed) · \d+ (min|s)/);
    assert.ok(['pass', 'error'].includes(look.icon));
  });

  it('lists subprojects, translations, redirects and environment variables (never a value)', async () => {
    const sub = await model.getChildren(await folder('widgets', 'subprojects'));
    assert.deepEqual(sub.map((n) => n.kind === 'subproject' && [n.subproject.alias, n.subproject.child.slug]), [['api', 'widgets-api']]);
    assert.equal(present(sub[0]).description, '→ widgets-api');

    const translations = await model.getChildren(await folder('widgets', 'translations'));
    assert.deepEqual(translations.map((n) => n.kind === 'translation' && n.project.slug), ['widgets-fr']);
    assert.match(present(translations[0]).label, /French|fr/);

    const redirects = await model.getChildren(await folder('widgets', 'redirects'));
    assert.equal(redirects.length, 6);
    assert.ok(redirects.map((n) => present(n).label).includes('page: /old-install.html → /installation.html'));

    const envs = await model.getChildren(await folder('widgets', 'environmentVariables'));
    assert.deepEqual(envs.map((n) => [present(n).label, present(n).description]).sort(),
      [['PYPI_API_TOKEN', 'private'], ['SENTRY_DSN', 'private'], ['SPHINX_THEME_VARIANT', 'public']]);
    const shown = JSON.stringify([...envs, ...envs.map((n) => present(n))]);
    for (const secret of ['pypi-AgEIcHlwaS5vcmcCJDEyMzQ1Njc4LWRlbW8tdG9rZW4', 'ingest.sentry.io', 'dark']) assert.ok(!shown.includes(secret), secret);
  });

  it('shows empty folders as an info message', async () => {
    const redirects = await model.getChildren(await folder('gadget-docs', 'redirects'));
    assert.deepEqual(kinds(redirects), ['message']);
    assert.equal(redirects[0].kind === 'message' && redirects[0].severity, 'info');
  });

  it('turns a 500 into an error message node with Retry, and Retry loads the list', async () => {
    const redirects = await folder('widgets', 'redirects');
    sandbox.addFault({ path: '/api/v3/projects/widgets/redirects/', kind: 'status', status: 500, body: { detail: 'boom' }, times: 10 });
    const failed = await model.getChildren(redirects);
    assert.deepEqual(kinds(failed), ['message']);
    const message = failed[0] as NodeOfKind<'message'>;
    assert.equal(message.severity, 'error');
    assert.equal(message.retry, true);
    assert.match(message.text, /internal error|500/);
    assert.equal(message.parentId, redirects.id);
    assert.equal(present(message).command?.id, 'readthedocs.retry');
    sandbox.clearFaults();
    model.invalidate(redirects); // what Retry does
    const loaded = await model.getChildren(redirects);
    assert.equal(loaded.filter((n) => n.kind === 'redirect').length, 6);
  });

  it('turns a 401 into a message node and reports the AuthError', async () => {
    const bad = clientFor(sandbox.origin, { token: 'f'.repeat(40) });
    try {
      model = makeModel(bad);
      const roots = await model.getChildren(undefined);
      assert.deepEqual(kinds(roots), ['message']);
      assert.match((roots[0] as NodeOfKind<'message'>).text, /token was rejected by 127\.0\.0\.1/);
      assert.equal(errors.length, 1);
      assert.ok(errors[0] instanceof AuthError);
    } finally {
      await bad.dispose();
    }
  });

  it('a failed Load more becomes a retryable message in its place', async () => {
    const versions = await folder('widgets', 'versions');
    const first = await model.getChildren(versions);
    const more = first.at(-1) as NodeOfKind<'loadMore'>;
    sandbox.addFault({ path: /\/versions\/.*offset=/, kind: 'status', status: 503, times: 20 });
    await model.loadMore(more);
    const after = model.loadedChildren(versions) ?? [];
    assert.equal(after.at(-1)?.kind, 'message');
    assert.equal(after.length, first.length);
  });

  it('applies version and build filters through the API and names them in the folder label', async () => {
    const versions = await folder('widgets', 'versions');
    filters.setVersions('community', 'widgets', { active: true, type: 'tag', name: 'v2.' });
    model.invalidate(versions);
    sandbox.clearLog();
    const nodes = await model.getChildren(versions);
    assert.equal(apiRequests().length, 1, 'a filtered list is one request');
    assert.deepEqual([apiRequests()[0].query.active, apiRequests()[0].query.type, apiRequests()[0].query.verbose_name], ['true', 'tag', 'v2.']);
    assert.ok(nodes.every((n) => n.kind === 'version' && n.version.active && n.version.type === 'tag' && n.version.verboseName.includes('v2.')));
    assert.equal(present(versions, filters).label, 'Versions (active, tags, name contains "v2.")');

    const builds = await folder('widgets', 'builds');
    filters.setBuilds('community', 'widgets', { running: true });
    sandbox.clearLog();
    const running = await model.getChildren(builds);
    assert.equal(apiRequests()[0].query.running, 'true');
    assert.ok(running.every((n) => (n.kind === 'build' && !['finished', 'cancelled'].includes(n.build.state)) || n.kind === 'message'));
    assert.equal(present(builds, filters).label, 'Builds (running)');
  });

  it('puts a fresh build into its row (updateBuild) and returns the old node for a row refresh', async () => {
    const builds = await folder('widgets', 'builds');
    const nodes = (await model.getChildren(builds)).filter((n): n is NodeOfKind<'build'> => n.kind === 'build');
    const target = nodes[0];
    const replaced = model.updateBuild('community', 'widgets', { ...target.build, state: 'finished', success: true });
    assert.deepEqual(replaced, [target]);
    const fresh = model.find(target.id);
    assert.ok(fresh && fresh.kind === 'build' && fresh.build.state === 'finished');
  });

  it('shows edition nodes when both editions are signed in', async () => {
    model = makeModel(client, ['community', 'business']);
    const roots = await model.getChildren(undefined);
    assert.deepEqual(roots.map((n) => n.id), ['community', 'business']);
  });
});

describe('tree loader ↔ business sandbox', () => {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;
  before(async () => {
    sandbox = await startSandbox({ edition: 'business' });
  });
  after(() => sandbox.close());

  it('lists organizations, then the projects of each', async () => {
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner, edition: 'business' });
    try {
      const model = new TreeModel(new TreeLoader({ editions: { signedIn: ['business'], client: () => client }, filters: new TreeFilters(), logger: silentLogger }));
      const roots = await model.getChildren(undefined);
      assert.ok(roots.length > 0 && roots.every((n) => n.kind === 'organization'), JSON.stringify(roots.map((n) => n.kind)));
      const org = roots.find((n) => n.kind === 'organization' && n.organization.slug === 'example-corp');
      assert.ok(org);
      assert.equal(org.id, 'business/org:example-corp');
      const projects = await model.getChildren(org);
      const widgets = projects.find((n) => n.kind === 'project' && n.project.slug === 'widgets');
      assert.ok(widgets);
      assert.equal(widgets.id, 'business/org:example-corp/project:widgets');
      assert.equal(model.getParent(widgets)?.id, org.id);
    } finally {
      await client.dispose();
    }
  });

  it('opens widgets with every folder Business has, each folder loading without a failure (a Business-only folder included)', async () => {
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner, edition: 'business' });
    try {
      const errors: unknown[] = [];
      const model = new TreeModel(new TreeLoader({ editions: { signedIn: ['business'], client: () => client }, filters: new TreeFilters(), logger: silentLogger, onError: (e) => errors.push(e) }));
      const [org] = (await model.getChildren(undefined)).filter((n) => n.kind === 'organization' && n.organization.slug === 'example-corp');
      const widgets = (await model.getChildren(org)).find((n) => n.kind === 'project' && n.project.slug === 'widgets');
      assert.ok(widgets);
      const folders = await model.getChildren(widgets);
      assert.deepEqual(folders.flatMap((n) => (n.kind === 'folder' ? [n.folder] : [])), foldersIn('business'));
      for (const folder of folders) {
        const rows = await model.getChildren(folder);
        assert.ok(rows.length > 0, folder.id);
        assert.ok(rows.every((n) => n.kind !== 'message' || n.severity === 'info'), `${folder.id}: ${JSON.stringify(rows)}`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await client.dispose();
    }
  });

  it('a projects filter lists the matching projects flat, with their organization and teams (expand)', async () => {
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner, edition: 'business' });
    try {
      const filters = new TreeFilters();
      filters.setProjects('business', { name: 'widgets' });
      const model = new TreeModel(new TreeLoader({ editions: { signedIn: ['business'], client: () => client }, filters, logger: silentLogger }));
      sandbox.clearLog();
      const roots = await model.getChildren(undefined);
      const widgets = roots.find((n) => n.kind === 'project' && n.project.slug === 'widgets');
      assert.ok(widgets?.kind === 'project', JSON.stringify(roots.map((n) => n.id)));
      assert.equal(widgets.id, 'business/project:widgets');
      assert.deepEqual(sandbox.requests.map((r) => r.path), ['/api/v3/projects/'], 'no organizations list');
      assert.deepEqual(sandbox.requests[0].query.expand.split(',').sort(), ['organization', 'teams']);
      assert.equal(widgets.project.organization, 'example-corp');
      assert.deepEqual([...(widgets.project.teams ?? [])].sort(), ['docs-admins', 'docs-readers']);
      assert.match(present(widgets).tooltip ?? '', /Organization: example-corp {2}\nTeams: docs-admins, docs-readers/);
    } finally {
      await client.dispose();
    }
  });
});
