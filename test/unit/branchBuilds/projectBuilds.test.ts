import assert from 'node:assert/strict';
import { type Edition, type ReadTheDocsClient } from '../../../src/core/api/client';
import { type BuildWatcher, type WatchedBuild } from '../../../src/core/builds/watcher';
import { type Build } from '../../../src/core/models/build';
import { Emitter } from '../../../src/core/util/events';
import { ProjectBuilds } from '../../../src/core/branchBuilds/projectBuilds';

function build(id: number, state: string): Build {
  return {
    id, project: 'widgets', version: 'latest', state, stateName: state, success: state === 'finished' ? true : undefined, commit: 'abc', created: undefined, finished: undefined,
    durationSeconds: undefined, urls: { build: undefined, version: undefined }, config: undefined,
  };
}

/** A watcher whose events the test fires, as PollingBuildWatcher would. */
function scriptedWatcher() {
  const started = new Emitter<WatchedBuild>();
  const updated = new Emitter<WatchedBuild>();
  const watched: number[] = [];
  const watcher = {
    watch: (_edition: Edition, _slug: string, b: Build) => { watched.push(b.id); },
    onDidStartWatching: started.event,
    onDidUpdate: updated.event,
  } as unknown as BuildWatcher;
  return { watcher, started, updated, watched };
}

describe('ProjectBuilds (the workspace\'s recent builds)', () => {
  const client = { builds: { list: async () => ({ items: [build(7, 'finished')] }) } } as unknown as ReadTheDocsClient;
  const editions = { client: () => client };

  it('follows the watcher: a build that begins to be watched goes on top, a new state replaces its row', async () => {
    const { watcher, started, updated, watched } = scriptedWatcher();
    const builds = new ProjectBuilds(editions, watcher);
    const changes: string[] = [];
    builds.onDidChange(({ projectSlug }) => changes.push(projectSlug));
    await builds.recent('community', 'widgets');
    started.fire({ edition: 'community', projectSlug: 'widgets', build: build(8, 'triggered'), startedHere: true });
    assert.deepEqual(builds.held('community', 'widgets')?.map((b) => [b.id, b.state]), [[8, 'triggered'], [7, 'finished']]);
    updated.fire({ edition: 'community', projectSlug: 'widgets', build: build(8, 'building'), startedHere: true });
    assert.deepEqual(builds.held('community', 'widgets')?.map((b) => [b.id, b.state]), [[8, 'building'], [7, 'finished']]);
    started.fire({ edition: 'community', projectSlug: 'gadgets', build: build(9, 'triggered'), startedHere: true });
    assert.equal(builds.held('community', 'gadgets'), undefined, 'a project whose builds were never read stays unread');
    assert.deepEqual(changes, ['widgets', 'widgets']);
    assert.deepEqual(watched, [], 'what the watcher reports is watched already: no second watch (it would outlast a hidden view)');
    builds.dispose();
    started.fire({ edition: 'community', projectSlug: 'widgets', build: build(10, 'triggered'), startedHere: true });
    assert.equal(builds.held('community', 'widgets'), undefined, 'disposed: nothing held, nothing followed');
  });
});
