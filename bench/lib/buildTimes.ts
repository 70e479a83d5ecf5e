import { performance } from 'node:perf_hooks';
import { ReadTheDocsClient } from '../../src/core/api/client';
import { BuildTimesService } from '../../src/core/buildTimes/buildTimesService';
import { FiguresCache } from '../../src/core/buildTimes/figuresCache';
import { silentLogger } from '../../src/core/log';
import { MemoryMemento } from '../../test/helpers/memoryMemento';
import { startSandbox } from '../../test/sandbox';
import { round } from './measure';

export interface BuildTimesBench {
  readonly builds: number;
  readonly failed: number;
  readonly running: number;
  readonly firstOpenRequests: number;
  readonly firstOpenMs: number;
  readonly reopenRequests: number;
  readonly afterReloadRequests: number;
  /** Largest |sum of steps − v3 duration| over the builds with steps, in seconds. */
  readonly worstTotalGapSeconds: number;
  readonly totalsWithin1s: boolean;
  /** Builds whose commands alone took longer than their v3 duration + 1 s (the step times would be wrong). */
  readonly commandsOverDuration: number;
}

/**
 * Show Build Times of widgets (latest) against the sandbox, 20 builds: requests of the first open,
 * of a reopen, and after a window reload (figures from the persisted cache); the steps' sum against
 * each build's v3 duration.
 */
export async function runBuildTimes(count = 20): Promise<BuildTimesBench> {
  const sandbox = await startSandbox({ buildStepMs: 60_000 });
  const client = new ReadTheDocsClient({ edition: 'community', baseUrl: sandbox.origin, getToken: () => sandbox.tokens.owner, userAgent: 'readthedocs-vscode-bench/0', requestsPerMinute: 1000, logger: silentLogger });
  const storage = new MemoryMemento();
  const serviceOf = () => new BuildTimesService({ clientOf: () => ({ client, origin: sandbox.origin }), cache: new FiguresCache(storage) });
  const target = { edition: 'community', projectSlug: 'widgets', versionSlug: 'latest' } as const;
  const apiRequests = () => sandbox.requests.filter((r) => r.path.startsWith('/api/')).length;
  try {
    // widgets (latest) has 16 builds in the seed: older ones make it `count`, as the setting's default asks.
    const seeded = sandbox.db.builds('widgets').filter((b) => b.version === 'latest');
    const oldest = Math.min(...seeded.map((b) => b.created));
    for (let i = seeded.length; i < count; i += 1) {
      sandbox.db.addBuild({ project: 'widgets', version: 'latest', created: oldest - (i - seeded.length + 1) * 86_400_000, state: 'finished', success: true, commit: `${i}`.padStart(40, 'b'), duration: 240 });
    }
    const service = serviceOf();
    sandbox.clearLog();
    const started = performance.now();
    const times = await service.read(target, count);
    const firstOpenMs = round(performance.now() - started);
    const firstOpenRequests = apiRequests();
    sandbox.clearLog();
    await service.read(target, count);
    const reopenRequests = apiRequests();
    sandbox.clearLog();
    await serviceOf().read(target, count);
    const afterReloadRequests = apiRequests();
    const gaps = times.builds.flatMap((b) => {
      const v3 = sandbox.db.build(b.id)?.duration;
      return b.steps && v3 ? [Math.abs(b.steps.reduce((sum, s) => sum + s.seconds, 0) - v3)] : [];
    });
    const worst = Math.max(0, ...gaps);
    const commandsOverDuration = times.builds.filter((b) => {
      const v3 = sandbox.db.build(b.id)?.duration;
      return b.steps && v3 && b.steps.filter((s) => s.kind !== 'upload').reduce((sum, s) => sum + s.seconds, 0) > v3 + 1;
    }).length;
    return {
      builds: times.builds.length,
      failed: times.builds.filter((b) => b.outcome === 'failed').length,
      running: times.builds.filter((b) => b.outcome === 'running').length,
      firstOpenRequests, firstOpenMs, reopenRequests, afterReloadRequests,
      worstTotalGapSeconds: round(worst), totalsWithin1s: worst <= 1, commandsOverDuration,
    };
  } finally {
    await client.dispose();
    await sandbox.close();
  }
}
