import { ReadTheDocsClient } from '../../src/core/api/client';
import { PollingBuildWatcher } from '../../src/core/builds/pollingWatcher';
import { silentLogger } from '../../src/core/log';
import { isFinal } from '../../src/core/builds/facts';
import { TreeFilters } from '../../src/core/tree/filters';
import { TreeLoader } from '../../src/core/tree/loader';
import { TreeModel } from '../../src/core/tree/model';
import { type DocsNode, type NodeOfKind } from '../../src/core/tree/nodes';
import { startSandbox } from '../../test/sandbox';
import { ManualClock } from '../../test/helpers/manualClock';
import { sleep } from './measure';

export interface IdleResult {
  readonly scenario: string;
  /** API requests in the 60 s window. */
  readonly requests: number;
  /** What the budget lets background work (polling) send in a minute: 60 minus the fifth kept for clicks. */
  readonly backgroundBudget: number;
  readonly withinBudget: boolean;
  readonly clock: string;
}

/**
 * Requests sent in one minute with the tree open: nothing running, then one running build. The
 * minute is simulated: watcher and client run on a ManualClock moved in 1 s steps, and each poll's
 * real HTTP request is awaited before time moves on. The tree is opened as the view does (root,
 * a project, its folders), and running builds in loaded rows are handed to the watcher, as
 * ProjectsTree.watchRunning does.
 */
export async function runIdle(): Promise<IdleResult[]> {
  const sandbox = await startSandbox();
  const results: IdleResult[] = [];
  try {
    for (const [scenario, slug] of [['tree open, nothing running', 'gadget-docs'], ['tree open, one build running', 'widgets']] as const) {
      sandbox.reset();
      const clock = new ManualClock();
      const client = new ReadTheDocsClient({
        edition: 'community', baseUrl: sandbox.origin, getToken: () => sandbox.tokens.owner, userAgent: 'readthedocs-vscode-bench/0',
        requestsPerMinute: 60, logger: silentLogger, clock, timeoutMs: 3_600_000,
      });
      const inFlight = new Set<Promise<unknown>>();
      const watcher = new PollingBuildWatcher({
        clientOf: () => ({
          builds: {
            get: (project, id, expand, options) => {
              const pending = client.builds.get(project, id, expand, options);
              inFlight.add(pending);
              pending.then(() => inFlight.delete(pending), () => inFlight.delete(pending));
              return pending;
            },
          },
        }),
        floorSeconds: () => 5,
        clock,
        logger: silentLogger,
      });
      const model = new TreeModel(new TreeLoader({ editions: { signedIn: ['community'], client: () => client }, filters: new TreeFilters(), logger: silentLogger }));
      const open = async (node: DocsNode | undefined) => {
        const children = await model.getChildren(node);
        for (const child of children) if (child.kind === 'build' && !isFinal(child.build)) watcher.watch(child.edition, child.projectSlug, child.build);
        return children;
      };
      const roots = await open(undefined);
      const project = roots.find((n): n is NodeOfKind<'project'> => n.kind === 'project' && n.project.slug === slug);
      if (!project) throw new Error(`${slug} not in the tree`);
      for (const folder of await open(project)) await open(folder);
      sandbox.clearLog();
      for (let second = 0; second < 60; second++) {
        await clock.advance(1000);
        while (inFlight.size > 0) await sleep(1);
      }
      const requests = sandbox.requests.filter((r) => r.path.startsWith('/api/v3/')).length;
      const backgroundBudget = 60 - Math.ceil(60 / 5);
      results.push({ scenario, requests, backgroundBudget, withinBudget: requests <= backgroundBudget, clock: 'ManualClock, 60 × 1 s steps' });
      watcher.dispose();
      await client.dispose();
    }
  } finally {
    await sandbox.close();
  }
  return results;
}
