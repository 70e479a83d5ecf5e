import assert from 'node:assert/strict';
import { BUILD_UNREAD_FIELDS, parseBuild } from '../../../src/core/models/build';
import { parseOrganization, parseTeam } from '../../../src/core/models/organization';
import { PROJECT_SUMMARY_FIELDS, PROJECT_UNREAD_FIELDS, parseProject, parseProjectSummary } from '../../../src/core/models/project';
import { REMOTE_REPOSITORY_UNREAD_FIELDS, parseRemoteRepository } from '../../../src/core/models/remote';
import { apiFixture } from '../../helpers/fixtures';

type Json = Record<string, unknown>;

const without = (o: Json, keys: readonly string[]): Json => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
const only = (o: Json, keys: readonly string[]): Json => Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));

/** The requests omit fields "no parser reads": these tests fail as soon as a parser starts reading one. */
describe('fields the requests leave out (omit) or keep (fields)', () => {
  it('a project parses the same without its unread fields', () => {
    for (const name of ['projects-detail', 'projects-superproject', 'projects-list_POST']) {
      const raw = apiFixture(name) as Json;
      assert.ok(PROJECT_UNREAD_FIELDS.every((k) => k in raw), `${name} has every omitted field`);
      assert.deepEqual(parseProject(without(raw, PROJECT_UNREAD_FIELDS)), parseProject(raw), name);
    }
  });

  it('a build parses the same without its unread fields', () => {
    for (const name of ['projects-builds-detail', 'projects-builds-list']) {
      const raw = apiFixture(name) as Json;
      const build = (name.endsWith('list') ? (raw.results as Json[])[0] : raw);
      assert.deepEqual(parseBuild(without(build, BUILD_UNREAD_FIELDS)), parseBuild(build), name);
    }
  });

  it('a remote repository parses the same without its unread fields', () => {
    const repository = ((apiFixture('remoterepositories-list') as Json).results as Json[])[0];
    assert.ok(REMOTE_REPOSITORY_UNREAD_FIELDS.every((k) => k in repository));
    assert.deepEqual(parseRemoteRepository(without(repository, REMOTE_REPOSITORY_UNREAD_FIELDS)), parseRemoteRepository(repository));
  });

  it('a project summary reads exactly the summary fields, the same values as the full project', () => {
    const raw = apiFixture('projects-detail') as Json;
    const summary = parseProjectSummary(only(raw, PROJECT_SUMMARY_FIELDS));
    const full = parseProject(raw);
    assert.deepEqual(summary, { name: full.name, slug: full.slug, repository: full.repository, urls: full.urls });
    assert.deepEqual(Object.keys(summary).sort(), [...PROJECT_SUMMARY_FIELDS].sort());
  });

  it('`fields=` naming nothing real gives {} objects: a summary of one is a shape error, not a silent blank', () => {
    assert.throws(() => parseProjectSummary({}), /project\.slug is not a string/);
  });
});

describe('Business fields of expansions', () => {
  it('reads teams of a project (expand=teams) as slugs, and leaves them undefined when not expanded', () => {
    const raw = apiFixture('projects-detail') as Json;
    assert.equal(parseProject(raw).teams, undefined);
    const teams = [{ name: 'Admins', slug: 'admins', access: 'admin' }, { name: 'Read Only', slug: 'read-only', access: 'readonly' }];
    assert.deepEqual(parseProject({ ...raw, teams }).teams, ['admins', 'read-only']);
    assert.throws(() => parseProject({ ...raw, teams: [{ name: 'No slug' }] }), /teams\[0\]\.slug/);
  });

  it('reads team members (expand=members) and organization owners as usernames', () => {
    const team = parseTeam({ name: 'Admins', slug: 'admins', access: 'admin', created: '2024-07-01T21:19:55Z', members: [{ username: 'ana' }, { username: 'bo' }] });
    assert.deepEqual([team.access, team.members], ['admin', ['ana', 'bo']]);
    assert.equal(parseTeam({ slug: 'readers' }).members, undefined);
    const organization = parseOrganization({ slug: 'pypa', name: 'PyPA', description: 'Packaging', url: 'https://pypa.io', owners: [{ username: 'ana' }] });
    assert.deepEqual([organization.description, organization.url, organization.owners], ['Packaging', 'https://pypa.io', ['ana']]);
  });
});
