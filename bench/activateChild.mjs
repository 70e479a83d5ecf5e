// Run by bench/lib/size.ts in a fresh process each time: loads the production bundle with a fake
// `vscode` module and times require() and activate(), and the CPU the process spent from before
// require() to 300 ms after activate() returned (what runs once activation is over counts too).
// Prints one JSON line.
// Usage: [BENCH_FOLDER=<workspace folder>] node bench/activateChild.mjs <bundle.js> <package.json> [<origin> <token>]
import Module, { createRequire } from 'node:module';
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFakeContext, createFakeVscode } from './fakeVscode.mjs';

const [bundle, packageJsonPath, origin, token] = process.argv.slice(2);
const packageJSON = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
const settings = origin ? { 'readthedocs.communityUrl': origin, 'readthedocs.businessUrl': '' } : {};
const secrets = origin && token ? { [`readthedocs.token:${new URL(origin).origin}`]: token } : {};
const registered = [];
const vscode = createFakeVscode({ settings, registered, folder: process.env.BENCH_FOLDER || undefined });
/** The window after activation whose CPU counts. */
const AFTER_ACTIVATION_MS = 300;

const originalLoad = Module._load;
Module._load = function load(request, ...rest) {
  if (request === 'vscode') return vscode;
  return originalLoad.call(this, request, ...rest);
};

try {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const extension = createRequire(import.meta.url)(bundle);
  const t1 = performance.now();
  const requireCpu = process.cpuUsage(cpu0);
  const context = createFakeContext({ packageJSON, secrets, extensionPath: dirname(dirname(bundle)) });
  await extension.activate(context);
  const t2 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, AFTER_ACTIVATION_MS));
  const cpu = process.cpuUsage(cpu0);
  // undici and parse5 sit in their own files next to the bundle, required on first use only.
  const bundleDir = dirname(realpathSync(bundle));
  const lazyLoaded = Object.keys(createRequire(import.meta.url).cache)
    .filter((file) => file.startsWith(`${bundleDir}${sep}`) && file !== realpathSync(bundle))
    .map((file) => relative(bundleDir, file));
  for (const d of context.subscriptions) { try { d?.dispose?.(); } catch { /* a stub */ } }
  extension.deactivate?.();
  console.log(JSON.stringify({ requireMs: t1 - t0, requireCpuMs: (requireCpu.user + requireCpu.system) / 1000, activateMs: t2 - t1, cpuMs: (cpu.user + cpu.system) / 1000, commands: registered.length, lazyLoaded, heapMB: process.memoryUsage().heapUsed / 2 ** 20 }));
} catch (error) {
  // Most likely a VS Code API the fake module lacks: name it, so bench/fakeVscode.mjs can grow.
  console.log(JSON.stringify({ error: String(error?.stack ?? error).split('\n').slice(0, 3).join(' | ').slice(0, 400) }));
}
// Open handles (timers, sockets) must not keep a benchmark child alive.
process.exit(0);
