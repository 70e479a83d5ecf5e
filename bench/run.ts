// `npm run bench`: request counts, round trips and wall times of the UI journeys against the
// sandbox at 0/50/200 ms latency, listing at scale, idle traffic, bundle/.vsix size and start-up
// time. Prints tables and writes bench/results.json. Figures only: nothing here asserts a time.
//
// Options: --quick (latency 0 only, small scale, 1 activation run), --only=journeys,payload,scale,inventory,bounds,config,editing,parser,idle,logs,upload,buildTimes,stores,size,
// --vscode[=runs] (also the activation time in the real VS Code route: code-server + Chromium, slow).
// The scaling suite runs only when named (--only=scaling); on its own, with its exit code: npm run bench:scaling.
import { writeFile } from 'node:fs/promises';
import { cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runBounds } from './lib/bounds';
import { runBuildTimes } from './lib/buildTimes';
import { runEditing } from './lib/editing';
import { runIdle } from './lib/idle';
import { runLargeLog, runRunningLog } from './lib/logs';
import { runInventory } from './lib/inventory';
import { type JourneyResult, runJourneys } from './lib/journeys';
import { round, table } from './lib/measure';
import { runParser } from './lib/parser';
import { runPrivateDocs } from './lib/privateDocs';
import { runPayload } from './lib/payload';
import { runConfigRules } from './lib/readthedocsYaml';
import { runScale } from './lib/scale';
import { MAX_RATIO, capTable, runCapCases, runScalingCases, scalingTable } from './lib/scaling';
import { VSIX_TARGET_BYTES, runSize } from './lib/size';
import { runStores } from './lib/stores';
import { runUpload } from './lib/upload';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wants = (section: string) => !only || only.includes(section);

const LATENCIES = quick ? [0] : [0, 50, 200];
const SCALE_COUNTS = quick ? [10, 100] : [10, 100, 1000, 5000];
const ACTIVATION_RUNS = quick ? 1 : 5;
const vscodeFlag = args.find((a) => a === '--vscode' || a.startsWith('--vscode='));
const EXTENSION_HOST_RUNS = vscodeFlag ? Number(vscodeFlag.split('=')[1] ?? 5) || 5 : 0;

const kb = (bytes: number) => `${round(bytes / 1024)} KiB`;

