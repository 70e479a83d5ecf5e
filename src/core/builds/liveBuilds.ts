import { type Edition } from '../api/client';
import { CancelledError } from '../api/errors';
import { type CallOptions } from '../api/requests';
import { errorDetail } from '../api/describeError';
import { CONCURRENCY_RETRY_SECONDS, PLAN_TIME_LIMIT_SECONDS } from './timeLimits';
import { type Logger, componentLogger } from '../log';
import { type Build } from '../models/build';
import { type BuildLog } from '../models/buildLog';
import { type Notification } from '../models/notification';
import { type Page } from '../models/page';
import { type Clock, realClock } from '../util/clock';
import { Disposables } from '../util/disposables';
import { Emitter } from '../util/events';
import { isFinal } from './facts';
import { concurrencyWait, concurrencyWaitText, runningCommand, runningCommandText, runningForText, sharingTheLimit } from './liveFacts';
import { type Project } from '../models/project';
import { watchKey } from './pollingWatcher';
import { type BuildWatcher, type WatchedBuild } from './watcher';

/** The read live words need (a `ReadTheDocsClient` fits): the notifications of a build that waits. */
export interface LiveSource {
  readonly builds: { notifications(project: string, id: number, options?: CallOptions): Promise<Page<Notification>> };
}

/** A build still `triggered` this long after its creation may be waiting for the concurrency limit: its notifications are read. */
export const CONCURRENCY_CHECK_AFTER_SECONDS = 30;

const HOLDING_STATES: readonly string[] = ['cloning', 'installing', 'building', 'uploading'];

interface Entry {
  watched: WatchedBuild;
  /** The retry the notifications were read for (a waiting build is read again at its next attempt). */
  noticesAttempt?: number;
  notices: readonly Notification[];
  /** When the watcher first saw it leave `triggered` (its start, to a poll's precision). */
  startedAt?: number;
  /** The newest API v2 detail the watcher or a log document read of it (no read of its own). */
  log?: BuildLog;
}

export interface LiveBuildsOptions {
  readonly watcher: Pick<BuildWatcher, 'onDidStartWatching' | 'onDidUpdate' | 'onDidPoll' | 'onDidFinish' | 'running'>;
  readonly clientOf: (edition: Edition) => LiveSource | undefined;
  /** The projects held (no request) of an edition: whose running builds share a waiting build's limit (`sharingTheLimit`). */
  readonly knownProjects?: (edition: Edition) => readonly Pick<Project, 'slug' | 'translationOf' | 'organization'>[];
  readonly clock?: Pick<Clock, 'now'>;
  readonly logger: Logger;
}

/**
 * What the watched builds are doing beyond their state, from what is read anyway: the running
 * command from the API v2 detail the watcher polls (public builds) or an open log document reads (`offerLog`), else how long the build
 * has run since the watcher saw it start; and for a build still `triggered` after
 * `CONCURRENCY_CHECK_AFTER_SECONDS`, its notifications, read once per attempt (every 300 s at most):
 * is it waiting for the concurrency limit, and which limit. No timer; the words are said again at
 * each poll of the watcher.
 */
export class LiveBuilds {
  private readonly entries = new Map<string, Entry>();
  private readonly owned = new Disposables();
  private readonly changed = this.owned.add(new Emitter<WatchedBuild>());
  /** A build's live words may read differently now. */
  readonly onDidChange = this.changed.event;
  private readonly clock: Pick<Clock, 'now'>;
  private readonly log: Logger;

  constructor(private readonly options: LiveBuildsOptions) {
    this.clock = options.clock ?? realClock;
    this.log = componentLogger(options.logger, 'builds');
    const { watcher } = options;
    this.owned.add(watcher.onDidStartWatching((w) => this.follow(w)));
    this.owned.add(watcher.onDidUpdate((w) => this.follow(w)));
    this.owned.add(watcher.onDidPoll((w) => {
      this.follow(w);
      if (this.entries.has(keyOf(w))) this.changed.fire(w);
    }));
    this.owned.add(watcher.onDidFinish((w) => {
      if (this.entries.delete(keyOf(w))) this.changed.fire(w);
    }));
  }

