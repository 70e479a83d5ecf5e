import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startSandbox } from '../../test/sandbox';
import { round } from './measure';

export interface ScaleResult {
  /** Extra generated projects (the demo seed adds its own 7 to the listing). */
  readonly projectCount: number;
  readonly latencyMs: number;
  readonly listed: number;
  readonly requests: number;
  readonly wallMs: number;
  readonly peakHeapDeltaMB: number;
  readonly retainedHeapMB: number;
}

const run = promisify(execFile);
const root = join(__dirname, '..', '..');

/** Lists every project through the client, in a child process (heap isolated), for each size. */
export async function runScale(counts: readonly number[], latencies: readonly number[]): Promise<ScaleResult[]> {
  const results: ScaleResult[] = [];
  for (const projectCount of counts) {
    const sandbox = await startSandbox({ projectCount });
    try {
      for (const latencyMs of latencies) {
        sandbox.setLatency(latencyMs);
        sandbox.clearLog();
        const { stdout } = await run(process.execPath, ['--expose-gc', '--require', 'tsx/cjs', join('bench', 'scaleChild.ts'), sandbox.origin, sandbox.tokens.owner], { cwd: root, maxBuffer: 1 << 20 });
        const child = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { projects: number; wallMs: number; peakHeapDeltaBytes: number; retainedHeapBytes: number };
        const requests = sandbox.requests.filter((r) => r.path === '/api/v3/projects/' && r.query.fields !== 'slug').length;
        results.push({
          projectCount, latencyMs, listed: child.projects, requests, wallMs: round(child.wallMs),
          peakHeapDeltaMB: round(child.peakHeapDeltaBytes / 2 ** 20, 2), retainedHeapMB: round(child.retainedHeapBytes / 2 ** 20, 2),
        });
      }
    } finally {
      await sandbox.close();
    }
  }
  return results;
}
