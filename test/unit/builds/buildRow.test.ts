import assert from 'node:assert/strict';
import { type BuildKnown, KNOWN_NOTHING, buildRow } from '../../../src/core/builds/buildRow';
import { buildFinishedMessage } from '../../../src/core/builds/facts';
import { runningBuildsStatus } from '../../../src/core/builds/statusText';
import { branchRows, recentBuildRows } from '../../../src/core/branchBuilds/branchRows';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { parseProject } from '../../../src/core/models/project';
import { parseVersion } from '../../../src/core/models/version';
import { pullRequestRows } from '../../../src/core/pulls/pullRequestRows';
import { presentBuild } from '../../../src/core/tree/itemPresenters';
import { type WorkspaceProject } from '../../../src/core/workspace/binding';
import { buildPresentation } from '../../../src/core/workspace/workspaceWords';
import { workspaceRows } from '../../../src/core/workspace/workspaceRows';

const NOW = Date.parse('2026-01-10T12:00:00Z');
const build = (state: string, success: boolean | null): Build => parseBuild({
  id: 7, project: 'widgets', version: 'latest', commit: 'abcdef1234', state: { code: state, name: state[0]!.toUpperCase() + state.slice(1) }, success, duration: 65,
  created: new Date(NOW - 5 * 60_000).toISOString(), finished: success === null ? null : new Date(NOW - 3 * 60_000).toISOString(),
});
const project = parseProject({ id: 1, slug: 'widgets', name: 'Widgets', repository: { url: 'https://github.com/example-org/widgets', type: 'git' }, default_branch: 'main' });
const bound: WorkspaceProject = {
  edition: 'community', project, folderPath: '/w', branch: 'main', versionSlug: 'latest', by: 'remote',
  branchVersion: { kind: 'active', branch: 'main', version: parseVersion({ id: 2, slug: 'latest', verbose_name: 'latest', identifier: 'main', active: true, type: 'branch' }) },
};
const known: BuildKnown = { ...KNOWN_NOTHING, live: 'sphinx-build, 1:02 of 15:00' };

/** Each outcome as the builds of the sandbox and the API end: the dashboard's words ("Build succeeded"). */
const CASES: readonly [string, Build, string, string, string][] = [
  ['succeeded', build('finished', true), 'succeeded', 'succeeded 3 minutes ago', 'pass'],
  ['failed', build('finished', false), 'failed', 'failed 3 minutes ago', 'error'],
  ['cancelled', build('cancelled', false), 'cancelled', 'cancelled 3 minutes ago', 'circle-slash'],
  ['running', build('building', null), 'building', 'building · sphinx-build, 1:02 of 15:00', 'sync~spin'],
];

describe('one build row, one vocabulary', () => {
  for (const [name, b, status, brief, icon] of CASES) {
    it(`${name}: the same word and icon in the tree, This Workspace, the pull request, both status bar items and the notification`, () => {
      const row = buildRow(b, { now: NOW, known });
      assert.deepEqual([row.status, row.brief, row.icon], [status, brief, icon]);

      const tree = presentBuild(b, { now: NOW, known: () => known });
      assert.equal(tree.description, row.detail);
      assert.ok(tree.description!.startsWith(status));
      assert.equal(tree.icon, icon);

      const [project] = workspaceRows({ projects: [bound], unmatched: [], problems: [], invalidEntries: [] }, [branchRows(() => [b], () => known), recentBuildRows(() => [b], () => known)], NOW, 1);
      const [branch, recent] = project!.children!;
      assert.deepEqual([branch!.description, recent!.description, branch!.icon?.id, recent!.icon?.id], [brief, brief, icon, icon]);

      const [pr] = pullRequestRows('p', bound, { number: '12', foundBy: 'config', builds: [b], addons: undefined }, NOW, () => known);
      assert.deepEqual([pr!.description, pr!.icon?.id], [brief, icon]);

      assert.equal(buildPresentation('widgets', 'latest', b, NOW, known).text, `$(${icon}) widgets (latest) ${brief}`);
      if (name === 'running') {
        assert.match(runningBuildsStatus([{ projectSlug: 'widgets', build: b }], () => known)!.tooltip, /build #7 of widgets \(latest\): building · sphinx-build, 1:02 of 15:00/);
        assert.match(pr!.tooltip!, /sphinx-build, 1:02 of 15:00/, 'the pull request row\'s tooltip names the running command');
      } else {
        assert.match(buildFinishedMessage(b, 'widgets', known), new RegExp(`^Build #7 of widgets \\(latest\\) (was )?${status}`));
      }
    });
  }

  it('live words belong to a running build only', () => {
    assert.equal(buildRow(build('finished', true), { now: NOW, known }).live, undefined);
    assert.equal(buildRow(build('finished', true), { now: undefined, known }).brief, 'succeeded', 'no moment: no relative time');
  });
});
