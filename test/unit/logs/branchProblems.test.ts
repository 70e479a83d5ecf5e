import assert from 'node:assert/strict';
import { type Edition } from '../../../src/core/api/client';
import { NotFoundError } from '../../../src/core/api/errors';
import { type WatchedBuild } from '../../../src/core/builds/watcher';
import { silentLogger } from '../../../src/core/log';
import { BranchProblems, type BranchBuildsSource, boundKey } from '../../../src/core/logs/branchProblems';
import { BaseWarningsStore, NewWarnings } from '../../../src/core/logs/newWarnings';
import { type BuildLog, parseBuildLog } from '../../../src/core/models/buildLog';
import { type Build } from '../../../src/core/models/build';
import { type Project } from '../../../src/core/models/project';
import { Emitter } from '../../../src/core/util/events';
import { type BoundProject } from '../../../src/core/workspace/boundProject';
import { MemoryMemento } from '../../helpers/memoryMemento';

const build = (id: number, version: string, state = 'finished'): Build => ({
  id, project: 'widgets', version, state, stateName: state, success: state === 'finished' ? true : undefined, commit: undefined,
  created: undefined, finished: undefined, durationSeconds: undefined, urls: { build: undefined, version: undefined }, config: undefined,
});
const bound = (versionSlug: string | undefined): BoundProject => ({
  edition: 'community', project: { slug: 'widgets' } as Project, folderPath: '/ws', branch: 'main', versionSlug,
});

function setup(builds: Build[], options: { privateLogs?: number[] } = {}) {
  const changed = new Emitter<readonly BoundProject[]>();
  const finished = new Emitter<WatchedBuild>();
  let current: readonly BoundProject[] = [bound('latest')];
  const requests: string[] = [];
  const watched: number[] = [];
  const shown: string[] = [];
  const source: BranchBuildsSource = {
    host: 'app.readthedocs.org',
    builds: { list: async () => { requests.push('list'); return { items: builds, next: undefined, count: builds.length }; } },
    buildLogs: {
      get: async (id: number): Promise<BuildLog> => {
        requests.push(`log ${id}`);
        if (options.privateLogs?.includes(id)) throw new NotFoundError(undefined);
        return parseBuildLog({ id, state: 'finished', commands: [] });
      },
    },
  };
  const policy = new BranchProblems({
    bound: { started: true, current: async () => current, onDidChange: changed.event },
    clientOf: (_: Edition) => source,
    watcher: { watch: (_e, _p, b) => { watched.push(b.id); }, onDidFinish: finished.event },
    sink: { show: async (key, _b, b) => { shown.push(`show ${key} #${b.id}`); }, clear: (key) => { shown.push(`clear ${key}`); } },
    newWarnings: new NewWarnings(new BaseWarningsStore(new MemoryMemento())),
    logger: silentLogger,
  });
  return {
    policy, requests, watched, shown, finished,
    setBound: (next: readonly BoundProject[]) => { current = next; changed.fire(next); },
  };
}

const KEY = boundKey(bound('latest'));

describe('logs: problems of the latest build of the current branch', () => {
  it('shows the newest finished (not cancelled) build of the branch version, watches a running newer one, replaces when it finishes', async () => {
    const t = setup([build(9, 'latest', 'building'), build(8, 'develop'), build(7, 'latest', 'cancelled'), build(6, 'latest')]);
    await t.policy.refresh();
    assert.deepEqual(t.shown, [`show ${KEY} #6`], 'the cancelled #7 is passed over');
    assert.deepEqual(t.watched, [9]);
    t.finished.fire({ edition: 'community', projectSlug: 'widgets', startedHere: false, build: build(9, 'latest') });
    await t.policy.refresh();
    assert.deepEqual(t.shown, [`show ${KEY} #6`, `show ${KEY} #9`]);
    t.finished.fire({ edition: 'community', projectSlug: 'widgets', startedHere: false, build: build(10, 'develop') });
    t.finished.fire({ edition: 'community', projectSlug: 'widgets', startedHere: false, build: build(11, 'latest', 'cancelled') });
    await t.policy.refresh();
    assert.equal(t.shown.length, 2, 'a build of another version, or a cancelled one, changes nothing');
  });

  it('a build already shown costs no log request', async () => {
    const t = setup([build(7, 'latest')]);
    await t.policy.refresh();
    await t.policy.refresh();
    assert.deepEqual(t.requests, ['list', 'log 7', 'list']);
  });

  it('clears when the branch has no version, no build, a private log, or the project is no longer bound', async () => {
    const t = setup([build(7, 'latest')]);
    await t.policy.refresh();
    t.setBound([bound(undefined)]);
    await t.policy.refresh();
    assert.equal(t.shown.at(-1), `clear ${KEY}`);
    t.setBound([bound('latest')]);
    t.setBound([]);
    await t.policy.refresh();
    assert.equal(t.shown.at(-1), `clear ${KEY}`);
    const none = setup([build(8, 'develop')]);
    await none.policy.refresh();
    assert.deepEqual(none.shown, [`clear ${KEY}`]);
    const hidden = setup([build(7, 'latest')], { privateLogs: [7] });
    await hidden.policy.refresh();
    assert.deepEqual(hidden.shown, [`clear ${KEY}`]);
  });

  it('dispose clears what it showed and stops listening', async () => {
    const t = setup([build(7, 'latest')]);
    await t.policy.refresh();
    t.policy.dispose();
    assert.equal(t.shown.at(-1), `clear ${KEY}`);
    t.finished.fire({ edition: 'community', projectSlug: 'widgets', startedHere: false, build: build(9, 'latest') });
    assert.equal(t.shown.length, 2);
  });
});
