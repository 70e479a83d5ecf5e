// The scaling suite: each case of scalingCases.ts at n and 4 n in a child process of its own
// (bench/scalingChild.ts), killed after CASE_LIMIT_MS per size. A case fails when 4× the input
// takes more than MAX_RATIO× the time in two processes in a row, when a size runs out of time, or
// when the call throws.
// A ratio, never a time: a slower machine does not fail it. The cases at their caps are
// timed once each, beside the 200 ms target (a figure, not a failure, unless it runs out of time or throws).

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { CAP_CASES, SCALING_CASES } from './scalingCases';
import { round, table } from './measure';

/** 4× the input may take at most this many times as long (linear: 4, n log n: a bit more). */
export const MAX_RATIO = 8;
/** Time one size of a case (or one cap case) may take in its child process, input made and start-up included. */
export const CASE_LIMIT_MS = 20_000;
/** The target for each case at its cap (CPU ms). */
export const CAP_TARGET_MS = 200;

export interface ScalingRow {
  readonly entry: string;
  readonly shape: string;
  readonly n: number;
  /** CPU ms per call at n and 4 n; undefined: out of time (or not reached). */
  readonly msAtN: number | undefined;
  readonly msAt4N: number | undefined;
  readonly ratio: number | undefined;
  readonly error: string | undefined;
  readonly failed: boolean;
}

export interface CapRow {
  readonly name: string;
  readonly ms: number | undefined;
  /** What the call made (the case's `figure`), when it says. */
  readonly figure: string | undefined;
  readonly error: string | undefined;
  readonly failed: boolean;
}

interface ChildLine { readonly ms?: number; readonly msAtN?: number; readonly figure?: string; readonly error?: string }

const root = join(__dirname, '..', '..');

/** Runs the child, handing each JSON line it prints to `onLine`; the time limit starts again after each line. */
function runChild(args: readonly string[], onLine: (line: ChildLine) => void): Promise<{ timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', join('bench', 'scalingChild.ts'), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, CASE_LIMIT_MS);
    };
    arm();
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n')) {
        const text = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        if (!text.startsWith('{')) continue;
        onLine(JSON.parse(text) as ChildLine);
        arm();
      }
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ timedOut });
    });
  });
}

/** Runs the cases whose entry or shape contains `filter` (all without one), handing each row to `onRow` as it comes. */
export async function runScalingCases(filter?: string, onRow?: (row: ScalingRow) => void): Promise<ScalingRow[]> {
  const rows: ScalingRow[] = [];
  for (const [index, { entry, shape, n }] of SCALING_CASES.entries()) {
    if (filter && !`${entry} ${shape}`.includes(filter)) continue;
    let row = await measureCase(index);
    // A ratio over the line but in time is measured once more, in a new process: a pause of the
    // collector or of the machine can lift one run, a path that grows faster lifts every run.
    if (row.failed && row.ratio !== undefined && row.error === undefined) row = await measureCase(index);
    const measured = { entry, shape, n, ...row };
    rows.push(measured);
    onRow?.(measured);
  }
  return rows;
}

async function measureCase(index: number): Promise<Omit<ScalingRow, 'entry' | 'shape' | 'n'>> {
  let msAtN: number | undefined;
  let msAt4N: number | undefined;
  let error: string | undefined;
  const { timedOut } = await runChild(['scaling', String(index)], (line) => {
    if (line.error !== undefined) error = line.error;
    else if (msAtN === undefined) msAtN = line.ms;
    else {
      msAt4N = line.ms;
      msAtN = line.msAtN ?? msAtN;
    }
  });
  const ratio = msAtN !== undefined && msAt4N !== undefined ? msAt4N / Math.max(msAtN, 1e-6) : undefined;
  const failed = timedOut || error !== undefined || ratio === undefined || ratio > MAX_RATIO;
  return { msAtN, msAt4N, ratio, error: error ?? (timedOut || ratio !== undefined ? undefined : 'no figure'), failed };
}

/** The cases at their caps, one call each. */
export async function runCapCases(filter?: string, onRow?: (row: CapRow) => void): Promise<CapRow[]> {
  const rows: CapRow[] = [];
  for (const [index, { name }] of CAP_CASES.entries()) {
    if (filter && !name.includes(filter)) continue;
    let ms: number | undefined;
    let figure: string | undefined;
    let error: string | undefined;
    const { timedOut } = await runChild(['cap', String(index)], (line) => {
      if (line.error !== undefined) error = line.error;
      else ({ ms, figure } = line);
    });
    const row = { name, ms, figure, error, failed: timedOut || error !== undefined || ms === undefined };
    rows.push(row);
    onRow?.(row);
  }
  return rows;
}

const LIMIT = `> ${CASE_LIMIT_MS / 1000} s`;
const msText = (ms: number | undefined, reached: boolean) => (ms === undefined ? (reached ? LIMIT : '-') : String(ms < 1 ? round(ms, 3) : round(ms, 1)));

export function scalingTable(rows: readonly ScalingRow[]): string {
  return table(['entry point', 'shape', 'n', 'ms at n', 'ms at 4n', 'ratio', 'result'], rows.map((r) => [
    r.entry, r.shape, r.n, msText(r.msAtN, true), msText(r.msAt4N, r.msAtN !== undefined), r.ratio === undefined ? '-' : round(r.ratio, 2),
    r.error ? `FAILED: ${r.error}` : r.failed ? 'FAILED' : 'ok',
  ]));
}

export function capTable(rows: readonly CapRow[]): string {
  return table(['case at its cap', 'CPU ms', 'target', 'within', 'figure'], rows.map((r) => [
    r.name, r.error ? `error: ${r.error}` : msText(r.ms, true), `≤ ${CAP_TARGET_MS} ms`, r.ms !== undefined && r.ms <= CAP_TARGET_MS ? 'yes' : 'NO', r.figure ?? '',
  ]));
}
