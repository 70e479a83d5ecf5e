import assert from 'node:assert/strict';
import { ReadTheDocsClient } from '../../src/core/api/client';
import { silentLogger } from '../../src/core/log';
import { TreeFilters } from '../../src/core/tree/filters';
import { TreeLoader, folderNode, projectNode } from '../../src/core/tree/loader';
import { foldersIn } from '../../src/core/tree/folders';
import { type DocsNode } from '../../src/core/tree/nodes';
import { clientFor } from '../helpers/clientFor';
import { ManualClock } from '../helpers/manualClock';
import { type Sandbox, startSandbox } from '../sandbox';

/*
 * The request budget under load, on a ManualClock (the budget's 60 s window passes instantly):
 * a burst of 100 user actions against a server that allows 60 requests per minute, and a single
 * short 429 that the tree never shows.
 */

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await realSleep(2);
  }
}

function budgetClient(sandbox: Sandbox, clock: ManualClock): ReadTheDocsClient {
  return new ReadTheDocsClient({
    edition: 'community',
    baseUrl: sandbox.origin,
    getToken: () => sandbox.tokens.owner,
    userAgent: 'readthedocs-vscode-fault-suite/0',
    timeoutMs: 3_600_000, // on the ManualClock; time only moves while nothing is on the wire
    requestsPerMinute: 60,
    logger: silentLogger,
    clock,
  });
}

describe('fault suite: request budget', () => {
  let sandbox: Sandbox;

  before(async () => { sandbox = await startSandbox({ buildStepMs: 600_000, requestsPerMinute: 60 }); });
  after(() => sandbox.close());

  it('a burst of 100 user actions: 60 go out in the first minute, 40 queue, none fails, no write repeats, no 429', async () => {
    sandbox.reset();
    // The folders the actions open: one list request each (project data is fetched before the burst).
    const setup = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
    const folders: DocsNode[] = [];
    for (const slug of ['widgets', 'gadget-docs', 'hostile-demo', 'widgets-api', 'widgets-fr']) {
      const project = projectNode('community', undefined, 'community', await setup.projects.get(slug));
      for (const folder of foldersIn('community').filter((kind) => kind !== 'versions')) folders.push(folderNode(project, folder));
    }
    await setup.dispose();
    sandbox.reset(); // a fresh server-side throttle window for the burst

    const clock = new ManualClock();
    const client = budgetClient(sandbox, clock);
    const reported: unknown[] = [];
    const loader = new TreeLoader({
      editions: { signedIn: ['community'], client: () => client },
      filters: new TreeFilters(),
      logger: silentLogger,
      onError: (error) => reported.push(error),
    });
    // 50 folder expansions and 50 build triggers, interleaved, all at once.
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const actions = Array.from({ length: 100 }, (_, i) => {
      const action: Promise<unknown> = i % 2 === 0 ? loader.children(folders[(i / 2) % folders.length]) : client.builds.trigger('widgets', 'latest');
      return action.then((value) => { outcomes.push({ ok: true, value }); }, (error: unknown) => { outcomes.push({ ok: false, error }); });
    });

    try {
      await until(() => outcomes.length === 60);
      await realSleep(20);
      const firstMinute = [...sandbox.requests];
      assert.equal(firstMinute.length, 60, 'exactly 60 requests in the first minute');
      assert.equal(outcomes.length, 60);
      assert.equal(client.budget.state.waiting, 40, 'the rest wait in the budget');
      assert.ok(firstMinute.every((r) => r.status !== 429), 'the server never throttled');

      // A minute (plus the budget's 1 s margin) after the requests completed, on the client's clock; the
      // sandbox's throttle window is real time, so it starts afresh too.
      sandbox.reset();
      await clock.advance(61_000);
      await Promise.all(actions);
      const secondMinute = [...sandbox.requests];
      assert.equal(secondMinute.length, 40);
      const all = [...firstMinute, ...secondMinute];
      assert.ok(all.every((r) => r.status !== 429), 'the server never throttled');
      assert.equal(all.filter((r) => r.method === 'POST').length, 50, 'one POST per trigger, none repeated');
      assert.deepEqual(outcomes.filter((o) => !o.ok), [], 'no action failed');
      assert.deepEqual(reported, [], 'no load failed');
      for (const outcome of outcomes) {
        if (outcome.ok && Array.isArray(outcome.value)) assert.ok((outcome.value as DocsNode[]).every((n) => n.kind !== 'message' || n.severity !== 'error'));
      }
    } finally {
      await client.dispose();
    }
  });

  it('a single 429 within the retry cap is invisible: the load waits Retry-After and shows the list', async () => {
    sandbox.reset();
    const clock = new ManualClock();
    const client = budgetClient(sandbox, clock);
    const reported: unknown[] = [];
    const loader = new TreeLoader({
      editions: { signedIn: ['community'], client: () => client },
      filters: new TreeFilters(),
      logger: silentLogger,
      onError: (error) => reported.push(error),
    });
    sandbox.addFault({ method: 'GET', path: '/api/v3/projects/', kind: 'status', status: 429, headers: { 'Retry-After': '20' }, body: { detail: 'Request was throttled. Expected available in 20 seconds.' } });
    try {
      let settled = false;
      const loading = loader.children(undefined).finally(() => { settled = true; });
      await until(() => client.budget.state.waiting === 1);
      assert.ok(client.budget.state.pausedUntil, 'the budget is paused');
      assert.equal(settled, false, 'still waiting');
      await clock.advance(20_000);
      const nodes = await loading;
      assert.ok(nodes.some((n) => n.kind === 'project'), 'the projects');
      assert.deepEqual(reported, []);
      assert.equal(sandbox.requests.length, 2);
    } finally {
      await client.dispose();
    }
  });
});
