import { type Build, FINAL_BUILD_STATES } from '../models/build';
import { type BuildLog } from '../models/buildLog';
import { type Notification } from '../models/notification';
import { l10n } from '../l10n';
import { capitalise } from '../util/text';

/**
 * Build facts, the one home: final or not, outcome, duration, and how each is said. The tree,
 * the status bar, the notifications, the pickers and the build document all call these. Pure.
 */

export function isFinal(build: Pick<Build, 'state'>): boolean {
  return FINAL_BUILD_STATES.includes(build.state);
}

/**
 * The pull request a build is of: a pull request's version slug is its number, and nothing else in a
 * build says so (FACTS §22). Undefined for a build of a branch or a tag (`ownVersion`: the branch's
 * own version, never a pull request even when its name is a number).
 */
export function pullRequestOf(build: Pick<Build, 'version'>, ownVersion?: string): string | undefined {
  const version = build.version;
  return version !== undefined && /^\d{1,9}$/.test(version) && version !== ownVersion ? version : undefined;
}

/**
 * Where a build stands, one vocabulary for every view (the tree, This Workspace, pull requests, the
 * status bar, notifications, the CodeLens, Build Times, the log): the dashboard's words (its build
 * page says "Build succeeded", "Build failed", "Build cancelled"). A new outcome is one entry of
 * `OUTCOMES` below; every view reads its words, icon and notification kind from there.
 */
export type BuildOutcome = 'succeeded' | 'failed' | 'cancelled' | 'skipped' | 'running';
export type FinalOutcome = Exclude<BuildOutcome, 'running'>;

/** A project command exits with this code to skip its build on purpose (FACTS §26). */
export const SKIP_EXIT_CODE = 183;
/** The notification of a build skipped by exit code 183 (state `cancelled`, `success: false`; FACTS §26). */
export const SKIPPED_NOTIFICATION_ID = 'build:user:exit-code-183';

/**
 * What decides a build's outcome beyond its API v3 object, learnt elsewhere (its API v2 commands, its
 * notifications): every caller of `buildOutcome` says it, so a new fact cannot be forgotten by one view.
 */
export interface OutcomeFacts {
  /** A command exited with 183: the project skipped this build on purpose. */
  readonly skipped: boolean;
}

/** Nothing learnt beyond the API object (a build no service follows). */
export const NO_OUTCOME_FACTS: OutcomeFacts = { skipped: false };

/** The outcome facts an API v2 detail says (`commands[].exit_code`). */
export function outcomeFactsOfLog(log: Pick<BuildLog, 'state' | 'commands'>): OutcomeFacts {
  return { skipped: log.state === 'cancelled' && log.commands.some((c) => c.exitCode === SKIP_EXIT_CODE) };
}

/** The outcome facts a build's notifications say. */
export function outcomeFactsOfNotices(notifications: readonly Pick<Notification, 'messageId'>[]): OutcomeFacts {
  return { skipped: notifications.some((n) => n.messageId === SKIPPED_NOTIFICATION_ID) };
}

/** The outcome facts of what was read of a build: its API v2 detail when public, its notifications. */
export function outcomeFactsOfReads(log: Pick<BuildLog, 'state' | 'commands'> | undefined, notifications: readonly Pick<Notification, 'messageId'>[]): OutcomeFacts {
  return { skipped: (log !== undefined && outcomeFactsOfLog(log).skipped) || outcomeFactsOfNotices(notifications).skipped };
}

/**
 * A finished build without `success` counts as failed: only an explicit `true` is a success (the
 * tree used to show such a build as passed while the notification said failed; this rule won). A
 * build a project skipped (exit 183) ends `cancelled` but is neither a cancellation nor a failure.
 */
export function buildOutcome(build: Pick<Build, 'state' | 'success'>, facts: OutcomeFacts): BuildOutcome {
  if (!isFinal(build)) return 'running';
  if (build.state === 'cancelled') return facts.skipped ? 'skipped' : 'cancelled';
  return build.success === true ? 'succeeded' : 'failed';
}

/** How an ended build is told: its word, with when, its icon, its notification's kind and sentence. */
interface OutcomeLook {
  readonly icon: string;
  readonly color: string;
  /** The kind of the "build ended" notification. */
  readonly notice: 'info' | 'warning' | 'error';
  readonly word: () => string;
  /** `succeeded 3 minutes ago` (`when`: a relative time). */
  readonly at: (when: string) => string;
  /** The notification's sentence (`label`: `Build #12 of widgets (latest)`; `reason`: plain text, failures only). */
  readonly sentence: (label: string, seconds: number | undefined, reason: string | undefined) => string;
}

