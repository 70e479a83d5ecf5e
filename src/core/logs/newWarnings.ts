import { type Edition } from '../api/client';
import { NotFoundError } from '../api/errors';
import { l10n } from '../l10n';
import { type Build } from '../models/build';
import { type BuildLog } from '../models/buildLog';
import { BoundedStore, type KeyedMemento, type StoreLimits } from '../util/boundedStore';
import { isJsonObject } from '../util/json';
import { Emitter } from '../util/events';
import { type LogProblem } from './logProblem';
import { stripCheckout } from './paths';
import { findProblems } from './problems';

/**
 * What a change did to the docs' warnings: the warnings of a build of the branch (or pull request)
 * against those of its base build, the latest finished build of the version it merges into. Matched
 * by file, kind and message with line numbers and checkout roots taken out, as many times as each
 * occurs: a moved paragraph adds nothing, the same warning twice is two. The base build's warnings
 * are read once and kept (a finished log never changes).
 */

/** A warning as kept for a base build: what matching needs, and where it was (to open a fixed one's old place). */
export interface WarningRecord {
  /** Repository-relative when the log printed a checkout path; as printed otherwise. */
  readonly file: string | undefined;
  /** Severity and type (`warning ref.ref`). */
  readonly kind: string;
  readonly message: string;
  readonly line: number | undefined;
}

/** At most this many warnings are kept of a base build (a log with more is compared on these). */
export const MAX_KEPT_WARNINGS = 5000;

/** `file`, else the path as printed with any checkout root taken out (`/home/docs/checkouts/…/checkouts/<version>/`). */
function fileOf(problem: Pick<LogProblem, 'path'>): string | undefined {
  return problem.path === undefined ? undefined : stripCheckout(problem.path) ?? problem.path;
}

const CHECKOUT_ROOT = /\/home\/docs\/checkouts\/readthedocs\.(?:org|com)\/user_builds\/[^/\s]+\/checkouts\/[^/\s]+\//g;
/** Line (and column) numbers inside messages: `line 12`, `lines 3-5`, `:12`, `:12:4`, `(line 7)`. */
const LINE_NUMBERS = /\b(lines?) \d+(?:[-–]\d+)?|:\d+(?::\d+)?\b/gi;

/** A message as matched: checkout roots and line numbers out, white space as one space. */
export function normaliseMessage(message: string): string {
  return message.replace(CHECKOUT_ROOT, '').replace(LINE_NUMBERS, (_found: string, word: string | undefined) => (word ? `${word.toLowerCase()} #` : ':#')).replace(/\s+/g, ' ').trim();
}

export function warningRecord(problem: LogProblem): WarningRecord {
  return { file: fileOf(problem), kind: `${problem.severity} ${problem.code}`, message: problem.message, line: problem.line };
}

function keyOf(record: Pick<WarningRecord, 'file' | 'kind' | 'message'>): string {
  return `${record.file ?? ''}\n${record.kind}\n${normaliseMessage(record.message)}`;
}

export interface WarningDiff<T> {
  /** Warnings of the head build its base does not have (as many times as they are more). */
  readonly added: readonly T[];
  /** Warnings of the base build the head no longer has. */
  readonly fixed: readonly WarningRecord[];
}

/** Multiset difference by `keyOf`: each base warning pairs off one head warning of the same key. */
export function compareWarnings<T extends LogProblem>(base: readonly WarningRecord[], head: readonly T[]): WarningDiff<T> {
  const left = new Map<string, WarningRecord[]>();
  for (const record of base) {
    const key = keyOf(record);
    const list = left.get(key);
    if (list) list.push(record);
    else left.set(key, [record]);
  }
  const added: T[] = [];
  for (const problem of head) {
    const list = left.get(keyOf(warningRecord(problem)));
    if (list && list.length > 0) list.pop();
    else added.push(problem);
  }
  return { added, fixed: [...left.values()].flat() };
}

/** Why a build has no base to compare with: all its warnings are shown, and this says why. */
export type NoBaseline = 'neverBuilt' | 'first' | 'private';

/**
 * The base build of `head`: the newest finished build of `baseVersion` (`builds`: the project's
 * builds as held, any order); a build of the base version itself is compared with the one before it.
 */
