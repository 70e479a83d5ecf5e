// `npm run bench:scaling`: the scaling suite (bench/lib/scaling.ts). Prints the ratio of each entry
// point at n and 4 n, then the issue's cases at their caps beside the 200 ms target, and exits
// non-zero when a ratio is above MAX_RATIO, a case runs out of time or throws.
//
// Options: --only=<text> (cases whose entry point or shape contains it), --skip-caps.
import { CASE_LIMIT_MS, MAX_RATIO, capTable, runCapCases, runScalingCases, scalingTable } from './lib/scaling';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  console.log(`\nScaling: CPU ms per call at n and 4 n (median of up to 5 runs); fails above ${MAX_RATIO}×, after ${CASE_LIMIT_MS / 1000} s per size, or on an error\n`);
  const rows = await runScalingCases(only, (row) => console.error(`  ${row.failed ? 'FAILED' : 'ok'}  ${row.entry} · ${row.shape}`));
  console.log(scalingTable(rows));
  const caps = args.includes('--skip-caps') ? [] : await runCapCases(only, (row) => console.error(`  ${row.name}`));
  if (caps.length > 0) {
    console.log('\nThe issue\'s cases at their caps: CPU ms of one call (target, not a failure; out of time or an error fails)\n');
    console.log(capTable(caps));
  }
  const failed = [...rows.filter((r) => r.failed).map((r) => `${r.entry} · ${r.shape}`), ...caps.filter((r) => r.failed).map((r) => r.name)];
  console.log(failed.length ? `\n${failed.length} failed:\n${failed.map((f) => `  · ${f}`).join('\n')}` : '\nNo entry point grows faster than its input.');
  process.exit(failed.length ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
