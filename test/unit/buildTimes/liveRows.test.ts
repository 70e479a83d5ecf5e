import assert from 'node:assert/strict';
import { type BuildKnown, KNOWN_NOTHING } from '../../../src/core/builds/buildRow';
import { branchRows, recentBuildRows } from '../../../src/core/branchBuilds/branchRows';
import { runningBuildsStatus } from '../../../src/core/builds/statusText';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { parseProject } from '../../../src/core/models/project';
import { parseVersion } from '../../../src/core/models/version';
import { presentBuild } from '../../../src/core/tree/itemPresenters';
import { type WorkspaceProject } from '../../../src/core/workspace/binding';
import { workspaceRows } from '../../../src/core/workspace/workspaceRows';
import { accepts } from '../../../src/core/commandArgs';

const NOW = Date.parse('2026-01-10T12:00:00Z');
const WAIT = 'waiting for a free builder: limit 2 reached, about retry 3 of 25, next in about 4 min';
const waiting = parseBuild({ id: 11, project: 'widgets', version: 'latest', state: { code: 'triggered', name: 'Triggered' }, created: new Date(NOW - 1000_000).toISOString() });
const live = (_project: string, build: Pick<Build, 'id'>): BuildKnown => ({ ...KNOWN_NOTHING, live: build.id === 11 ? WAIT : undefined });

describe('live words where builds are shown', () => {
  it('a tree build row: in its description and tooltip', () => {
    const look = presentBuild(waiting, { now: NOW, known: live });
    assert.match(look.description!, /^triggered · waiting for a free builder: limit 2 reached, about retry 3 of 25/);
    assert.match(look.tooltip!, /about retry 3 of 25/);
    assert.doesNotMatch(presentBuild({ ...waiting, id: 12 }, { now: NOW, known: live }).description!, /waiting/);
  });

  it('the running-builds status bar tooltip', () => {
    const status = runningBuildsStatus([{ projectSlug: 'widgets', build: waiting }], (w) => live(w.projectSlug, w.build));
    assert.match(status!.tooltip, /build #11 of widgets \(latest\): triggered · waiting for a free builder: limit 2 reached, about retry 3 of 25/);
    assert.match(status!.accessibilityLabel, /about retry 3 of 25/);
  });

  it('This Workspace: the branch row and the recent builds; the branch row carries its version for Show Build Times', () => {
    const project = parseProject({ id: 1, slug: 'widgets', name: 'Widgets', repository: { url: 'https://github.com/example-org/widgets', type: 'git' }, default_branch: 'main' });
    const bound: WorkspaceProject = {
      edition: 'community', project, folderPath: '/w', branch: 'main', versionSlug: 'latest', by: 'remote',
      branchVersion: { kind: 'active', branch: 'main', version: parseVersion({ id: 2, slug: 'latest', verbose_name: 'latest', identifier: 'main', active: true, type: 'branch' }) },
    };
    const liveText = (_bound: WorkspaceProject, build: Build) => live('widgets', build);
    const [row] = workspaceRows({ projects: [bound], unmatched: [], problems: [], invalidEntries: [] }, [branchRows(() => [waiting], liveText), recentBuildRows(() => [waiting], liveText)], NOW, 1);
    const [branch, recent] = row!.children!;
    assert.equal(branch!.description, `triggered · ${WAIT}`);
    assert.match(branch!.tooltip!, /about retry 3 of 25/);
    assert.equal(recent!.description, `triggered · ${WAIT}`);
    assert.equal(branch!.contextValue, 'readthedocs:branch');
    assert.deepEqual(accepts.versionRef(branch), { edition: 'community', projectSlug: 'widgets', versionSlug: 'latest' });
  });
});
