import assert from 'node:assert/strict';
import { KNOWN_NOTHING } from '../../../src/core/builds/buildRow';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { parseProject } from '../../../src/core/models/project';
import { parseVersion } from '../../../src/core/models/version';
import { type WorkspaceProject, type WorkspaceState } from '../../../src/core/workspace/binding';
import { statusBarPresentation } from '../../../src/core/workspace/workspaceWords';
import { workspaceRows } from '../../../src/core/workspace/workspaceRows';
import { type HeldBuilds, branchRows, recentBuildRows } from '../../../src/core/branchBuilds/branchRows';

const NOW = Date.parse('2026-01-10T12:00:00Z');
const build = (id: number, version: string, state: string, success: boolean | null, finishedMinutesAgo = 3): Build => parseBuild({
  id, project: 'widgets', version, state: { code: state, name: state[0]!.toUpperCase() + state.slice(1) }, success,
  created: new Date(NOW - (finishedMinutesAgo + 2) * 60_000).toISOString(), finished: success === null ? null : new Date(NOW - finishedMinutesAgo * 60_000).toISOString(),
});
const project = parseProject({ id: 1, slug: 'widgets', name: 'Widgets', repository: { url: 'https://github.com/example-org/widgets', type: 'git' }, default_branch: 'main' });
const version = (slug: string, active = true) => parseVersion({ id: 2, slug, verbose_name: slug, identifier: slug, active, type: 'branch' });
const bound = (fields: Partial<WorkspaceProject>): WorkspaceProject => ({
  edition: 'community', project, folderPath: '/w', branch: 'main', versionSlug: 'latest', by: 'remote',
  branchVersion: { kind: 'active', branch: 'main', version: version('latest') }, ...fields,
});
const branchBuilds = (held: HeldBuilds) => [branchRows(held, () => KNOWN_NOTHING), recentBuildRows(held, () => KNOWN_NOTHING)];
const state = (projects: WorkspaceProject[], more: Partial<WorkspaceState> = {}): WorkspaceState => ({ projects, unmatched: [], problems: [], invalidEntries: [], ...more });

describe('workspace rows and status bar', () => {
  it('shows the branch\'s version with its latest build, and the recent builds opening their log', () => {
    const builds = [build(12, 'develop', 'finished', true), build(11, 'latest', 'building', null), build(10, 'latest', 'finished', false)];
    const [row] = workspaceRows(state([bound({})]), branchBuilds(() => builds), NOW, 1);
    assert.equal(row!.label, 'Widgets');
    const [branch, ...rest] = row!.children!;
    assert.deepEqual([branch!.label, branch!.description, branch!.icon?.id], ['main → latest', 'building', 'sync~spin']);
    assert.deepEqual(branch!.action, { kind: 'showLog', edition: 'community', projectSlug: 'widgets', buildId: 11 });
    assert.deepEqual(rest.map((r) => [r.label, r.description]), [['#12 develop', 'succeeded 3 minutes ago'], ['#11 latest', 'building'], ['#10 latest', 'failed 3 minutes ago']]);
  });

  it('offers Sync Versions for a branch without a version, Activate for an inactive one, nothing while loading', () => {
    const missing = workspaceRows(state([bound({ branch: 'docs/x', versionSlug: undefined, branchVersion: { kind: 'missing', branch: 'docs/x' } })]), branchBuilds(() => []), NOW, 1)[0]!;
    assert.deepEqual(missing.children!.map((r) => [r.label, r.action?.kind]), [['no version for branch docs/x', undefined], ['Sync Versions', 'syncVersions'], ['No builds yet.', undefined]]);
    const inactive = workspaceRows(state([bound({ branch: 'f', versionSlug: undefined, branchVersion: { kind: 'inactive', branch: 'f', version: version('f', false) } })]), branchBuilds(() => undefined), NOW, 1)[0]!;
    assert.deepEqual(inactive.children!.map((r) => r.label), ['f: version f is not active', 'Activate f', 'Loading builds…']);
  });

  it('offers an import for unmatched clones and shows problems and bad entries', () => {
    const rows = workspaceRows(state([], {
      unmatched: [{ folderPath: '/w', branch: 'main', remoteUrls: ['git@github.com:me/new.git'] }],
      problems: [{ edition: 'community', error: new Error('boom') }],
      invalidEntries: ['widgets'],
    }), branchBuilds(() => undefined), NOW, 1);
    assert.deepEqual(rows.map((r) => r.action?.kind), ['import', 'retry', undefined]);
    assert.deepEqual(rows[0]!.action, { kind: 'import', repositoryUrl: 'git@github.com:me/new.git' });
  });

  it('puts the latest build of the branch version in the status bar', () => {
    assert.equal(statusBarPresentation(bound({}), build(11, 'latest', 'building', null), NOW, () => KNOWN_NOTHING).text, '$(sync~spin) widgets (latest) building');
    assert.equal(statusBarPresentation(bound({}), build(10, 'latest', 'finished', false), NOW, () => KNOWN_NOTHING).text, '$(error) widgets (latest) failed 3 minutes ago');
    assert.equal(statusBarPresentation(bound({}), build(9, 'latest', 'finished', true), NOW, () => KNOWN_NOTHING).text, '$(pass) widgets (latest) succeeded 3 minutes ago');
    assert.equal(statusBarPresentation(bound({ branchVersion: { kind: 'missing', branch: 'x' } }), undefined, NOW, () => KNOWN_NOTHING).text, '$(circle-outline) widgets: no version for branch x');
  });
});
