import { type Edition } from '../api/client';
import { type BuildOutcome, buildOutcome, isFinal, outcomeFactsOfReads } from '../builds/facts';
import { type Build } from '../models/build';
import { type BuildLog, type LogCommand } from '../models/buildLog';
import { type Notification } from '../models/notification';
import { MAX_DURATION_SECONDS } from '../models/parse';
import { webUrlOf } from '../validation/urls';
import { truncate } from '../html/plainText';
import { plainTerminalText } from '../util/terminalText';
import { onOneLine } from '../util/trim';
import { type Step, classifyCommands } from './steps';
import { CONCURRENCY_LIMIT_ID, CONCURRENCY_RETRY_SECONDS, EXCESSIVE_MEMORY_ID, OUT_OF_MEMORY_EXIT_CODE, PLAN_TIME_LIMIT_SECONDS, TIME_OUT_EXIT_CODE, TIME_OUT_ID } from '../builds/timeLimits';

/** A notification header kept with a build's figures is cut to this many characters… */
const MAX_REASON_CHARS = 200;
/** …and at most this many notification ids and headers are kept (the flags are read from all of them). */
export const MAX_KEPT_NOTICES = 20;

export interface StepTime extends Step {
  readonly seconds: number;
  /** How many commands the step ran. */
  readonly commands: number;
}

/** Why a build has no per-step times. */
export type StepsMissing = 'private' | 'unavailable' | 'noCommands';

export interface BuildFlags {
  readonly timeOut: boolean;
  readonly memory: boolean;
  /** It waited for a free builder: the notification is there (while it waits), or it waited at least one retry. */
  readonly concurrency: boolean;
}

/** One build's figures: what it cost and where the time went. A final build's never change (cached by id). */
export interface BuildFigures {
  readonly id: number;
  readonly version: string | undefined;
  readonly commit: string | undefined;
  readonly created: string | undefined;
  /** Its page in the dashboard (http(s) only). */
  readonly url: string | undefined;
  readonly state: string;
  readonly outcome: BuildOutcome;
  /** Seconds from creation to the builder's start; undefined (unknown, not zero) before the server recorded it. */
  readonly queueSeconds: number | undefined;
  /** In run order; undefined when the API v2 detail was not read (`missing` says why). */
  readonly steps: readonly StepTime[] | undefined;
  readonly missing?: StepsMissing;
  /** The build's run time (v3 `duration`, queue excluded). */
  readonly totalSeconds: number | undefined;
  readonly limitSeconds: number;
  readonly flags: BuildFlags;
  /** The message ids of its notifications (when read). */
  readonly notices: readonly string[];
  /** Their headers, plain text on one line (the failure reason of a build whose log is not public). */
  readonly reasons: readonly string[];
}

/** Seconds from `from` to `to` (ISO dates) when both parse and it is a duration at all (`0…MAX_DURATION_SECONDS`). */
function secondsBetween(from: string | undefined, to: string | undefined): number | undefined {
  const start = from === undefined ? Number.NaN : Date.parse(from);
  const end = to === undefined ? Number.NaN : Date.parse(to);
  const seconds = (end - start) / 1000;
  return seconds >= 0 && seconds <= MAX_DURATION_SECONDS ? seconds : undefined;
}

function secondsOf(command: LogCommand): number {
  return secondsBetween(command.startTime, command.endTime) ?? command.runSeconds ?? 0;
}

/** Queue wait = `task_executed_at` − `date` (FACTS §26); unknown when either is missing (or the dates are absurd). */
export function queueSecondsOf(log: Pick<BuildLog, 'date' | 'taskExecutedAt'> | undefined): number | undefined {
  const created = log?.date === undefined ? Number.NaN : Date.parse(log.date);
  const started = log?.taskExecutedAt === undefined ? Number.NaN : Date.parse(log.taskExecutedAt);
  // A builder that started before the build was created (clocks apart) waited no time.
  return started < created && Number.isFinite(started) ? 0 : secondsBetween(log?.date, log?.taskExecutedAt);
}

