// Run by bench/lib/logs.ts in its own process (node --expose-gc --require tsx/cjs), so the heap
// figures are this log's alone: opens the log of build argv[4] from the sandbox at argv[2] as the
// log document does (fetch and parse the v2 JSON, find the problems, render the document), keeps
// what the document keeps, and prints one JSON line.
import { performance } from 'node:perf_hooks';
import { ReadTheDocsClient } from '../src/core/api/client';
import { silentLogger } from '../src/core/log';
import { findProblems } from '../src/core/logs/problems';
import { renderBuildLog } from '../src/core/logs/render';

async function main(): Promise<void> {
  const [origin, token, buildId] = process.argv.slice(2);
  const gc = (globalThis as { gc?: () => void }).gc;
  const client = new ReadTheDocsClient({
    edition: 'community', baseUrl: origin, getToken: () => token, userAgent: 'readthedocs-vscode-bench/0', requestsPerMinute: 60, logger: silentLogger,
  });
  await client.verifyToken(); // loads undici and opens the connection outside the measurement
  gc?.();
  const baseline = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const log = await client.buildLogs.get(Number(buildId));
  const t1 = performance.now();
  const problems = findProblems(log.commands);
  const t2 = performance.now();
  const rendered = renderBuildLog({ log, projectSlug: 'widgets', problems });
  const t3 = performance.now();
  gc?.();
  const retained = process.memoryUsage().heapUsed - baseline;
  console.log(JSON.stringify({
    fetchParseMs: t1 - t0, problemsMs: t2 - t1, renderMs: t3 - t2, totalMs: t3 - t0, retainedHeapBytes: retained,
    documentChars: rendered.text.length, commands: log.commands.length, problems: problems.length, sections: rendered.sections.length,
  }));
  await client.dispose();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
