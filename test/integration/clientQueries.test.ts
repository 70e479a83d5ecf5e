import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { ForbiddenError, NotFoundError } from '../../src/core/api/errors';
import { versionDownloads } from '../../src/core/downloads';
import { parseProjectFilter } from '../../src/core/filters/projectFilter';
import { importedAs } from '../../src/core/manage/remoteRepositories';
import { PROJECT_SUMMARY_FIELDS } from '../../src/core/models/project';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';

const slugs = (items: readonly { slug: string }[]) => items.map((i) => i.slug);

/** The API's own filters, `fields`/`omit`, downloads, superproject, organizations and remote data: the client against the sandbox over real HTTP. */
describe('client ↔ sandbox: filters, sparse fields and the details the UI offers', () => {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 60_000 });
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
  });
  beforeEach(() => sandbox.clearLog());
  after(async () => {
    await client.dispose();
    await sandbox.close();
  });

  const lastRequest = () => sandbox.requests.at(-1)!;
  const raw = async (path: string) => {
    const response = await fetch(`${sandbox.apiBase}${path}`, { headers: { Authorization: `Token ${sandbox.tokens.owner}`, Accept: 'application/json' } });
    return { body: await response.json() as Record<string, unknown>, bytes: lastRequest().responseBytes };
  };

  describe('projects list filters', () => {
    it('filters by name and slug (contains, any case), language and programming language (exact codes)', async () => {
      assert.deepEqual(slugs((await client.projects.list({ name: 'WIDGETS' })).items), ['legacy-widgets', 'widgets', 'widgets-api', 'widgets-fr']);
      assert.deepEqual(lastRequest().query.name, 'WIDGETS');
      assert.deepEqual(slugs((await client.projects.list({ slug: 'widgets-' })).items), ['widgets-api', 'widgets-fr']);
      assert.deepEqual(slugs((await client.projects.list({ language: 'fr' })).items), ['widgets-fr']);
      assert.deepEqual(slugs((await client.projects.list({ programmingLanguage: 'js' })).items), ['gadget-docs']);
      assert.deepEqual(slugs((await client.projects.list({ name: 'widgets', programmingLanguage: 'py', language: 'en' })).items), ['legacy-widgets', 'widgets', 'widgets-api']);
      assert.deepEqual([lastRequest().query.language, lastRequest().query.programming_language], ['en', 'py']);
      assert.deepEqual((await client.projects.list({ language: 'de' })).items, []);
    });

    it('sends what a person typed in the filter input, as parsed in core', async () => {
      const parsed = parseProjectFilter('widgets language:French pl:Python');
      assert.ok(parsed.ok);
      assert.deepEqual(slugs((await client.projects.list(parsed.filter)).items), ['widgets-fr']);
    });
  });

  describe('fields and omit', () => {
    it('lists project summaries with `fields`, a fraction of the bytes of full projects', async () => {
      const full = await client.projects.list();
      const fullBytes = lastRequest().responseBytes;
      assert.equal(lastRequest().query.omit, '_links');
      const summaries = await client.projects.listSummaries();
      const summaryBytes = lastRequest().responseBytes;
      assert.equal(lastRequest().query.fields, PROJECT_SUMMARY_FIELDS.join(','));
      assert.deepEqual(summaries.items, full.items.map((p) => ({ name: p.name, slug: p.slug, repository: p.repository, urls: p.urls })));
      assert.ok(summaryBytes * 2 < fullBytes, `summaries ${summaryBytes} B, full ${fullBytes} B`);
      assert.deepEqual(slugs((await client.projects.listSummaries({ language: 'fr' })).items), ['widgets-fr']);
    });

    it('leaves out `_links` of projects and builds, which nothing reads, and the server honours it', async () => {
      const withLinks = await raw('projects/widgets/');
      assert.ok(withLinks.body._links);
      const project = await client.projects.get('widgets', { expand: ['permissions'] });
      assert.deepEqual([lastRequest().query.omit, lastRequest().query.expand, project.isAdmin], ['_links', 'permissions', true]);
      assert.ok(lastRequest().responseBytes < withLinks.bytes, 'the omitted links are not sent');
      await client.projects.translations('widgets');
      assert.equal(lastRequest().query.omit, '_links');
      const [build] = (await client.builds.list('widgets')).items;
      assert.equal(lastRequest().query.omit, '_links');
      assert.ok((await client.builds.get('widgets', build.id)).urls.build, 'the dashboard link is still there');
      const rawBuild = await raw(`projects/widgets/builds/${build.id}/?omit=_links`);
      assert.equal(rawBuild.body._links, undefined);
    });

    it('is ignored where upstream ignores it (versions, superproject) and strips everything for unknown names', async () => {
      const version = await raw('projects/widgets/versions/latest/?fields=slug');
      assert.ok(version.body.downloads && version.body.urls, 'versions ignore fields');
      const parent = await raw('projects/widgets-api/superproject/?fields=slug');
      assert.ok(parent.body.name && parent.body._links, 'the superproject ignores fields');
      const typo = await raw('projects/?fields=nmae');
      assert.deepEqual((typo.body.results as unknown[])[0], {});
    });
  });

  describe('versions', () => {
    it('filters by slug (contains), not built, and privacy level', async () => {
      const bySlug = await client.versions.list('widgets', { slug: 'v2.9' });
      assert.ok(bySlug.items.length > 0 && bySlug.items.every((v) => v.slug.includes('v2.9')));
      assert.equal(lastRequest().query.slug, 'v2.9');
      const notBuilt = await client.versions.list('widgets', { built: false, active: true });
      assert.deepEqual(notBuilt.items.map((v) => v.slug).sort(), ['docs-refresh', 'v2.10.0rc1']);
      assert.equal(lastRequest().query.built, 'false');
      const publicOnes = await client.versions.list('widgets', { privacyLevel: 'public', slug: 'latest' });
      assert.deepEqual(slugs(publicOnes.items), ['latest']);
      assert.deepEqual((await client.versions.list('widgets', { privacyLevel: 'private' })).items, []);
    });

    it('offers the downloads a built version has, none for a version that is not built', async () => {
      const latest = await client.versions.get('widgets', 'latest');
      assert.deepEqual(versionDownloads(latest).map((d) => d.format), ['pdf', 'epub', 'htmlzip']);
      assert.ok(versionDownloads(latest).every((d) => d.url.startsWith('https://widgets.readthedocs.io/_/downloads/en/latest/')));
      const oldMinor = (await client.versions.list('widgets', { slug: 'v1.', active: true })).items[0];
      assert.deepEqual(versionDownloads(oldMinor).map((d) => d.format), ['htmlzip']);
      assert.deepEqual(versionDownloads(await client.versions.get('widgets', 'docs-refresh')), []);
      const subprojectLatest = await client.versions.get('widgets-api', 'latest');
      assert.match(versionDownloads(subprojectLatest)[0]?.url ?? '', /^https:\/\/widgets\.readthedocs\.io\/_\/downloads\/api\/en\/latest\//);
    });
  });

  describe('builds filters', () => {
    it('finds the running build, and the builds of one commit', async () => {
      const running = await client.builds.list('widgets', { running: true });
      assert.equal(lastRequest().query.running, 'true');
      assert.deepEqual(running.items.map((b) => [b.version, b.state]), [['latest', 'building']]);
      const finished = await client.builds.list('widgets', { running: false });
      assert.ok(finished.items.length > 0 && finished.items.every((b) => b.state === 'finished' || b.state === 'cancelled'));
      const commit = finished.items.find((b) => b.commit)!.commit!;
      const byCommit = await client.builds.list('widgets', { commit });
      assert.ok(byCommit.items.length > 0 && byCommit.items.every((b) => b.commit === commit));
      assert.deepEqual((await client.builds.list('widgets', { commit: 'f'.repeat(40) })).items, []);
    });
  });

  describe('superproject', () => {
    it('reads the parent of a subproject, nothing for a translation or a top-level project, and fails for a missing project', async () => {
      const parent = await client.projects.superproject('widgets-api');
      assert.deepEqual([parent?.slug, parent?.urls.documentation], ['widgets', 'https://widgets.readthedocs.io/en/stable/']);
      assert.equal(await client.projects.superproject('widgets-fr'), undefined);
      assert.equal(await client.projects.superproject('gadget-docs'), undefined);
      await assert.rejects(client.projects.superproject('no-such-project'), NotFoundError);
    });
  });

  describe('remote organizations and repositories', () => {
    it('lists organizations by provider, then an organization\'s repositories with the ones already imported marked', async () => {
      assert.deepEqual(slugs((await client.remote.organizations({ vcsProvider: 'githubapp' })).items), ['example-org']);
      assert.equal(lastRequest().query.vcs_provider, 'githubapp');
      assert.deepEqual(slugs((await client.remote.organizations({ vcsProvider: 'gitlab' })).items), ['example-group']);
      assert.deepEqual((await client.remote.organizations({ vcsProvider: 'github' })).items, [], 'GitHub App users do not see classic github rows');
      assert.deepEqual(slugs((await client.remote.organizations({ name: 'GROUP' })).items), ['example-group']);

      const repositories = await client.remote.repositories({ organization: 'example-org' }, { expand: ['remote_organization'] });
      assert.equal(lastRequest().query.omit, 'avatar_url,created,modified,vcs');
      const imported = Object.fromEntries(repositories.items.map((r) => [r.fullName, importedAs(r)]));
      assert.deepEqual(imported, {
        'example-org/hostile-demo': ['hostile-demo'],
        'example-org/sprockets': [],
        'example-org/upstream-mirror': [],
        'example-org/widgets': ['widgets'],
        'example-org/widgets-api': ['widgets-api'],
        'example-org/widgets-fr': ['widgets-fr'],
      });
      assert.ok(repositories.items.every((r) => r.remoteOrganization?.slug === 'example-org'));
      assert.equal(repositories.items.find((r) => r.name === 'upstream-mirror')?.admin, false);
    });

    it('marks a repository imported as soon as a project is built from it', async () => {
      const [sprockets] = (await client.remote.repositories({ fullName: 'example-org/sprockets' })).items;
      assert.deepEqual(importedAs(sprockets), []);
      const created = await client.projects.create({ name: 'Sprockets', repositoryUrl: sprockets.cloneUrl! });
      const [after] = (await client.remote.repositories({ fullName: 'example-org/sprockets' })).items;
      assert.deepEqual(importedAs(after), [created.slug]);
    });
  });
});

