import { FINAL_BUILD_STATES } from './build';
import { asObject, int, optInt, optObject, optSeconds, optStr } from './parse';
import { type Json } from '../util/json';

/**
 * The build log as API v2 serves it (`/api/v2/build/<id>/`): the build's state plus the commands
 * it ran. Each command is stored before it runs (no output, no exit code) and updated once when
 * it ends; output arrives whole per command, never streamed.
 */
export interface LogCommand {
  readonly id: number;
  /** The command line as the dashboard shows it (environment prefixes already removed by the server). */
  readonly command: string;
  readonly description: string;
  readonly output: string;
  /** Undefined while the command runs. */
  readonly exitCode: number | undefined;
  readonly startTime: string | undefined;
  readonly endTime: string | undefined;
  readonly runSeconds: number | undefined;
}

export interface BuildLog {
  readonly id: number;
  readonly projectSlug: string | undefined;
  readonly versionSlug: string | undefined;
  readonly state: string;
  /** Undefined until the build is final. */
  readonly success: boolean | undefined;
  readonly commit: string | undefined;
  /** When the build was created (v3's `created`). */
  readonly date: string | undefined;
  /** When a builder last started its task (since October 2025; undefined on older builds and on builds that never started). */
  readonly taskExecutedAt: string | undefined;
  /** Whole seconds from `taskExecutedAt` to the end (v3's `duration`). */
  readonly lengthSeconds: number | undefined;
  /** Read back from cold storage: outputs keep only their last 1,000,000 characters. */
  readonly coldStorage: boolean;
  /** The version is published by uploads (`is_uploaded`; the v3 API does not say it, FACTS section 24). */
  readonly isUploaded: boolean;
  readonly docsUrl: string | undefined;
  /** The resolved `.readthedocs.yaml` (which tool, where its configuration lives). */
  readonly config: Json | undefined;
  readonly commands: readonly LogCommand[];
}

export function isLogFinal(log: Pick<BuildLog, 'state'>): boolean {
  return FINAL_BUILD_STATES.includes(log.state);
}

export function isCommandRunning(command: Pick<LogCommand, 'exitCode' | 'endTime'>): boolean {
  return command.exitCode === undefined && command.endTime === undefined;
}

/**
 * Tolerant: unknown fields are ignored, missing optional ones tolerated, a command that is not an
 * object (or has no id) is skipped rather than failing the whole log. Only a body that is not an
 * object with an id is an error.
 */
export function parseBuildLog(value: unknown, path = 'log'): BuildLog {
  const o = asObject(value, path);
  const state = typeof o.state === 'string' ? o.state : optStr(optObject(o, 'state') ?? {}, 'code') ?? 'finished';
  const success = o.success;
  const commands = Array.isArray(o.commands) ? o.commands.flatMap((c) => parseCommand(c)) : [];
  return {
    id: int(o, 'id', path),
    projectSlug: optStr(o, 'project_slug'),
    versionSlug: optStr(o, 'version_slug'),
    state,
    success: typeof success === 'boolean' && FINAL_BUILD_STATES.includes(state) ? success : undefined,
    commit: optStr(o, 'commit'),
    date: optStr(o, 'date'),
    taskExecutedAt: optStr(o, 'task_executed_at'),
    lengthSeconds: optSeconds(o, 'length'),
    coldStorage: o.cold_storage === true,
    isUploaded: o.is_uploaded === true,
    docsUrl: optStr(o, 'docs_url'),
    config: optObject(o, 'config'),
    commands: sortCommands(commands),
  };
}

function parseCommand(value: unknown): LogCommand[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const c = value as Json;
  const id = optInt(c, 'id');
  if (id === undefined) return [];
  return [{
    id,
    command: typeof c.command === 'string' ? c.command : '',
    description: typeof c.description === 'string' ? c.description : '',
    output: typeof c.output === 'string' ? c.output : '',
    exitCode: optInt(c, 'exit_code'),
    startTime: optStr(c, 'start_time'),
    endTime: optStr(c, 'end_time'),
    runSeconds: optSeconds(c, 'run_time'),
  }];
}

function sortCommands(commands: LogCommand[]): LogCommand[] {
  return commands.sort((a, b) => a.id - b.id);
}

/**
 * The newer answer of a growing log merged into what was shown: commands by id (a finished
 * command replaces its running placeholder; one the newer answer lacks is kept, as the dashboard
 * does), the build fields from the newer answer.
 */
export function mergeBuildLogs(previous: BuildLog | undefined, next: BuildLog): BuildLog {
  if (!previous || previous.id !== next.id) return next;
  const byId = new Map<number, LogCommand>(previous.commands.map((c) => [c.id, c]));
  for (const command of next.commands) {
    const known = byId.get(command.id);
    // A finished command never goes back to running (an out-of-order answer).
    if (known && !isCommandRunning(known) && isCommandRunning(command)) continue;
    byId.set(command.id, command);
  }
  return { ...next, commands: sortCommands([...byId.values()]) };
}

/** True when `next` shows something `previous` did not (a new or finished command, a new state). */
export function logAdvanced(previous: BuildLog | undefined, next: BuildLog): boolean {
  if (!previous) return true;
  if (previous.state !== next.state || previous.commands.length !== next.commands.length) return true;
  return next.commands.some((c, i) => {
    const p = previous.commands[i];
    return p.id !== c.id || p.exitCode !== c.exitCode || p.endTime !== c.endTime || p.output.length !== c.output.length;
  });
}
