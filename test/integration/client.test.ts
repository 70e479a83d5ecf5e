import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { BuildNotTriggeredError, NotFoundError, ValidationError } from '../../src/core/api/errors';
import { isFinal } from '../../src/core/builds/facts';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';

/** Every client method against the sandbox over real HTTP. */
describe('client ↔ sandbox: every endpoint', () => {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 20 });
  });
  beforeEach(() => {
    sandbox.reset();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
  });
  afterEach(() => client.dispose());
  after(() => sandbox.close());

  const lastRequest = () => sandbox.requests.at(-1)!;

  describe('projects', () => {
    it('lists with a large limit and the token, and filters', async () => {
      const page = await client.projects.list();
      assert.ok(page.items.some((p) => p.slug === 'widgets'));
      assert.equal(lastRequest().query.limit, '100');
      assert.match(lastRequest().authorization ?? '', /^Token [0-9a-f]{40}$/);
      const filtered = await client.projects.list({ slug: 'gadget', language: 'en', programmingLanguage: 'py', name: 'Gadget' });
      assert.ok(filtered.items.every((p) => p.slug.includes('gadget')));
      assert.deepEqual(
        [lastRequest().query.slug, lastRequest().query.language, lastRequest().query.programming_language, lastRequest().query.name],
        ['gadget', 'en', 'py', 'Gadget'],
      );
    });

    it('reads details with expansions', async () => {
      const project = await client.projects.get('widgets', { expand: ['active_versions', 'active_versions.last_build'] });
      assert.equal(project.slug, 'widgets');
      assert.ok(project.activeVersions && project.activeVersions.length > 0);
      assert.equal(lastRequest().query.expand, 'active_versions,active_versions.last_build');
    });

    it('creates (201 with the full project) and updates (204, then re-read)', async () => {
      const created = await client.projects.create({ name: 'Integration Test Docs', repositoryUrl: 'https://github.com/example/integration-docs', programmingLanguage: 'py', tags: ['a'] });
      assert.equal(created.slug, 'integration-test-docs');
      await client.projects.update(created.slug, { homepage: 'https://example.com/', tags: ['b', 'c'] });
      const reread = await client.projects.get(created.slug);
      assert.deepEqual([reread.homepage, reread.tags], ['https://example.com/', ['b', 'c']]);
      assert.deepEqual(lastRequestOf('PATCH').body, { homepage: 'https://example.com/', tags: ['b', 'c'] });
    });

    it('reports a duplicate slug on the name field', async () => {
      await assert.rejects(client.projects.create({ name: 'widgets', repositoryUrl: 'https://github.com/x/y' }),
        (e: unknown) => e instanceof ValidationError && !!e.fieldErrors.name);
    });

    it('reads the superproject, and undefined when there is none', async () => {
      assert.equal((await client.projects.superproject('widgets-api'))?.slug, 'widgets');
      assert.equal(await client.projects.superproject('widgets'), undefined);
    });

    it('lists translations', async () => {
      const page = await client.projects.translations('widgets');
      assert.ok(page.items.some((p) => p.slug === 'widgets-fr'));
    });

    it('syncs versions', async () => {
      await client.projects.syncVersions('widgets');
      assert.equal(lastRequest().status, 202);
    });
  });

  describe('versions', () => {
    it('pages through every version with absolute next links', async () => {
      const first = await client.versions.list('widgets');
      assert.ok(first.count >= 250, `count ${first.count}`);
      assert.ok(first.next);
      let seen = 0;
      for await (const _ of client.all(first)) seen++;
      assert.equal(seen, first.count);
    });

    it('filters, reads details with last_build, and updates', async () => {
      const active = await client.versions.list('widgets', { active: true, type: 'tag', built: true, verboseName: 'v1', slug: 'v1', privacyLevel: 'public' });
      assert.ok(active.items.every((v) => v.active && v.type === 'tag'));
      const version = await client.versions.get('widgets', 'latest', ['last_build']);
      assert.equal(version.slug, 'latest');
      assert.equal(lastRequest().query.expand, 'last_build');
      await client.versions.update('widgets', active.items[0].slug, { hidden: true });
      assert.equal((await client.versions.get('widgets', active.items[0].slug)).hidden, true);
    });

    it('handles dotted version slugs', async () => {
      const dotted = (await client.versions.list('widgets', { slug: '.' })).items[0];
      assert.ok(dotted, 'the seed has dotted slugs');
      assert.equal((await client.versions.get('widgets', dotted.slug)).slug, dotted.slug);
    });
  });

  describe('builds', () => {
    it('triggers once and the build runs to a final state', async () => {
      const { build } = await client.builds.trigger('widgets', 'latest');
      assert.equal(sandbox.requests.filter((r) => r.method === 'POST').length, 1);
      let current = build;
      for (let i = 0; i < 100 && !isFinal(current); i++) {
        await new Promise((r) => setTimeout(r, 20));
        current = await client.builds.get('widgets', build.id);
      }
      assert.equal(current.state, 'finished');
      assert.equal(current.success, true);
    });

    it('lists newest first with filters and config, reads details with config, and notifications', async () => {
      const page = await client.builds.list('widgets', { running: false, expandConfig: true });
      assert.ok(page.items.length > 0);
      assert.deepEqual([lastRequest().query.running, lastRequest().query.expand], ['false', 'config']);
      const ids = page.items.map((b) => b.id);
      assert.deepEqual(ids, [...ids].sort((a, b) => b - a));
      const withCommit = page.items.find((b) => b.commit);
      assert.ok(withCommit, 'finished builds have commits');
      const byCommit = await client.builds.list('widgets', { commit: withCommit.commit });
      assert.ok(byCommit.items.length > 0 && byCommit.items.every((b) => b.commit === withCommit.commit));
      const detail = await client.builds.get('widgets', ids[0], true);
      assert.ok(detail.config);
      const failed = page.items.find((b) => b.success === false);
      assert.ok(failed, 'the seed has failed builds');
      assert.ok((await client.builds.notifications('widgets', failed.id)).items.length > 0);
    });

    it('turns triggered:false into BuildNotTriggeredError', async () => {
      // `legacy-widgets` is the seed's inactive project.
      await assert.rejects(client.builds.trigger('legacy-widgets', 'latest'), BuildNotTriggeredError);
    });

    it('turns an unknown version into NotFoundError', async () => {
      await assert.rejects(client.builds.trigger('widgets', 'no-such-version'), NotFoundError);
    });
  });

  describe('subprojects', () => {
    it('lists, reads, creates and deletes', async () => {
      const page = await client.subprojects.list('widgets');
      assert.ok(page.items.some((s) => s.alias === 'api'));
      assert.equal((await client.subprojects.get('widgets', 'api')).child.slug, 'widgets-api');
      const created = await client.subprojects.create('widgets', 'gadget-docs', 'gadgets');
      assert.equal(created.alias, 'gadgets');
      await client.subprojects.delete('widgets', 'gadgets');
      await assert.rejects(client.subprojects.get('widgets', 'gadgets'), NotFoundError);
    });

    it('shows the server refusal for an invalid child', async () => {
      await assert.rejects(client.subprojects.create('widgets', 'widgets'), ValidationError);
    });
  });

  describe('redirects', () => {
    it('lists, reads, creates, replaces, patches and deletes', async () => {
      const page = await client.redirects.list('widgets');
      assert.ok(page.items.length > 0);
      const created = await client.redirects.create('widgets', { type: 'page', fromUrl: '/old-integration.html', toUrl: '/new-integration.html' });
      assert.equal(created.fromUrl, '/old-integration.html');
      const replaced = await client.redirects.replace('widgets', created.pk, { type: 'page', fromUrl: '/older.html', toUrl: '/newer.html', httpStatus: 301 });
      assert.deepEqual([replaced.fromUrl, replaced.httpStatus], ['/older.html', 301]);
      const patched = await client.redirects.update('widgets', created.pk, { enabled: false });
      assert.equal(patched.enabled, false);
      assert.equal((await client.redirects.get('widgets', created.pk)).enabled, false);
      await client.redirects.delete('widgets', created.pk);
      await assert.rejects(client.redirects.get('widgets', created.pk), NotFoundError);
    });

    it('reads the accepted types from OPTIONS', async () => {
      const metadata = await client.redirects.metadata('widgets') as { actions?: { POST?: { type?: { choices?: unknown[] } } } };
      assert.ok((metadata.actions?.POST?.type?.choices?.length ?? 0) >= 4);
    });

    it('maps the bare-array rule errors', async () => {
      await assert.rejects(client.redirects.create('widgets', { type: 'exact', fromUrl: '/a*/b', toUrl: '/c' }),
        (e: unknown) => e instanceof ValidationError && e.generalErrors.some((m) => /wildcard/.test(m)));
    });
  });

  describe('environment variables', () => {
    it('lists, reads, creates and deletes without ever returning the value', async () => {
      const created = await client.environmentVariables.create('widgets', { name: 'INTEGRATION_SECRET', value: 's3cr3t-value', public: false });
      assert.equal(created.name, 'INTEGRATION_SECRET');
      const page = await client.environmentVariables.list('widgets');
      assert.ok(page.items.some((v) => v.pk === created.pk));
      assert.equal((await client.environmentVariables.get('widgets', created.pk)).name, 'INTEGRATION_SECRET');
      await client.environmentVariables.delete('widgets', created.pk);
      await assert.rejects(client.environmentVariables.get('widgets', created.pk), NotFoundError);
      const responses = JSON.stringify([created, page.items]);
      assert.ok(!responses.includes('s3cr3t-value'));
    });
  });

  describe('remote repositories and organizations', () => {
    it('lists with filters and expansions', async () => {
      const orgs = await client.remote.organizations({ vcsProvider: 'github' });
      assert.ok(orgs.items.every((o) => o.vcsProvider === 'github'));
      const repos = await client.remote.repositories({ name: 'wid' }, { expand: ['remote_organization'] });
      assert.ok(repos.items.every((r) => r.name.includes('wid')));
      assert.equal(lastRequest().query.expand, 'remote_organization');
    });
  });

  describe('embed', () => {
    it('sends the fragment encoded, without the token, and reads the section', async () => {
      const project = await client.projects.get('widgets');
      const docs = project.urls.documentation!;
      const pageUrl = `${docs}index.html`;
      const whole = await client.embed.section(pageUrl, { doctool: 'sphinx' });
      assert.ok(whole.contentHtml.length > 0);
      const request = lastRequest();
      assert.equal(request.authorization, undefined);
      assert.equal(request.query.doctool, 'sphinx');
      const id = /id="([^"]+)"/.exec(whole.contentHtml.slice(10))?.[1];
      assert.ok(id, 'the demo page has sections with ids');
      const section = await client.embed.section(`${pageUrl}#${id}`);
      assert.equal(section.fragment, id);
      assert.ok(section.contentHtml.length < whole.contentHtml.length, 'only the section came back');
    });
  });

  function lastRequestOf(method: string) {
    return [...sandbox.requests].reverse().find((r) => r.method === method)!;
  }
});

describe('client ↔ sandbox: business edition', () => {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;
  before(async () => {
    sandbox = await startSandbox({ edition: 'business' });
    client = clientFor(sandbox.origin, { token: sandbox.tokens.org, edition: 'business' });
  });
  after(async () => { await client.dispose(); await sandbox.close(); });

  it('lists organizations, reads one, its projects and teams', async () => {
    const orgs = await client.organizations.list();
    assert.ok(orgs.items.length > 0);
    const org = await client.organizations.get(orgs.items[0].slug);
    assert.equal(org.slug, orgs.items[0].slug);
    const projects = await client.organizations.projects(org.slug);
    assert.ok(projects.items.length > 0);
    const teams = await client.organizations.teams(org.slug);
    assert.ok(teams.items.length > 0);
  });

  it('lists projects with organization expanded', async () => {
    const page = await client.projects.list({}, { expand: ['organization'] });
    assert.ok(page.items.some((p) => p.organization));
  });
});
