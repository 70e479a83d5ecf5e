// Run by bench/lib/scaling.ts in its own process, so a case that never ends can be killed and
// each case's heap and compiled code are its own. `scaling <index>`: case `index` of
// SCALING_CASES, a JSON line once n is measured (`{ size, ms }`), another once 4 n is (`{ size,
// ms, msAtN }`: n measured again, run for run beside 4 n, so both sizes share the heap and the
// compiled code; the ratio is taken from these two). `cap <index>`: one call of CAP_CASES[index],
// one JSON line. Times are CPU time (process.cpuUsage) of the calls only.
import { errorDetail } from '../src/core/api/describeError';
import { CAP_CASES, SCALING_CASES } from './lib/scalingCases';
import { median } from './lib/measure';

/** A run at n lasts at least this long (CPU ms), so timer resolution and noise do not make the ratio. */
const RUN_MS = 20;
/** Runs to warm up (the compiler) before the measured ones, and measured runs per size at most. */
const WARM_UP_RUNS = 2;
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

/** Calls per run: as many as take RUN_MS. */
async function calibrated(call: () => unknown): Promise<number> {
  let iterations = 1;
  for (;;) {
    const ms = await timedRun(call, iterations);
    if (ms >= RUN_MS || iterations >= 100_000) return iterations;
    iterations = Math.min(100_000, Math.ceil(iterations * Math.min(100, (1.2 * RUN_MS) / Math.max(ms, 0.01))));
  }
}

/**
 * CPU ms per call of each of `calls`, run in turn (one run of each per round): the median of the
 * measured rounds, after the warm-up ones. A run as long as the budget ends the rounds: then the
 * last run of each is its figure.
 */
async function perCall(calls: readonly (() => unknown)[], iterations: number): Promise<number[]> {
  const runs = calls.map((): number[] => []);
  let spent = 0;
  for (let round = 0; round < WARM_UP_RUNS + RUNS; round++) {
    const measured = round >= WARM_UP_RUNS;
    let slowest = 0;
    for (const [index, call] of calls.entries()) {
      const ms = await timedRun(call, iterations);
      runs[index]!.push(ms);
      slowest = Math.max(slowest, ms);
      if (measured) spent += ms;
    }
    if (slowest >= RUNS_BUDGET_MS || spent >= RUNS_BUDGET_MS) break;
  }
  return runs.map((times) => median(times.length > WARM_UP_RUNS ? times.slice(WARM_UP_RUNS) : times.slice(-1)) / iterations);
}

async function main(): Promise<void> {
  const [kind, indexText] = process.argv.slice(2);
  const index = Number(indexText);
  if (kind === 'cap') {
    const { input, call, figure } = CAP_CASES[index]!;
    const value = input();
    const start = process.cpuUsage();
    const result = await call(value);
    const ms = cpuMs(start);
    console.log(JSON.stringify({ ms, figure: figure?.(result) }));
    return;
  }
  const { n, input, call } = SCALING_CASES[index]!;
  const small = input(n);
  const atN = () => call(small);
  const iterations = await calibrated(atN);
  const [ms] = await perCall([atN], iterations);
  console.log(JSON.stringify({ size: n, ms }));
  const large = input(4 * n);
  const [againAtN, at4N] = await perCall([atN, () => call(large)], iterations);
  console.log(JSON.stringify({ size: 4 * n, ms: at4N, msAtN: againAtN }));
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ error: errorDetail(error).slice(0, 200) }));
  process.exit(1);
});