/** Every final outcome's look: a `Record`, so a new outcome does not compile until it is told here. */
const OUTCOMES: { readonly [O in FinalOutcome]: OutcomeLook } = {
  succeeded: {
    icon: 'pass', color: 'testing.iconPassed', notice: 'info',
    word: () => l10n.t('succeeded'),
    at: (when) => l10n.t('succeeded {0}', when),
    sentence: (label, seconds) => {
      const duration = formatDuration(seconds);
      return duration ? l10n.t('{0} succeeded in {1}.', label, duration) : l10n.t('{0} succeeded.', label);
    },
  },
  failed: {
    icon: 'error', color: 'testing.iconFailed', notice: 'error',
    word: () => l10n.t('failed'),
    at: (when) => l10n.t('failed {0}', when),
    sentence: (label, seconds, reason) => {
      const duration = formatDuration(seconds);
      if (reason) return duration ? l10n.t('{0} failed after {1}: {2}', label, duration, reason) : l10n.t('{0} failed: {1}', label, reason);
      return duration ? l10n.t('{0} failed after {1}.', label, duration) : l10n.t('{0} failed.', label);
    },
  },
  cancelled: {
    icon: 'circle-slash', color: 'disabledForeground', notice: 'warning',
    word: () => l10n.t('cancelled'),
    at: (when) => l10n.t('cancelled {0}', when),
    sentence: (label, seconds) => {
      const duration = seconds ? formatDuration(seconds) : undefined;
      return duration ? l10n.t('{0} was cancelled after {1}.', label, duration) : l10n.t('{0} was cancelled.', label);
    },
  },
  skipped: {
    icon: 'debug-step-over', color: 'disabledForeground', notice: 'info',
    word: () => l10n.t('skipped by the build (exit 183)'),
    at: (when) => l10n.t('skipped by the build (exit 183) {0}', when),
    sentence: (label) => l10n.t('{0} was skipped by the build (exit 183).', label),
  },
};

/** The look of an ended build's outcome. */
export function outcomeLook(outcome: FinalOutcome): OutcomeLook {
  return OUTCOMES[outcome];
}

/** One word for where a build is: its outcome when final, its state's name (lower case) while it runs. */
export function buildStatusWord(build: Pick<Build, 'state' | 'success' | 'stateName'>, facts: OutcomeFacts): string {
  return statusWord(buildOutcome(build, facts), build.stateName);
}

/** The word of an outcome: its vocabulary entry, or the state's name (lower case) while it runs. */
export function statusWord(outcome: BuildOutcome, stateName: string): string {
  return outcome === 'running' ? stateName.toLowerCase() : OUTCOMES[outcome].word();
}

/** `45 s`, `1 min 5 s`, `2 h 3 min`; undefined when the server gave no duration (this wording won over `1m 05s`). */
export function formatDuration(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return undefined;
  const total = Math.round(seconds);
  if (total < 60) return l10n.t('{0} s', total);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (hours > 0) return minutes > 0 ? l10n.t('{0} h {1} min', hours, minutes) : l10n.t('{0} h', hours);
  return secs > 0 ? l10n.t('{0} min {1} s', minutes, secs) : l10n.t('{0} min', minutes);
}

/** `build #123 of widgets (latest)`. */
export function buildLabel(build: Pick<Build, 'id' | 'version'>, projectSlug: string): string {
  return build.version ? l10n.t('build #{0} of {1} ({2})', build.id, projectSlug, build.version) : l10n.t('build #{0} of {1}', build.id, projectSlug);
}

/** The sentence of the "build ended" notification. `reason` is plain text (see `failureReason`). */
export function buildFinishedMessage(build: Build, projectSlug: string, facts: OutcomeFacts, reason?: string): string {
  const label = capitalise(buildLabel(build, projectSlug));
  const outcome = buildOutcome(build, facts);
  if (outcome === 'running') return l10n.t('{0} is {1}.', label, build.stateName.toLowerCase());
  return OUTCOMES[outcome].sentence(label, build.durationSeconds, outcome === 'failed' ? reason : undefined);
}