export function chooseBaseline(head: Pick<Build, 'id' | 'version'>, baseVersion: string, builds: readonly Build[]): Build | Exclude<NoBaseline, 'private'> {
  const ofBase = builds.filter((b) => b.version === baseVersion && b.state === 'finished').sort((a, b) => b.id - a.id);
  if (ofBase.length === 0) return 'neverBuilt';
  if (head.version !== baseVersion) return ofBase[0]!;
  return ofBase.find((b) => b.id < head.id) ?? 'first';
}

/**
 * The version a branch or pull request merges into: the one building the project's default branch,
 * which Read the Docs calls `latest` (a project's default version may be a tag, `stable`, which no
 * branch merges into).
 */
export const BASE_VERSION = 'latest';

/** A base build as a comparison names it. */
export interface BaseBuild {
  readonly id: number;
  readonly version: string;
  readonly commit: string | undefined;
  readonly url: string | undefined;
}

export type Comparison =
  | {
    readonly kind: 'compared'; readonly head: number; readonly base: BaseBuild; readonly added: readonly LogProblem[]; readonly fixed: readonly WarningRecord[];
    /** The base build's commit comes before the branch's merge base: warnings the default branch fixed or added since count as the change's. Undefined when git cannot tell. */
    readonly olderThanMergeBase: boolean | undefined;
  }
  | { readonly kind: 'none'; readonly head: number; readonly reason: NoBaseline; readonly baseVersion: string };

/** `2 new warnings, 1 fixed`. */
export function comparisonText(comparison: Comparison): string {
  if (comparison.kind === 'none') return noBaselineText(comparison.reason, comparison.baseVersion);
  const added = comparison.added.length;
  const fixed = comparison.fixed.length;
  const news = added === 1 ? l10n.t('1 new warning') : l10n.t('{0} new warnings', added);
  return fixed === 0 ? news : fixed === 1 ? l10n.t('{0}, 1 fixed', news) : l10n.t('{0}, {1} fixed', news, fixed);
}

/** `against #45 of latest (abc1234)`. */
export function baseText(base: BaseBuild): string {
  return base.commit ? l10n.t('against #{0} of {1} ({2})', base.id, base.version, base.commit.slice(0, 7)) : l10n.t('against #{0} of {1}', base.id, base.version);
}

export function noBaselineText(reason: NoBaseline, baseVersion: string): string {
  switch (reason) {
    case 'neverBuilt': return l10n.t('no base: {0} has no finished build', baseVersion);
    case 'first': return l10n.t('no base: no build of {0} before this one', baseVersion);
    case 'private': return l10n.t('no base: the log of {0}\'s build is not public (API v2 serves public builds only)', baseVersion);
  }
}

/** Where a base build's warnings persist (a bounded store in `globalState`: `BaseWarningsStore`). */
export interface KeptWarnings {
  get(key: string): readonly WarningRecord[] | undefined;
  set(key: string, warnings: readonly WarningRecord[]): void;
}

/** What the comparison reads: a build's API v2 detail (public builds only). */
export interface WarningsSource {
  readonly buildLogs: { get(buildId: number, options?: { priority?: 'user' | 'background' }): Promise<BuildLog> };
}

/**
 * Holds each bound branch's latest comparison (no request to read), makes new ones: the base build's
 * warnings from `kept`, else from its log, read once and kept.
 */