async function main(): Promise<void> {
  const started = performance.now();
  const results: Record<string, unknown> = {
    generated: new Date().toISOString(),
    machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memoryGB: round(totalmem() / 2 ** 30), os: `${platform()} ${release()}`, node: process.version },
    options: { quick, only: only ?? 'all', latenciesMs: LATENCIES, scaleCounts: SCALE_COUNTS, activationRuns: ACTIVATION_RUNS },
  };

  if (wants('journeys')) {
    const journeys: JourneyResult[] = [];
    for (const latency of LATENCIES) journeys.push(...(await runJourneys(latency)));
    results.journeys = journeys;
    console.log('\nJourneys (requests from the sandbox log; round trips = requests that waited for one another)\n');
    console.log(table(
      ['journey', 'latency ms', 'requests', 'min req', 'round trips', 'min RT', 'RT ratio', 'wall ms', 'bytes', 'without fields/omit'],
      journeys.map((j) => [j.journey, j.latencyMs, j.requests, j.minRequests, j.roundTrips, j.minRoundTrips, j.ratio === null ? '-' : j.ratio, j.wallMs, j.bytes, j.bytesUnshaped]),
    ));
    const notes = [...new Map(journeys.filter((j) => j.note).map((j) => [j.journey, j.note])).entries()];
    for (const [journey, note] of notes) console.log(`  · ${journey}: ${note}`);
  }

  if (wants('privateDocs')) {
    const privateDocs = await runPrivateDocs();
    results.privateDocs = privateDocs;
    console.log('\nPrivate docs (Business): a cross-reference hover on a private version against a public one; enabling\n');
    console.log(table(['figure', 'value'], privateDocs.map((f) => [f.figure, f.value])));
  }

  if (wants('payload')) {
    const payload = await runPayload();
    results.payload = payload;
    console.log('\nPayload: response bytes (uncompressed) with the fields/omit the client sends, and without them\n');
    console.log(table(
      ['request', 'items', 'bytes', 'without fields/omit', 'saved', 'client sends'],
      payload.map((p) => [p.request, p.items, p.bytes, p.bytesUnshaped, `${round(100 * (1 - p.bytes / p.bytesUnshaped))} %`, p.shaping]),
    ));
  }

  if (wants('scale')) {
    const scale = await runScale(SCALE_COUNTS, LATENCIES);
    results.scale = scale;
    console.log('\nScale: listing every project through the client (page size 100; child process per run)\n');
    console.log(table(
      ['extra projects', 'latency ms', 'listed', 'requests', 'wall ms', 'peak heap Δ MB', 'retained MB'],
      scale.map((s) => [s.projectCount, s.latencyMs, s.listed, s.requests, s.wallMs, s.peakHeapDeltaMB, s.retainedHeapMB]),
    ));
  }

  if (wants('inventory')) {
    const inventory = await runInventory();
    results.inventory = inventory;
    console.log('\nCross-references: inventory download, parse and index; completion; hover\n');
    console.log(table(['figure', 'value'], inventory.map((f) => [f.figure, f.value])));
  }

  if (wants('bounds')) {
    const bounds = await runBounds();
    results.bounds = bounds;
    console.log('\nBounds: hostile and largest accepted inputs from docs hosts and folders (parse time, what the caps hold)\n');
    console.log(table(['figure', 'value'], bounds.map((f) => [f.figure, f.value])));
  }

  if (wants('config')) {
    const config = runConfigRules();
    results.configRules = config;
    console.log('\nThe server\'s rules on .readthedocs.yaml: one edit of a 300-line configuration (debounced in the editor; no request)\n');
    console.log(table(['figure', 'value'], config.map((f) => [f.figure, f.value])));
  }

  if (wants('editing')) {
    const editing = runEditing();
    results.editing = editing;
    console.log('\nEditing: work per edit and file open on large inputs (before: 8216d55, as issue 29 measured it)\n');
    console.log(table(['figure', 'value', 'target', 'before'], editing.map((f) => [f.figure, f.value, f.target, f.before])));
  }

  if (wants('parser')) {
    const parser = await runParser(quick ? 10 : 30);
    results.parser = parser;
    console.log('\nInventory parser: a real objects.inv, hostile lines, memory held against the estimate (before: 8216d55, issue 29)\n');
    console.log(table(['figure', 'value', 'target', 'before'], parser.map((f) => [f.figure, f.value, f.target, f.before])));
  }

  if (wants('upload')) {
    const upload = await runUpload(quick ? 10 : 50);
    results.upload = upload;
    console.log(`\nUpload Local Build: a ${quick ? 10 : 50} MB site zipped in one pass and uploaded to the sandbox (child process: its memory alone)\n`);
    console.log(table(['figure', 'value'], upload.map((f) => [f.figure, f.value])));
  }

  if (only?.includes('scaling')) {
    const scaling = await runScalingCases();
    const caps = await runCapCases();
    results.scaling = { cases: scaling, caps };
    console.log(`\nScaling: CPU ms per call at n and 4 n (bench/scaling.ts fails above ${MAX_RATIO}×, after the time limit, or on an error)\n`);
    console.log(scalingTable(scaling));
    console.log('\nThe issue\'s cases at their caps: CPU ms of one call\n');
    console.log(capTable(caps));
  }

  if (wants('idle')) {
    const idle = await runIdle();
    results.idle = idle;
    console.log('\nIdle: API requests in one minute (simulated on a ManualClock)\n');
    console.log(table(['scenario', 'requests / 60 s', 'background budget', 'within'], idle.map((i) => [i.scenario, i.requests, i.backgroundBudget, i.withinBudget ? 'yes' : 'NO'])));
  }

  if (wants('logs')) {
    const large = await runLargeLog(10);
    const running = await runRunningLog();
    results.logs = { large, running };
    console.log('\nBuild logs: opening a ~10 MB log (child process), requests per minute while one build runs (ManualClock)\n');
    console.log(table(['figure', 'value'], [
      ['body / document', `${large.bodyMB} MB JSON → ${large.documentMB} MB document, ${large.commands} commands, ${large.problems} problems`],
      ['fetch + parse', `${large.fetchParseMs} ms`],
      ['find problems', `${large.problemsMs} ms`],
      ['render', `${large.renderMs} ms`],
      ['total', `${large.totalMs} ms`],
      ['heap held', `${large.retainedHeapMB} MB`],
    ]));
    console.log(table(['scenario', 'v2 log / 60 s', 'v3 watcher / 60 s', 'background budget', 'within'], running.map((r) => [r.scenario, r.logRequests, r.watcherRequests, r.backgroundBudget, r.withinBudget ? 'yes' : 'NO'])));
  }

  if (wants('buildTimes')) {
    const times = await runBuildTimes(20);
    results.buildTimes = times;
    console.log('\nBuild Times: widgets (latest), 20 builds against the sandbox (requests from its log)\n');
    console.log(table(['figure', 'value'], [
      ['builds shown (failed, running)', `${times.builds} (${times.failed}, ${times.running})`],
      ['first open: requests', `${times.firstOpenRequests} (target ≤ ${times.builds + 1})`],
      ['first open: wall', `${times.firstOpenMs} ms`],
      ['reopen: requests', `${times.reopenRequests} (the running build's detail only)`],
      ['after a window reload: requests', `${times.afterReloadRequests} (the list, and the running build)`],
      ['steps (with upload) vs v3 duration, worst gap', `${times.worstTotalGapSeconds} s (${times.totalsWithin1s ? 'within 1 s' : 'OVER 1 s'})`],
      ['builds whose commands alone exceed the v3 duration', `${times.commandsOverDuration}`],
    ]));
  }

  if (wants('stores')) {
    const stores = await runStores();
    results.stores = stores;
    console.log('\nPersisted stores: caps in entries and bytes (each entry at most 64 KB), oldest written evicted first; each entry under its own key\n');
    console.log(table(['store', 'keys', 'max entries', 'max per entry', 'max in all', 'measured'], stores.map((s) => [s.store, s.keys, s.maxEntries, s.maxEntryBytes, s.maxTotalBytes, s.measured])));
  }

  if (wants('size')) {
    const size = await runSize(ACTIVATION_RUNS, EXTENSION_HOST_RUNS);
    results.size = size;
    const host = size.extensionHost;
    console.log('\nSize and start\n');
    console.log(table(['figure', 'value'], [
      ['start-up bundle dist/extension.js (minified)', `${kb(size.bundleBytes)} (${size.bundleBytes} B)`],
      ['start-up bundle (gzip)', kb(size.bundleGzipBytes)],
      ...size.lazyFiles.map((f) => [`${f.file} (on first use)`, `${kb(f.bytes)} (${f.bytes} B)`]),
      ['.vsix', size.vsixBytes === null ? 'not built' : `${kb(size.vsixBytes)} (${size.vsixBytes} B, ${size.vsixFiles ?? '?'} files); at most ${kb(VSIX_TARGET_BYTES)}: ${size.vsixBytes <= VSIX_TARGET_BYTES ? 'yes' : 'NO'}`],
      ...size.activation.flatMap((a) => (a.error
        ? [[`activate(), ${a.scenario}`, `FAILED: ${a.error.slice(0, 120)}`]]
        : [
          [`require(bundle), ${a.scenario}`, `${a.requireMs} ms, CPU ${a.requireCpuMs} ms (medians of ${a.runs})`],
          [`activate(), ${a.scenario}`, `${a.activateMs} ms, ${a.commandsRegistered} commands${a.requests === null ? '' : `, ${a.requests} requests`}, lazy files loaded: ${a.lazyLoaded?.length ? a.lazyLoaded.join(', ') : 'none'}`],
          [`CPU from require() to 300 ms after activate(), ${a.scenario}`, `${a.cpuMs} ms (median of ${a.runs})`],
        ])),
      ['activation in the extension host', 'activationMs' in host && host.measured
        ? `${host.activationMs} ms (median of ${host.samplesMs?.length}: ${host.samplesMs?.join(', ')} ms)` : 'not measured'],
    ]));
    console.log(`  · ${size.vsixNote}`);
    console.log(`  · extension host: ${host.note}${'route' in host && host.route ? `; ${host.route}` : ''}`);
    console.log(`  · largest parts of the start-up bundle: ${size.composition.map((c) => `${c.input} ${kb(c.bytes)}`).join(', ')}`);
  }

  const file = join(__dirname, 'results.json');
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${file} in ${round((performance.now() - started) / 1000)} s.`);
  // A timed-out extension-host run may leave a pending browser call behind: do not wait for it.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
