// Tracks what a script starts (child processes, browsers, servers, temp folders) and tears it
// down in reverse order on normal exit, on Ctrl+C / SIGTERM, and on a fatal error.
import { spawn } from 'node:child_process';

/** @type {{ name: string, fn: () => unknown }[]} */
const cleanups = [];
/** Process groups still running, killed synchronously if the process exits without cleanup. */
const liveGroups = new Set();
let handlersInstalled = false;
/** @type {Promise<void> | null} */
let cleaning = null;

/** Registers `fn` to run at cleanup; returns a function that unregisters it. */
export function onCleanup(name, fn) {
  const entry = { name, fn };
  cleanups.push(entry);
  installSignalHandlers();
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** True once cleanup has started (Ctrl+C, or the script is ending). */
export function isCleaningUp() {
  return cleaning !== null;
}

/** Runs every registered cleanup once, newest first; errors are printed, never thrown. */
export function cleanupAll() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const { name, fn } = cleanups.pop();
      try {
        await withTimeout(Promise.resolve().then(fn), 10_000, `cleanup "${name}" timed out`);
      } catch (e) {
        console.error(`[cleanup] ${name}: ${e instanceof Error ? e.message : e}`);
      }
    }
  })();
  return cleaning;
}

function installSignalHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
    process.on(signal, () => {
      console.error(`\n${signal} received: stopping everything this script started…`);
      void cleanupAll().finally(() => process.exit(code));
    });
  }
  // Last resort (process.exit() without cleanup, uncaught error): kill what is left, synchronously.
  process.on('exit', () => {
    for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
  });
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    try { process.kill(pid, signal); } catch { /* already gone */ }
  }
}

/**
 * Spawns a long-running child in its own process group (so its children, e.g. code-server's
 * extension host, go with it) and registers its termination: SIGTERM, then SIGKILL after 5 s.
 */
export function spawnTracked(name, command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: true });
  const pid = child.pid;
  if (pid != null) liveGroups.add(pid);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => {
    liveGroups.delete(pid);
    resolve({ code, signal });
  }));
  child.once('error', () => liveGroups.delete(pid));
  onCleanup(name, async () => {
    if (pid == null || !liveGroups.has(pid)) return;
    killGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    killGroup(pid, 'SIGKILL'); // stragglers left in the group
  });
  return Object.assign(child, { exited });
}

/** Runs a command to completion with inherited stdio; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** Runs a command and returns its stdout; rejects with stderr on a non-zero exit. */
export function capture(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} failed (exit code ${code}): ${err.trim().slice(-2000)}`));
    });
  });
}

export function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); }),
  ]).finally(() => clearTimeout(timer));
}
