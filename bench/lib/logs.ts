import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ReadTheDocsClient } from '../../src/core/api/client';
import { PollingBuildWatcher } from '../../src/core/builds/pollingWatcher';
import { silentLogger } from '../../src/core/log';
import { LogFollower } from '../../src/core/logs/follower';
import { isFinal } from '../../src/core/builds/facts';
import { startSandbox } from '../../test/sandbox';
import { ManualClock } from '../../test/helpers/manualClock';
import { round, sleep } from './measure';

export interface LargeLogResult {
  readonly bodyMB: number;
  readonly commands: number;
  readonly problems: number;
  readonly documentMB: number;
  readonly fetchParseMs: number;
  readonly problemsMs: number;
  readonly renderMs: number;
  readonly totalMs: number;
  readonly retainedHeapMB: number;
}

export interface RunningLogResult {
  readonly scenario: string;
  /** `/api/v2/build/<id>/` requests of the log document in 60 s. */
  readonly logRequests: number;
  /** `/api/v3/` requests of the build watcher (tree row, status bar) in 60 s. */
  readonly watcherRequests: number;
  readonly backgroundBudget: number;
  readonly withinBudget: boolean;
}

const run = promisify(execFile);
const root = join(__dirname, '..', '..');

/** A Sphinx output of about `mb` MB: 10,000-page projects print one line per page read and written, plus warnings. */
function bigSphinxOutput(mb: number): string {
  const checkout = '/home/docs/checkouts/readthedocs.org/user_builds/widgets/checkouts/latest/';
  const lines: string[] = ['Running Sphinx v8.1.3'];
  let size = 0;
  for (let i = 0; size < mb * 1_000_000; i++) {
    const line = i % 50 === 49
      ? `${checkout}docs/reference/page-${i}.rst:${(i % 300) + 1}: WARNING: undefined label: 'section-${i}' [ref.ref]`
      : `reading sources... [${String(i % 100).padStart(3)}%] reference/page-${i}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\nbuild succeeded.\n`;
}

/** Opening a ~10 MB log (one huge Sphinx output), in a child process for the heap figure. */
export async function runLargeLog(mb = 10): Promise<LargeLogResult> {
  const sandbox = await startSandbox();
  try {
    const build = sandbox.db.builds('widgets').find((b) => isFinal(b))!;
    const body = {
      id: build.id, project_slug: 'widgets', version_slug: 'latest', state: 'finished', success: true, length: 600, cold_storage: false,
      config: { sphinx: { configuration: 'docs/conf.py' } },
      commands: [
        { id: 1, command: 'git clone --depth 1 https://github.com/example-org/widgets .', output: "Cloning into '.'...\n", exit_code: 0, run_time: 1 },
        { id: 2, command: 'python -m sphinx -T -b html -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/html', output: bigSphinxOutput(mb), exit_code: 0, run_time: 590 },
      ],
    };
    const bodyMB = JSON.stringify(body).length / 1_000_000;
    sandbox.addFault({ path: `/api/v2/build/${build.id}/`, kind: 'status', status: 200, body, times: 1 });
    const { stdout } = await run(process.execPath, ['--expose-gc', '--require', 'tsx/cjs', join('bench', 'logChild.ts'), sandbox.origin, sandbox.tokens.owner, String(build.id)], { cwd: root, maxBuffer: 1 << 20 });
    const child = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>;
    return {
      bodyMB: round(bodyMB, 1), commands: child.commands, problems: child.problems, documentMB: round(child.documentChars / 1_000_000, 1),
      fetchParseMs: round(child.fetchParseMs), problemsMs: round(child.problemsMs), renderMs: round(child.renderMs), totalMs: round(child.totalMs),
      retainedHeapMB: round(child.retainedHeapBytes / 2 ** 20, 1),
    };
  } finally {
    await sandbox.close();
  }
}

/**
 * Requests in one minute while one build runs and its log document is open: the log follower
 * (v2) and the build watcher (v3, what the tree row and the status bar use), both at the default
 * 5 s floor, on a ManualClock moved in 1 s steps (each real HTTP request awaited before time
 * moves on). The sandbox's seeded running build stays in one state for the minute, so both back
 * off; the other row is the ceiling when every poll sees a change (each resets to the floor).
 */
export async function runRunningLog(): Promise<RunningLogResult[]> {
  const sandbox = await startSandbox();
  const backgroundBudget = 60 - Math.ceil(60 / 5);
  try {
    const clock = new ManualClock();
    const client = new ReadTheDocsClient({
      edition: 'community', baseUrl: sandbox.origin, getToken: () => sandbox.tokens.owner, userAgent: 'readthedocs-vscode-bench/0',
      requestsPerMinute: 60, logger: silentLogger, clock, timeoutMs: 3_600_000,
    });
    const inFlight = new Set<Promise<unknown>>();
    const track = <T>(pending: Promise<T>): Promise<T> => {
      inFlight.add(pending);
      pending.then(() => inFlight.delete(pending), () => inFlight.delete(pending));
      return pending;
    };
    const build = sandbox.db.builds('widgets').find((b) => !isFinal(b))!;
    const watcher = new PollingBuildWatcher({
      clientOf: () => ({ builds: { get: (project, id, expand, options) => track(client.builds.get(project, id, expand, options)) } }),
      floorSeconds: () => 5, clock, logger: silentLogger,
    });
    const first = await client.buildLogs.get(build.id);
    watcher.watch('community', 'widgets', await client.builds.get('widgets', build.id));
    const follower = new LogFollower(first, {
      fetch: (signal) => track(client.buildLogs.get(build.id, { priority: 'background', signal })), floorSeconds: () => 5, clock, onUpdate: () => undefined,
    });
    sandbox.clearLog();
    for (let second = 0; second < 60; second++) {
      await clock.advance(1000);
      while (inFlight.size > 0) await sleep(1);
    }
    const logRequests = sandbox.requests.filter((r) => r.path.startsWith('/api/v2/')).length;
    const watcherRequests = sandbox.requests.filter((r) => r.path.startsWith('/api/v3/')).length;
    follower.dispose();
    watcher.dispose();
    await client.dispose();
    const ceiling = 2 * Math.floor(60 / 5);
    return [
      { scenario: 'log open, build in one state for the minute', logRequests, watcherRequests, backgroundBudget, withinBudget: logRequests + watcherRequests <= backgroundBudget },
      { scenario: 'ceiling: every poll sees a change (5 s floor)', logRequests: ceiling / 2, watcherRequests: ceiling / 2, backgroundBudget, withinBudget: ceiling <= backgroundBudget },
    ];
  } finally {
    await sandbox.close();
  }
}