/** The codicon and theme colour of a build's outcome. */
export function buildIcon(build: Pick<Build, 'state' | 'success'>, facts: OutcomeFacts): { icon: string; color?: string } {
  const outcome = buildOutcome(build, facts);
  return outcome === 'running' ? { icon: 'sync~spin', color: 'charts.yellow' } : { icon: OUTCOMES[outcome].icon, color: OUTCOMES[outcome].color };
}

/** One line for a build in a list: status word and duration (`failed · 1 min 5 s`). */
export function buildSummary(build: Pick<Build, 'state' | 'success' | 'stateName' | 'durationSeconds'>, facts: OutcomeFacts): string {
  return [buildStatusWord(build, facts), formatDuration(build.durationSeconds)].filter(Boolean).join(' · ');
}

/** How a moment is told to a person: the display language and, for tests, the time zone. */
export interface TimeWords {
  /** A BCP 47 tag (VS Code's display language); undefined means the runtime's default. */
  readonly locale?: string;
  /** An IANA zone; undefined means the machine's own. */
  readonly timeZone?: string;
}

const RELATIVE_STEPS: readonly { readonly unit: Intl.RelativeTimeFormatUnit; readonly seconds: number; readonly below: number }[] = [
  { unit: 'minute', seconds: 60, below: 60 * 60 },
  { unit: 'hour', seconds: 60 * 60, below: 24 * 60 * 60 },
  { unit: 'day', seconds: 24 * 60 * 60, below: 30 * 24 * 60 * 60 },
  { unit: 'month', seconds: 30 * 24 * 60 * 60, below: 365 * 24 * 60 * 60 },
  { unit: 'year', seconds: 365 * 24 * 60 * 60, below: Number.POSITIVE_INFINITY },
];

/**
 * How long ago `when` was, in whole units rounded down (2 min 59 s is 2 minutes): `now` under
 * 45 seconds (and for a moment slightly in the future: clocks differ), else minutes, hours,
 * days, months (30 days), years. Undefined when `when` is not a date.
 */
export function elapsedParts(when: string | number | undefined, now: number): { readonly value: number; readonly unit: Intl.RelativeTimeFormatUnit } | 'now' | undefined {
  const at = typeof when === 'number' ? when : when === undefined ? Number.NaN : Date.parse(when);
  if (!Number.isFinite(at)) return undefined;
  const seconds = (now - at) / 1000;
  if (seconds < 45) return 'now';
  const step = RELATIVE_STEPS.find((s) => seconds < s.below) ?? RELATIVE_STEPS[RELATIVE_STEPS.length - 1];
  return { value: Math.max(1, Math.floor(seconds / step.seconds)), unit: step.unit };
}

/** `now`, `3 minutes ago`, `yesterday`, `2 months ago`, in the display language; undefined without a date. */
export function formatRelativeTime(when: string | number | undefined, now: number, words: TimeWords = {}): string | undefined {
  const parts = elapsedParts(when, now);
  if (parts === undefined) return undefined;
  const format = formatterOf(relativeTimeFormats, words.locale ?? '', () => new Intl.RelativeTimeFormat(words.locale, { numeric: 'auto', style: 'long' }));
  return parts === 'now' ? format.format(0, 'second') : format.format(-parts.value, parts.unit);
}

/** A date and time as the display language writes it (`Nov 24, 2026, 2:31 AM`); undefined when not a date. */
export function formatDateTime(when: string | number | undefined, words: TimeWords = {}): string | undefined {
  const at = typeof when === 'number' ? when : when === undefined ? Number.NaN : Date.parse(when);
  if (!Number.isFinite(at)) return undefined;
  const format = formatterOf(dateTimeFormats, `${words.locale ?? ''}|${words.timeZone ?? ''}`, () => new Intl.DateTimeFormat(words.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: words.timeZone }));
  return format.format(at);
}

// Making an Intl formatter costs far more than formatting with one (a list of 1,000 sharing
// methods spent most of its time there): one per locale and time zone, kept.
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 16;

function formatterOf<F>(formatters: Map<string, F>, key: string, make: () => F): F {
  let format = formatters.get(key);
  if (format === undefined) {
    format = make();
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

/** When a build last changed: its end when it has one, else its start. */
export function buildMoment(build: Pick<Build, 'created' | 'finished'>): string | undefined {
  return build.finished ?? build.created;
}
