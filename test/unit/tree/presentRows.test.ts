import assert from 'node:assert/strict';
import { parseBuild } from '../../../src/core/models/build';
import { parseOrganization, parseTeam } from '../../../src/core/models/organization';
import { parseProject } from '../../../src/core/models/project';
import { type NodeOfKind } from '../../../src/core/tree/nodes';
import { BUILD_ROW_COMMAND } from '../../../src/core/tree/itemPresenters';
import { organizationTooltip, present } from '../../../src/core/tree/presentNode';
import { withSuperproject } from '../../../src/core/tree/superproject';
import { projectTooltip } from '../../../src/core/tree/tooltip';
import { apiFixture } from '../../helpers/fixtures';

/** Rows of issue 17: the build row's click, the organization tooltip, Business fields, the superproject row. */
describe('tree rows (present)', () => {
  const organization = parseOrganization({
    slug: 'acme', name: 'Acme *Docs*', description: 'Line one\nline two', url: 'https://acme.example.com', email: 'docs@acme.example.com',
    owners: [{ username: 'alice' }, { username: 'bob' }],
  });

  it('a build row opens the build on click, through the one click target', () => {
    const build = parseBuild({ id: 7, project: 'p', version: 'latest', state: { code: 'finished', name: 'Finished' }, success: true });
    const node: NodeOfKind<'build'> = { kind: 'build', id: 'community/project:p/builds/build:7', edition: 'community', parentId: 'community/project:p/builds', projectSlug: 'p', projectId: 'community/project:p', build };
    assert.deepEqual(present(node).command, BUILD_ROW_COMMAND);
    assert.equal(BUILD_ROW_COMMAND.id, 'readthedocs.showBuildLog');
  });

  it('an organization row leaves its tooltip to the details endpoint; the tooltip escapes remote text', () => {
    const node: NodeOfKind<'organization'> = { kind: 'organization', id: 'business/org:acme', edition: 'business', parentId: undefined, organization };
    assert.equal(present(node).tooltip, undefined);
    const text = organizationTooltip(organization);
    assert.match(text, /^\*\*Acme \\\*Docs\\\*\*\*/);
    assert.match(text, /Description: Line one line two/);
    assert.match(text, /Owners: alice, bob/);
    assert.match(text, /Email: docs\\@acme\.example\.com/);
    assert.match(text, /Dashboard: \[https\\:\/\/acme\.example\.com\]\(https:\/\/acme\.example\.com\/\)/);
    assert.ok(!/Teams/.test(text), 'no teams line when they were not asked for');
  });

  it('teams in the organization tooltip: listed with access and members, none, or refused', () => {
    const teams = [parseTeam({ slug: 'a', name: 'Admins', access: 'admin', members: [{ username: 'alice' }] }), parseTeam({ slug: 'r', name: 'Readers', access: 'readonly' })];
    assert.match(organizationTooltip(organization, teams), /\*\*Teams\*\* {2}\n- Admins \(admin\): alice {2}\n- Readers \(readonly\)$/);
    assert.match(organizationTooltip(organization, []), /Teams: none\.$/);
    assert.match(organizationTooltip(organization, 'forbidden'), /only the organization's owners can list them\.$/);
  });

  it('a project tooltip names its organization and teams when the list expanded them', () => {
    const project = parseProject({ ...(apiFixture('projects-detail') as object), organization: { slug: 'acme' }, teams: [{ slug: 'a' }, { slug: 'r' }] });
    assert.match(projectTooltip(project), /Organization: acme {2}\nTeams: a, r/);
    const plain = parseProject(apiFixture('projects-detail'));
    assert.ok(!/Organization:|Teams:/.test(projectTooltip(plain)));
  });

  it('a superproject row clicks to reveal; withSuperproject asks the endpoint only when the row lacks the project', async () => {
    const parent = parseProject(apiFixture('projects-detail'));
    const row: NodeOfKind<'superproject'> = {
      kind: 'superproject', id: 'community/project:child/superproject:parent', edition: 'community', parentId: 'community/project:child',
      projectSlug: 'child', projectId: 'community/project:child', superprojectSlug: 'parent', project: undefined,
    };
    assert.equal(present(row).command?.id, 'readthedocs.revealSuperproject');
    const asked: string[] = [];
    const client = { projects: { superproject: async (slug: string) => { asked.push(slug); return parent; } } };
    const loaded = await withSuperproject(row, client as never);
    assert.equal(loaded.project, parent);
    assert.equal(present(loaded).label, parent.name);
    assert.equal(await withSuperproject(loaded, client as never), loaded);
    assert.deepEqual(asked, ['child'], 'the subproject\'s endpoint, once');
    const hidden = await withSuperproject(row, { projects: { superproject: async () => undefined } } as never);
    assert.equal(hidden.project, undefined);
  });
});