/**
 * The time per step of the commands that ended (a running one has no times of its own), and
 * what the build spent outside them (`upload`: the upload, the container's start, the gaps) so
 * that the steps add up to the total. Steps in run order, each step once.
 */
export function stepTimes(log: BuildLog, totalSeconds: number | undefined): StepTime[] {
  const ended = log.commands.filter((c) => c.endTime !== undefined || c.runSeconds !== undefined);
  const steps = classifyCommands(ended.map((c) => c.command), log.config);
  const byKey = new Map<string, { step: Step; seconds: number; commands: number }>();
  for (const [index, command] of ended.entries()) {
    const step = steps[index];
    const known = byKey.get(step.key);
    if (known) {
      known.seconds += secondsOf(command);
      known.commands += 1;
    } else {
      byKey.set(step.key, { step, seconds: secondsOf(command), commands: 1 });
    }
  }
  const times: StepTime[] = [...byKey.values()].map(({ step, seconds, commands }) => ({ ...step, seconds, commands }));
  const spent = times.reduce((sum, s) => sum + s.seconds, 0);
  if (totalSeconds !== undefined && totalSeconds - spent >= 1) times.push({ key: 'upload', kind: 'upload', seconds: totalSeconds - spent, commands: 0 });
  return times;
}

export interface FiguresInput {
  readonly edition: Edition;
  readonly build: Build;
  /** The API v2 detail, or why it is missing. */
  readonly log: BuildLog | StepsMissing;
  /** Its notifications, when read (failed builds whose API v2 detail is missing, builds still waiting). */
  readonly notifications?: readonly Notification[];
}

/** A build's figures from what v3 and v2 said of it. Pure. */
export function buildFigures({ edition, build, log, notifications = [] }: FiguresInput): BuildFigures {
  const detail = typeof log === 'string' ? undefined : log;
  const totalSeconds = build.durationSeconds || detail?.lengthSeconds || undefined;
  const ids = notifications.map((n) => n.messageId);
  const exitCodes = new Set(detail?.commands.map((c) => c.exitCode));
  const outcome = buildOutcome(build, outcomeFactsOfReads(detail, notifications));
  const failed = outcome === 'failed';
  const queueSeconds = queueSecondsOf(detail);
  const steps = detail && detail.commands.length > 0 ? stepTimes(detail, isFinal(build) ? totalSeconds : undefined) : undefined;
  const missing: StepsMissing | undefined = typeof log === 'string' ? log : steps ? undefined : 'noCommands';
  return {
    id: build.id,
    version: build.version,
    commit: build.commit ?? detail?.commit,
    created: build.created ?? detail?.date,
    url: webUrlOf(build.urls.build ?? '')?.href,
    state: build.state,
    outcome,
    queueSeconds,
    steps,
    ...(missing ? { missing } : {}),
    totalSeconds,
    limitSeconds: PLAN_TIME_LIMIT_SECONDS[edition],
    // From the notification when it was read, else from what the killed command recorded (or a failed build that reached the limit).
    flags: {
      timeOut: ids.includes(TIME_OUT_ID) || (failed && (exitCodes.has(TIME_OUT_EXIT_CODE) || (totalSeconds !== undefined && totalSeconds >= PLAN_TIME_LIMIT_SECONDS[edition]))),
      memory: ids.includes(EXCESSIVE_MEMORY_ID) || (failed && exitCodes.has(OUT_OF_MEMORY_EXIT_CODE)),
      concurrency: ids.includes(CONCURRENCY_LIMIT_ID) || (queueSeconds !== undefined && queueSeconds >= CONCURRENCY_RETRY_SECONDS),
    },
    notices: ids.slice(0, MAX_KEPT_NOTICES),
    reasons: notifications.filter((n) => n.messageId !== TIME_OUT_ID && n.messageId !== EXCESSIVE_MEMORY_ID && n.messageId !== CONCURRENCY_LIMIT_ID)
      .slice(0, MAX_KEPT_NOTICES).map((n) => truncate(onOneLine(plainTerminalText(n.header)), MAX_REASON_CHARS)).filter(Boolean),
  };
}