describe('client ↔ sandbox: Business organizations, teams and project expansions', () => {
  let sandbox: Sandbox;
  let owner: ReadTheDocsClient;
  let member: ReadTheDocsClient;

  before(async () => {
    sandbox = await startSandbox({ edition: 'business', buildStepMs: 60_000 });
    owner = clientFor(sandbox.origin, { token: sandbox.tokens.org, edition: 'business' });
    member = clientFor(sandbox.origin, { token: sandbox.tokens.owner, edition: 'business' });
  });
  after(async () => {
    await owner.dispose();
    await member.dispose();
    await sandbox.close();
  });

  it('reads organization details: description, url, owners', async () => {
    const organization = await member.organizations.get('example-corp');
    assert.deepEqual(
      [organization.name, organization.description, organization.url, organization.owners],
      ['Example Corp', 'Example Corp documentation portal.', 'https://example-corp.example.com', ['org-admin']],
    );
    await assert.rejects(member.organizations.get('other-corp'), NotFoundError);
  });

  it('lists teams with their members for owners, and refuses them to other members', async () => {
    const teams = await owner.organizations.teams('example-corp', { members: true });
    assert.equal(sandbox.requests.at(-1)!.query.expand, 'members');
    assert.deepEqual(teams.items.map((t) => [t.slug, t.access, t.members]), [
      ['docs-admins', 'admin', ['demo-owner']], ['docs-readers', 'readonly', ['other-user']],
    ]);
    assert.deepEqual((await owner.organizations.teams('example-corp')).items.map((t) => t.members), [undefined, undefined]);
    await assert.rejects(member.organizations.teams('example-corp'), ForbiddenError);
  });

  it('expands organization and teams on the projects list', async () => {
    const page = await member.projects.list({ slug: 'widgets' }, { expand: ['organization', 'teams'] });
    const widgets = page.items.find((p) => p.slug === 'widgets')!;
    assert.deepEqual([widgets.organization, widgets.teams], ['example-corp', ['docs-admins', 'docs-readers']]);
    assert.equal((await member.projects.list({ slug: 'widgets' })).items[0].teams, undefined);
  });

  it('filters the organization\'s private version by privacy level', async () => {
    assert.deepEqual(slugs((await member.versions.list('widgets', { privacyLevel: 'private' })).items), ['internal']);
  });
});
