import { l10n } from '../l10n';
import { CONCURRENCY_LIMIT_ID, CONCURRENCY_RETRY_SECONDS } from './timeLimits';
import { commandWords, pythonModule } from './commandLine';
import { type Build } from '../models/build';
import { type BuildLog, isCommandRunning } from '../models/buildLog';
import { type Notification } from '../models/notification';
import { type Project } from '../models/project';
import { htmlToText } from '../html/plainText';
import { buildLabel } from './facts';

/**
 * What a live build is doing, in words, from what the watcher and the log reads already hold: the
 * wait for a free builder (the concurrency limit) and the command that runs now. Pure.
 */

/** Read the Docs retries a delayed build at most this many times (`RTD_BUILDS_MAX_RETRIES`), about two hours. */
export const MAX_CONCURRENCY_RETRIES = 25;

/** `m:ss` (or `h:mm:ss`) of whole seconds. */
export function clockTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The limit the concurrency notification names in parentheses (its body, already filled in: "…(2)…"). */
export function concurrencyLimitOf(notification: Pick<Notification, 'bodyHtml'>): number | undefined {
  const match = /\((\d{1,4})\)/.exec(htmlToText(notification.bodyHtml));
  return match ? Number(match[1]) : undefined;
}

export interface ConcurrencyWait {
  readonly limit: number | undefined;
  /** The attempt estimated from the creation time: ⌊(now − created) / 300 s⌋, at most 25 (FACTS §26). */
  readonly retry: number;
  /** Whole minutes, rounded up, until the next attempt. */
  readonly nextInMinutes: number;
}

/** The wait of a build still `triggered` with the concurrency notification; undefined for any other build. */
export function concurrencyWait(build: Pick<Build, 'state' | 'created'>, notifications: readonly Notification[], now: number): ConcurrencyWait | undefined {
  const notice = notifications.find((n) => n.messageId === CONCURRENCY_LIMIT_ID);
  const created = build.created === undefined ? Number.NaN : Date.parse(build.created);
  if (build.state !== 'triggered' || !notice || !Number.isFinite(created)) return undefined;
  const waited = Math.max(0, (now - created) / 1000);
  const retry = Math.min(MAX_CONCURRENCY_RETRIES, Math.floor(waited / CONCURRENCY_RETRY_SECONDS));
  const nextIn = CONCURRENCY_RETRY_SECONDS - (waited % CONCURRENCY_RETRY_SECONDS);
  return { limit: concurrencyLimitOf(notice), retry, nextInMinutes: Math.max(1, Math.ceil(nextIn / 60)) };
}

/** A running build another row may name as holding a builder. */
export interface Holder {
  readonly projectSlug: string;
  readonly build: Pick<Build, 'id' | 'version'>;
}

/**
 * The projects whose running builds count against the same limit as `slug`'s, among those known
 * (FACTS §26): the project, its translations (for a translation: its main project and all of that
 * project's translations), and on Business every project of its organization.
 */
export function sharingTheLimit(slug: string, projects: readonly Pick<Project, 'slug' | 'translationOf' | 'organization'>[]): Set<string> {
  const own = projects.find((p) => p.slug === slug);
  const main = own?.translationOf ?? slug;
  return new Set([slug, main, ...projects.filter((p) => p.translationOf === main || (own?.organization !== undefined && p.organization === own.organization)).map((p) => p.slug)]);
}

/** "waiting for a free builder: limit 2 reached, about retry 3 of 25, next in about 4 min", then the holders it can see and how many it cannot. */
export function concurrencyWaitText(wait: ConcurrencyWait, holders: readonly Holder[] = []): string {
  const head = wait.limit === undefined
    ? l10n.t('waiting for a free builder: limit reached, about retry {0} of {1}, next in about {2} min', wait.retry, MAX_CONCURRENCY_RETRIES, wait.nextInMinutes)
    : l10n.t('waiting for a free builder: limit {0} reached, about retry {1} of {2}, next in about {3} min', wait.limit, wait.retry, MAX_CONCURRENCY_RETRIES, wait.nextInMinutes);
  if (holders.length === 0) return head;
  const named = holders.map((h) => buildLabel(h.build, h.projectSlug)).join(', ');
  const unseen = wait.limit === undefined ? 0 : Math.max(0, wait.limit - holders.length);
  return unseen > 0 ? l10n.t('{0}; running: {1} and {2} more it cannot list', head, named, unseen) : l10n.t('{0}; running: {1}', head, named);
}

export interface RunningCommand {
  /** The command's short name (`sphinx-build`, `pip install`). */
  readonly name: string;
  /** Seconds since the previous command ended (for the first, since the builder started). */
  readonly elapsedSeconds: number;
}

/** A command line's short name: the tool that runs (`python -m sphinx …` → `sphinx-build`, `python -m pip install …` → `pip install`). */
export function commandName(command: string): string {
  const parts = commandWords(command.trim());
  const python = pythonModule(parts);
  if (python) {
    if (python.module === 'sphinx') return 'sphinx-build';
    const sub = python.rest[0];
    return sub && /^[a-z][\w-]*$/.test(sub) ? `${python.module} ${sub}` : python.module;
  }
  const name = parts.slice(0, 2).filter((p) => !p.startsWith('-')).join(' ');
  return name.length > 40 ? `${name.slice(0, 39)}…` : name;
}

/**
 * The command that runs now (stored before it runs: no end time) and how long it has run:
 * now − the previous command's end, or − `task_executed_at` for the first (FACTS §26).
 */
export function runningCommand(log: Pick<BuildLog, 'commands' | 'taskExecutedAt'>, now: number): RunningCommand | undefined {
  const index = log.commands.findIndex((c) => isCommandRunning(c));
  if (index < 0) return undefined;
  const since = index > 0 ? log.commands[index - 1].endTime : log.taskExecutedAt;
  const from = since === undefined ? Number.NaN : Date.parse(since);
  if (!Number.isFinite(from)) return undefined;
  return { name: commandName(log.commands[index].command), elapsedSeconds: Math.max(0, (now - from) / 1000) };
}

/** "sphinx-build, 6:12 of 15:00". */
export function runningCommandText(running: RunningCommand, limitSeconds: number): string {
  return l10n.t('{0}, {1} of {2}', running.name, clockTime(running.elapsedSeconds), clockTime(limitSeconds));
}

/** "running for 6:12 of 15:00": a running build without its API v2 detail, timed from when it was seen to start. */
export function runningForText(seconds: number, limitSeconds: number): string {
  return l10n.t('running for {0} of {1}', clockTime(seconds), clockTime(limitSeconds));
}