export class NewWarnings {
  private readonly comparisons = new Map<string, Comparison>();
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly kept: KeptWarnings) {}

  /** The latest comparison made for a project's branch (no request). */
  held(edition: Edition, projectSlug: string): Comparison | undefined {
    return this.comparisons.get(`${edition}/${projectSlug}`);
  }

  /** Every project's latest comparison. */
  entries(): [{ edition: Edition; projectSlug: string }, Comparison][] {
    return [...this.comparisons].map(([key, comparison]) => {
      const [edition, ...slug] = key.split('/');
      return [{ edition: edition as Edition, projectSlug: slug.join('/') }, comparison];
    });
  }

  /** The comparison made for a build (no request). */
  comparisonOf(edition: Edition, projectSlug: string, buildId: number): Comparison | undefined {
    const held = this.comparisons.get(`${edition}/${projectSlug}`);
    return held?.head === buildId ? held : undefined;
  }

  /**
   * Compares `head` (its problems found in its log) with its base build among `builds`; `origin`
   * names the server (kept warnings are per server and build).
   */
  async compare(input: {
    edition: Edition; origin: string; projectSlug: string; head: Build; problems: readonly LogProblem[]; baseVersion: string; builds: readonly Build[]; source: WarningsSource;
    /** Whether a commit comes before the checkout's merge base with the default branch (git; undefined when it cannot tell). */
    olderThanMergeBase?: (commit: string) => Promise<boolean | undefined>;
  }): Promise<Comparison> {
    const { edition, origin, projectSlug, head, problems, baseVersion, builds, source } = input;
    // A finished build of the base version is the next one's base: its warnings are kept now, so that costs no request then.
    if (head.version === baseVersion && head.state === 'finished') this.keep(origin, head.id, problems);
    const chosen = chooseBaseline(head, baseVersion, builds);
    let comparison: Comparison;
    if (typeof chosen === 'string') comparison = { kind: 'none', head: head.id, reason: chosen, baseVersion };
    else {
      const warnings = await this.warningsOf(origin, chosen, source);
      comparison = warnings === 'private'
        ? { kind: 'none', head: head.id, reason: 'private', baseVersion }
        : {
          kind: 'compared', head: head.id, base: { id: chosen.id, version: baseVersion, commit: chosen.commit, url: chosen.urls.build }, ...compareWarnings(warnings, problems),
          olderThanMergeBase: chosen.commit && input.olderThanMergeBase ? await input.olderThanMergeBase(chosen.commit).catch(() => undefined) : undefined,
        };
    }
    this.comparisons.set(`${edition}/${projectSlug}`, comparison);
    this.changed.fire();
    return comparison;
  }

  forget(edition: Edition, projectSlug: string): void {
    if (this.comparisons.delete(`${edition}/${projectSlug}`)) this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async warningsOf(origin: string, base: Build, source: WarningsSource): Promise<readonly WarningRecord[] | 'private'> {
    const key = `${origin}#${base.id}`;
    const kept = this.kept.get(key);
    if (kept) return kept;
    let log: BuildLog;
    try {
      log = await source.buildLogs.get(base.id, { priority: 'background' });
    } catch (error) {
      if (error instanceof NotFoundError) return 'private';
      throw error;
    }
    return this.keep(origin, base.id, findProblems(log.commands));
  }

  private keep(origin: string, buildId: number, problems: readonly LogProblem[]): readonly WarningRecord[] {
    const warnings = problems.slice(0, MAX_KEPT_WARNINGS).map(warningRecord);
    this.kept.set(`${origin}#${buildId}`, warnings);
    return warnings;
  }
}

/** One stored entry, checked field by field: a stale or foreign value is dropped, not trusted. */
function isRecord(value: unknown): value is WarningRecord {
  return isJsonObject(value) && typeof value.kind === 'string' && typeof value.message === 'string'
    && (value.file === undefined || typeof value.file === 'string') && (value.line === undefined || typeof value.line === 'number');
}

/** Base builds' warnings kept: entries and bytes together (each entry at most `MAX_STORE_ENTRY_BYTES`). */
export const BASE_WARNINGS_STORE_LIMITS: StoreLimits = { maxEntries: 50, maxTotalBytes: 1024 * 1024 };
/** Each base build's warnings persist under this prefix, their server and build id. */
export const BASE_WARNINGS_STORE_PREFIX = 'readthedocs.logs.baseWarnings/';

const isRecords = (value: unknown): value is readonly WarningRecord[] => Array.isArray(value) && value.every(isRecord);

/**
 * The base builds' warnings (a finished log never changes), in a `BoundedStore`: a reload reads
 * none again. A base whose warnings weigh more than a stored entry may is held for this window
 * only, at most as many as the store keeps.
 */
export class BaseWarningsStore implements KeptWarnings {
  private readonly store: BoundedStore<readonly WarningRecord[]>;
  private readonly unstored = new Map<string, readonly WarningRecord[]>();

  constructor(memento: KeyedMemento, private readonly limits: StoreLimits = BASE_WARNINGS_STORE_LIMITS) {
    this.store = new BoundedStore(memento, { ...limits, prefix: BASE_WARNINGS_STORE_PREFIX, accepts: isRecords });
  }

  get(key: string): readonly WarningRecord[] | undefined {
    return this.store.get(key) ?? this.unstored.get(key);
  }

  set(key: string, warnings: readonly WarningRecord[]): void {
    if (this.store.set(key, warnings).kept) return;
    this.unstored.delete(key);
    this.unstored.set(key, warnings);
    if (this.unstored.size > this.limits.maxEntries) this.unstored.delete(this.unstored.keys().next().value!);
  }
}
