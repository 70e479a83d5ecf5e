// Run by bench/lib/scaling.ts in its own process, so a case that never ends can be killed and
// each case's heap and compiled code are its own. `scaling <index>`: case `index` of
// SCALING_CASES at n, then at 4 n, a JSON line after each; each run makes as many calls as take
// at least RUN_MS at n, and the same count at 4 n. `cap <index>`: one call
// of CAP_CASES[index], one JSON line. Times are CPU time (process.cpuUsage) of the calls only.
import { errorDetail } from '../src/core/api/describeError';
import { CAP_CASES, SCALING_CASES } from './lib/scalingCases';
import { median } from './lib/measure';

/** A run at n lasts at least this long (CPU ms), so timer resolution and noise do not make the ratio. */
const RUN_MS = 20;
/** Measured runs per size at most, after one run to warm up. */
const RUNS = 5;
/** Measured runs stop once they took this long together (a slow size gets fewer, at least one). */
const RUNS_BUDGET_MS = 4_000;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function timedRun(call: () => unknown, iterations: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await call();
  return cpuMs(start);
}

/** CPU ms per call: the median of the measured runs. */
async function perCall(call: () => unknown, iterations: number): Promise<number> {
  const warm = await timedRun(call, iterations);
  if (warm >= RUNS_BUDGET_MS) return warm / iterations;
  const runs: number[] = [];
  let spent = 0;
  while (runs.length < RUNS && (runs.length === 0 || spent < RUNS_BUDGET_MS)) {
    const ms = await timedRun(call, iterations);
    runs.push(ms);
    spent += ms;
  }
  return median(runs) / iterations;
}

async function calibrated(call: () => unknown): Promise<number> {
  let iterations = 1;
  for (;;) {
    const ms = await timedRun(call, iterations);
    if (ms >= RUN_MS || iterations >= 100_000) return iterations;
    iterations = Math.min(100_000, Math.ceil(iterations * Math.min(100, (1.2 * RUN_MS) / Math.max(ms, 0.01))));
  }
}

async function main(): Promise<void> {
  const [kind, indexText] = process.argv.slice(2);
  const index = Number(indexText);
  if (kind === 'cap') {
    const { input, call } = CAP_CASES[index]!;
    const value = input();
    const start = process.cpuUsage();
    await call(value);
    console.log(JSON.stringify({ ms: cpuMs(start) }));
    return;
  }
  const { n, input, call } = SCALING_CASES[index]!;
  let iterations = 0;
  for (const size of [n, 4 * n]) {
    const value = input(size);
    const run = () => call(value);
    if (iterations === 0) iterations = await calibrated(run);
    console.log(JSON.stringify({ size, iterations, ms: await perCall(run, iterations) }));
  }
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ error: errorDetail(error).slice(0, 200) }));
  process.exit(1);
});
