import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { startSandbox } from '../../test/sandbox';
import { median, round } from './measure';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');

export interface ExtensionHostResult {
  readonly measured: boolean;
  /** VS Code's own figure ("Developer: Show Running Extensions"): code loading + the activate() call, median over runs. */
  readonly activationMs?: number;
  readonly samplesMs?: readonly number[];
  /** The remote extension host's log line for the activation. */
  readonly logLine?: string;
  readonly route?: string;
  readonly wallSeconds: number;
  readonly note: string;
}

/**
 * Activation of the extension at `extensionDir` (package.json + the production bundle) in the
 * real VS Code route: code-server's extension host, the workbench in headless Chromium, the
 * Read the Docs view opened (or activated earlier by a hover language, `onLanguage:…`), signed in against a
 * sandbox. Each run is a child process (bench/extensionHostChild.ts) with a fresh profile.
 */
export async function measureExtensionHost(extensionDir: string, runs: number): Promise<ExtensionHostResult> {
  const started = performance.now();
  const sandbox = await startSandbox();
  const samples: number[] = [];
  let logLine: string | undefined;
  let route: string | undefined;
  const errors: string[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      try {
        const { stdout } = await run(process.execPath, ['--require', 'tsx/cjs', join('bench', 'extensionHostChild.ts'), extensionDir, sandbox.origin, sandbox.tokens.owner], {
          cwd: root, timeout: 240_000, killSignal: 'SIGTERM', env: process.env,
        });
        const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { activationMs?: number; logLine?: string; route?: string; error?: string };
        if (result.activationMs === undefined) throw new Error(result.error ?? 'no result');
        samples.push(result.activationMs);
        logLine ??= result.logLine;
        route ??= result.route;
      } catch (error) {
        errors.push((error as Error).message.split('\n')[0]);
      }
    }
  } finally {
    await sandbox.close();
  }
  const wallSeconds = round((performance.now() - started) / 1000);
  if (samples.length === 0) return { measured: false, wallSeconds, note: `not measured: ${errors[0] ?? 'no run'}` };
  return {
    measured: true, activationMs: median(samples), samplesMs: samples, logLine, route, wallSeconds,
    note: `VS Code's "Activation" figure (bundle loading + the synchronous part of activate()) under "Developer: Show Running Extensions"${errors.length ? `; ${errors.length} run(s) failed: ${errors[0]}` : ''}`,
  };
}
