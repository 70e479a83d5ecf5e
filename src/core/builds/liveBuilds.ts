import { type Edition } from '../api/client';
import { AuthError, CancelledError, ForbiddenError, NotFoundError } from '../api/errors';
import { type CallOptions } from '../api/requests';
import { errorDetail } from '../api/describeError';
import { CONCURRENCY_RETRY_SECONDS, PLAN_TIME_LIMIT_SECONDS } from '../buildTimes/figures';
import { type Logger, componentLogger } from '../log';
import { type Build } from '../models/build';
import { type BuildLog } from '../models/buildLog';
import { type Notification } from '../models/notification';
import { type Page } from '../models/page';
import { type Clock, realClock } from '../util/clock';
import { Disposables } from '../util/disposables';
import { Emitter } from '../util/events';
import { isFinal } from './facts';
import { concurrencyWait, concurrencyWaitText, runningCommand, runningCommandText } from './liveFacts';
import { watchKey } from './pollingWatcher';
import { type BuildWatcher, type WatchedBuild } from './watcher';

/** The reads live words need (a `ReadTheDocsClient` fits). */
export interface LiveSource {
  readonly builds: { notifications(project: string, id: number, options?: CallOptions): Promise<Page<Notification>> };
  readonly buildLogs: { get(buildId: number, options?: CallOptions): Promise<BuildLog> };
}

const HOLDING_STATES: readonly string[] = ['cloning', 'installing', 'building', 'uploading'];

interface Entry {
  watched: WatchedBuild;
  /** The retry the notifications were read for (a waiting build is read again at its next attempt). */
  noticesAttempt?: number;
  notices: readonly Notification[];
  /** The state the API v2 detail was read in (read again when the state moves on). */
  logState?: string;
  log?: BuildLog;
  /** v2 does not answer for it (not public): no running command. */
  private?: boolean;
}

export interface LiveBuildsOptions {
  readonly watcher: Pick<BuildWatcher, 'onDidStartWatching' | 'onDidUpdate' | 'onDidPoll' | 'onDidFinish' | 'running'>;
  readonly clientOf: (edition: Edition) => LiveSource | undefined;
  readonly clock?: Pick<Clock, 'now'>;
  readonly logger: Logger;
}

/**
 * What the watched builds are doing beyond their state, at the watcher's pace: a build still
 * `triggered` has its notifications read once per attempt (every 300 s at most: is it waiting for
 * the concurrency limit, and which limit), a running build its API v2 detail once per state (the
 * command that runs). No timer and no request per poll; the words are said again at each poll.
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

  /** The live words of a build (`waiting for a free builder…`, `sphinx-build, 6:12 of 15:00`), or undefined. */
  text(projectSlug: string, build: Pick<Build, 'id'>, edition?: Edition): string | undefined {
    const entry = [...this.entries.values()].find((e) => e.watched.projectSlug === projectSlug && e.watched.build.id === build.id && (edition === undefined || e.watched.edition === edition));
    if (!entry) return undefined;
    const now = this.clock.now();
    const { build: current, edition: own } = entry.watched;
    const wait = concurrencyWait(current, entry.notices, now);
    if (wait) {
      const holders = this.options.watcher.running.filter((w) => w.edition === own && w.projectSlug === projectSlug && w.build.id !== current.id && HOLDING_STATES.includes(w.build.state));
      return concurrencyWaitText(wait, holders);
    }
    const running = HOLDING_STATES.includes(current.state) && entry.log ? runningCommand(entry.log, now) : undefined;
    return running && runningCommandText(running, PLAN_TIME_LIMIT_SECONDS[own]);
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
    const entry = this.entries.get(key) ?? { watched, notices: [] };
    entry.watched = watched;
    this.entries.set(key, entry);
    const { build } = watched;
    if (build.state === 'triggered') {
      const created = build.created === undefined ? Number.NaN : Date.parse(build.created);
      const attempt = Number.isFinite(created) ? Math.floor((this.clock.now() - created) / (CONCURRENCY_RETRY_SECONDS * 1000)) : 0;
      if (entry.noticesAttempt !== attempt) {
        entry.noticesAttempt = attempt;
        void this.read(entry, (client, options) => client.builds.notifications(watched.projectSlug, build.id, options).then((page) => { entry.notices = page.items; }));
      }
    } else if (HOLDING_STATES.includes(build.state) && !entry.private && entry.logState !== build.state) {
      entry.logState = build.state;
      entry.notices = [];
      void this.read(entry, (client, options) => client.buildLogs.get(build.id, options).then((log) => { entry.log = log; }, (error: unknown) => {
        // v2 answers only for public builds (FACTS §17): a private one has no running command to show.
        if (!(error instanceof NotFoundError || error instanceof ForbiddenError || error instanceof AuthError)) throw error;
        entry.private = true;
      }));
    }
  }

  private async read(entry: Entry, reading: (client: LiveSource, options: CallOptions) => Promise<void>): Promise<void> {
    const client = this.options.clientOf(entry.watched.edition);
    if (!client) return;
    try {
      await reading(client, { priority: 'background' });
      if (this.entries.get(keyOf(entry.watched)) === entry) this.changed.fire(entry.watched);
    } catch (error) {
      if (error instanceof CancelledError) return;
      this.log.debug(`live facts of ${entry.watched.projectSlug} #${entry.watched.build.id}: ${errorDetail(error)}`);
    }
  }
}

function keyOf(watched: WatchedBuild): string {
  return watchKey(watched.edition, watched.projectSlug, watched.build.id);
}
