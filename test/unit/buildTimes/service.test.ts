import assert from 'node:assert/strict';
import { BUILD_LIST_TTL_MS, BuildTimesService } from '../../../src/core/buildTimes/buildTimesService';
import { FiguresCache } from '../../../src/core/buildTimes/figuresCache';
import { MemoryMemento } from '../../helpers/memoryMemento';
import { type BuildTimesClient } from '../../../src/core/buildTimes/loadBuildTimes';
import { type WatchedBuild } from '../../../src/core/builds/watcher';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { parseBuildLog } from '../../../src/core/models/buildLog';
import { Emitter } from '../../../src/core/util/events';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const build = (id: number, state = 'finished'): Build => parseBuild({ id, project: 'widgets', version: 'latest', state: { code: state }, success: state === 'finished' ? true : null, created: new Date(T0 + id * 60_000).toISOString(), duration: state === 'finished' ? 60 : null });

describe('BuildTimesService', () => {
  it('a build the watcher reports joins the held list: the next read costs only its own detail', async () => {
    const requests: string[] = [];
    let now = T0;
    let listed = [build(3), build(2), build(1)];
    const client: BuildTimesClient = {
      builds: {
        listOfVersion: (_p, _v, options) => { requests.push(`list limit=${options?.limit}`); return Promise.resolve({ items: listed, count: listed.length } as never); },
        notifications: () => { requests.push('notifications'); return Promise.resolve({ items: [] } as never); },
      },
      buildLogs: { get: (id) => { requests.push(`v2 ${id}`); return Promise.resolve(parseBuildLog({ id, date: new Date(T0).toISOString(), commands: [{ id: 1, command: 'git clone x .', exit_code: 0, start_time: new Date(T0).toISOString(), end_time: new Date(T0 + 5000).toISOString() }] })); } },
    };
    const started = new Emitter<WatchedBuild>();
    const updated = new Emitter<WatchedBuild>();
    const service = new BuildTimesService({ clientOf: () => ({ client, origin: 'https://rtd.example' }), cache: new FiguresCache(new MemoryMemento()), watcher: { onDidStartWatching: started.event, onDidUpdate: updated.event }, clock: { now: () => now } });
    const target = { edition: 'community', projectSlug: 'widgets', versionSlug: 'latest' } as const;
    await service.read(target, 3);
    assert.deepEqual(requests, ['list limit=3', 'v2 3', 'v2 2', 'v2 1']);

    requests.length = 0;
    started.fire({ edition: 'community', projectSlug: 'widgets', build: build(4, 'triggered'), startedHere: true });
    updated.fire({ edition: 'community', projectSlug: 'widgets', build: build(4), startedHere: true });
    listed = [];
    const times = await service.read(target, 3);
    assert.deepEqual(times.builds.map((b) => b.id), [4, 3, 2]);
    assert.deepEqual(requests, ['v2 4'], 'no list, no build already read');

    requests.length = 0;
    await service.read(target, 5);
    assert.deepEqual(requests[0], 'list limit=5', 'a larger count lists again');
    now += BUILD_LIST_TTL_MS;
    requests.length = 0;
    listed = [build(4), build(3)];
    await service.read(target, 2);
    assert.deepEqual(requests, ['list limit=2'], 'a list held too long is read again; the figures come from the cache');
  });
});