  /** The newest API v2 detail of a build, as a log document read it: a watched build's running command comes from it. */
  offerLog(edition: Edition, projectSlug: string, log: BuildLog): void {
    const entry = this.entries.get(watchKey(edition, projectSlug, log.id));
    if (!entry) return;
    entry.log = log;
    this.changed.fire(entry.watched);
  }

  /** The live words of a build (`waiting for a free builder…`, `sphinx-build, 6:12 of 15:00`), or undefined. */
  text(projectSlug: string, build: Pick<Build, 'id'>, edition?: Edition): string | undefined {
    const entry = [...this.entries.values()].find((e) => e.watched.projectSlug === projectSlug && e.watched.build.id === build.id && (edition === undefined || e.watched.edition === edition));
    if (!entry) return undefined;
    const now = this.clock.now();
    const { build: current, edition: own } = entry.watched;
    const wait = concurrencyWait(current, entry.notices, now);
    if (wait) {
      const sharing = sharingTheLimit(projectSlug, this.options.knownProjects?.(own) ?? []);
      const holders = this.options.watcher.running.filter((w) => w.edition === own && sharing.has(w.projectSlug) && w.build.id !== current.id && HOLDING_STATES.includes(w.build.state));
      return concurrencyWaitText(wait, holders);
    }
    if (!HOLDING_STATES.includes(current.state)) return undefined;
    const limit = PLAN_TIME_LIMIT_SECONDS[own];
    const running = entry.log && runningCommand(entry.log, now);
    if (running) return runningCommandText(running, limit);
    return entry.startedAt === undefined ? undefined : runningForText((now - entry.startedAt) / 1000, limit);
  }

  dispose(): void {
    this.owned.dispose();
    this.entries.clear();
  }

  private follow(watched: WatchedBuild): void {
    const key = keyOf(watched);
    if (isFinal(watched.build)) {
      if (this.entries.delete(key)) this.changed.fire(watched);
      return;
    }
    const known = this.entries.get(key);
    const entry = known ?? { watched, notices: [] };
    const wasTriggered = known?.watched.build.state === 'triggered';
    entry.watched = watched;
    if (watched.log) entry.log = watched.log;
    this.entries.set(key, entry);
    const { build } = watched;
    if (build.state !== 'triggered') {
      // Seen leaving the queue: its run starts about now (a build first seen running has no start of ours).
      if (wasTriggered && entry.startedAt === undefined) entry.startedAt = this.clock.now();
      entry.notices = [];
      return;
    }
    const created = build.created === undefined ? Number.NaN : Date.parse(build.created);
    const waited = (this.clock.now() - created) / 1000;
    if (!Number.isFinite(waited) || waited < CONCURRENCY_CHECK_AFTER_SECONDS) return;
    const attempt = Math.floor(waited / CONCURRENCY_RETRY_SECONDS);
    if (entry.noticesAttempt === attempt) return;
    entry.noticesAttempt = attempt;
    void this.readNotices(entry);
  }

  private async readNotices(entry: Entry): Promise<void> {
    const { edition, projectSlug, build } = entry.watched;
    const client = this.options.clientOf(edition);
    if (!client) return;
    try {
      entry.notices = (await client.builds.notifications(projectSlug, build.id, { priority: 'background' })).items;
      if (this.entries.get(keyOf(entry.watched)) === entry) this.changed.fire(entry.watched);
    } catch (error) {
      if (error instanceof CancelledError) return;
      this.log.debug(`notifications of waiting ${projectSlug} #${build.id} not read: ${errorDetail(error)}`);
    }
  }
}

function keyOf(watched: WatchedBuild): string {
  return watchKey(watched.edition, watched.projectSlug, watched.build.id);
}
