// Run by bench/lib/scale.ts in its own process (node --expose-gc --require tsx/cjs), so the heap
// figures are this listing's alone: lists every project of the sandbox at argv[2] through the
// client, keeps them (as the tree would), and prints one JSON line.
import { performance } from 'node:perf_hooks';
import { ReadTheDocsClient } from '../src/core/api/client';
import { silentLogger } from '../src/core/log';
import { type Project } from '../src/core/models/project';

async function main(): Promise<void> {
  const [origin, token] = process.argv.slice(2);
  const gc = (globalThis as { gc?: () => void }).gc;
  const client = new ReadTheDocsClient({
    edition: 'community', baseUrl: origin, getToken: () => token, userAgent: 'readthedocs-vscode-bench/0',
    pageSize: 100, requestsPerMinute: 60, logger: silentLogger,
  });
  await client.verifyToken(); // loads undici and opens the connection outside the measurement
  gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sample = () => { peak = Math.max(peak, process.memoryUsage().heapUsed); };
  const sampler = setInterval(sample, 1);
  const started = performance.now();
  const projects: Project[] = [];
  for await (const project of client.all(client.projects.list())) {
    projects.push(project);
    if (projects.length % 100 === 0) sample();
  }
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  sample();
  gc?.();
  const retained = process.memoryUsage().heapUsed - baseline;
  console.log(JSON.stringify({ projects: projects.length, wallMs, peakHeapDeltaBytes: peak - baseline, retainedHeapBytes: retained, gc: Boolean(gc) }));
  await client.dispose();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
