import { type Edition } from '../api/client';
import { AuthError, CancelledError, NotFoundError, RateLimitedError } from '../api/errors';
import { type CallOptions } from '../api/requests';
import { type Logger, componentLogger } from '../log';
import { type Build } from '../models/build';
import { type BuildLog, isLogFinal } from '../models/buildLog';
import { isFinal } from './facts';
import { type Clock, realClock } from '../util/clock';
import { Disposables } from '../util/disposables';
import { Emitter } from '../util/events';
import { PollSchedule } from '../util/pollSchedule';
import { type BuildWatcher, type WatchOptions, type WatchedBuild } from './watcher';
import { errorDetail } from '../api/describeError';

/** The calls the watcher needs from a client (a `ReadTheDocsClient` fits): the v3 build, and the v2 detail of public builds. */
export interface BuildSource {
  readonly builds: { get(project: string, id: number, expandConfig?: boolean, options?: CallOptions): Promise<Build> };
  readonly buildLogs?: { get(buildId: number, options?: CallOptions): Promise<BuildLog> };
}

export interface PollingWatcherOptions {
  /** The client of an edition, or undefined when it is gone (switched off): its builds are dropped. */
  readonly clientOf: (edition: Edition) => BuildSource | undefined;
  /** Shortest interval between two polls of one build (the `builds.pollSeconds` setting), read at each poll. */
  readonly floorSeconds: () => number;
  /** Longest interval the backoff reaches. Default 60 s. */
  readonly maxSeconds?: number;
  /** Growth of the interval while the state stays the same. Default 1.5. */
  readonly factor?: number;
  /** Consecutive failed polls of one build before `onProblem` hears about it. Default 3. */
  readonly failuresBeforeReport?: number;
  readonly clock?: Clock;
  readonly logger: Logger;
  /**
   * Editions whose builds are polled through API v2 (public builds answer it anonymously): the same
   * one request a poll costs says the state and the commands, so what runs now is known without an
   * open log (FACTS §26). A project whose v2 detail answers 404 (private) is polled through v3 from then on.
   */
  readonly publicDetail?: (edition: Edition) => boolean;
  /**
   * A problem worth telling a person: an `AuthError` at once (the builds of that edition stop
   * being watched), anything else after several consecutive failures (polling goes on).
   */
  readonly onProblem?: (error: unknown, build: WatchedBuild) => void;
}

interface Entry {
  watched: WatchedBuild;
  /** Paused while the view is hidden (only the tree wants it). */
  pausable: boolean;
  delay: PollSchedule;
  failures: number;
  timer: { clear(): void } | undefined;
  inFlight: AbortController | undefined;
}

export function watchKey(edition: Edition, projectSlug: string, buildId: number): string {
  return `${edition}/${projectSlug}/${buildId}`;
}

/**
 * Polls each running build on its own schedule: the floor first, ×1.5 per unchanged answer up to
 * a minute, back to the floor when the state changes. Polls are background work in the request
 * budget. A failed poll is logged and retried later; nothing is scheduled while nothing runs,
 * and builds only the tree shows (`whileVisibleOnly`) wait while the view is hidden.
 */
export class PollingBuildWatcher implements BuildWatcher {
  private readonly entries = new Map<string, Entry>();
  private readonly owned = new Disposables();
  private readonly started = this.owned.add(new Emitter<WatchedBuild>());
  private readonly updated = this.owned.add(new Emitter<WatchedBuild>());
  private readonly finished = this.owned.add(new Emitter<WatchedBuild>());
  private readonly polled = this.owned.add(new Emitter<WatchedBuild>());
  private readonly runningChanged = this.owned.add(new Emitter<void>());
  readonly onDidStartWatching = this.started.event;
  readonly onDidUpdate = this.updated.event;
  readonly onDidFinish = this.finished.event;
  readonly onDidPoll = this.polled.event;
  readonly onDidChangeRunning = this.runningChanged.event;
  private paused = false;
  private disposed = false;
  private readonly clock: Clock;
  private readonly failuresBeforeReport: number;
  /** Projects whose v2 detail answered 404: their builds are polled through v3. */
  private readonly privateProjects = new Set<string>();

  private readonly log: Logger;

  constructor(private readonly options: PollingWatcherOptions) {
    this.log = componentLogger(options.logger, 'builds');
    this.clock = options.clock ?? realClock;
    this.failuresBeforeReport = options.failuresBeforeReport ?? 3;
  }

  get running(): readonly WatchedBuild[] {
    return [...this.entries.values()].map((e) => e.watched);
  }

  /** True when a timer or request is pending for at least one build. */
  get isPolling(): boolean {
    return [...this.entries.values()].some((e) => e.timer !== undefined || e.inFlight !== undefined);
  }

  watch(edition: Edition, projectSlug: string, build: Build, options: WatchOptions = {}): void {
    if (this.disposed || isFinal(build)) return;
    const key = watchKey(edition, projectSlug, build.id);
    const pausable = options.whileVisibleOnly === true;
    const existing = this.entries.get(key);
    if (existing) {
      if (!pausable && existing.pausable) {
        existing.pausable = false; // someone now waits for it whatever the view does
        existing.watched = { ...existing.watched, startedHere: true };
        this.schedule(existing);
      }
      return;
    }
    const entry: Entry = { watched: { edition, projectSlug, build, startedHere: !pausable }, pausable, delay: this.newSchedule(), failures: 0, timer: undefined, inFlight: undefined };
    this.entries.set(key, entry);
    this.log.debug(`watching ${projectSlug} #${build.id} (${build.state})`);
    this.schedule(entry);
    this.started.fire(entry.watched);
    this.runningChanged.fire();
  }

  setPaused(paused: boolean): void {
    if (this.paused === paused) return;
    this.paused = paused;
    for (const entry of this.entries.values()) {
      if (!entry.pausable) continue;
      if (paused) {
        entry.timer?.clear();
        entry.timer = undefined;
      } else {
        // Back from hidden: the state may have moved a lot, so look soon.
        entry.delay.news();
        this.schedule(entry);
      }
    }
  }

  /**
   * Stops watching the builds of editions that have no client now (signed out, switched off) at
   * once, rather than at their next turn (up to a minute away): the status bar stops counting them.
   */
  dropGone(): void {
    for (const entry of [...this.entries.values()]) {
      if (this.options.clientOf(entry.watched.edition)) continue;
      this.log.debug(`${entry.watched.edition} is gone, no longer watching ${entry.watched.projectSlug} #${entry.watched.build.id}`);
      this.drop(entry);
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const entry of [...this.entries.values()]) this.drop(entry);
    this.owned.dispose();
  }

  private newSchedule(): PollSchedule {
    return new PollSchedule(this.options.floorSeconds, (this.options.maxSeconds ?? 60) * 1000, this.options.factor);
  }

  private schedule(entry: Entry): void {
    if ((this.paused && entry.pausable) || this.disposed || entry.timer || entry.inFlight) return;
    if (this.entries.get(keyOf(entry.watched)) !== entry) return;
    entry.timer = this.clock.setTimer(() => {
      entry.timer = undefined;
      void this.poll(entry);
    }, entry.delay.delayMs);
  }

  private drop(entry: Entry): void {
    entry.timer?.clear();
    entry.timer = undefined;
    entry.inFlight?.abort(new CancelledError());
    entry.inFlight = undefined;
    if (this.entries.get(keyOf(entry.watched)) !== entry) return;
    this.entries.delete(keyOf(entry.watched));
    if (!this.disposed) this.runningChanged.fire();
  }

  private async poll(entry: Entry): Promise<void> {
    const { edition, projectSlug, build } = entry.watched;
    const client = this.options.clientOf(edition);
    if (!client) {
      this.log.debug(`${edition} is gone, no longer watching ${projectSlug} #${build.id}`);
      this.drop(entry);
      return;
    }
    const controller = new AbortController();
    entry.inFlight = controller;
    let fresh: Build;
    let log: BuildLog | undefined;
    try {
      ({ build: fresh, log } = await this.read(entry.watched, client, controller.signal));
    } catch (error) {
      if (entry.inFlight === controller) entry.inFlight = undefined;
      this.failed(entry, error);
      return;
    }
    if (entry.inFlight !== controller) return; // dropped or disposed meanwhile
    entry.inFlight = undefined;
    entry.failures = 0;
    const changed = fresh.state !== build.state;
    entry.watched = { ...entry.watched, build: fresh, log };
    if (changed) entry.delay.news();
    else entry.delay.unchanged();
    if (isFinal(fresh)) {
      this.drop(entry);
      this.log.info(`${projectSlug} #${fresh.id} ${fresh.state}${fresh.success === false ? ' (failed)' : ''}`);
      this.updated.fire(entry.watched);
      this.finished.fire(entry.watched);
      return;
    }
    if (changed) this.updated.fire(entry.watched);
    this.polled.fire(entry.watched);
    this.schedule(entry);
  }

  /** One request: the v2 detail of a public build (state and commands), else the v3 build. */
  private async read({ edition, projectSlug, build }: WatchedBuild, client: BuildSource, signal: AbortSignal): Promise<{ build: Build; log?: BuildLog }> {
    const options: CallOptions = { priority: 'background', signal };
    const project = `${edition}/${projectSlug}`;
    if (client.buildLogs && this.options.publicDetail?.(edition) && !this.privateProjects.has(project)) {
      try {
        const log = await client.buildLogs.get(build.id, options);
        return { build: buildOfDetail(build, log), log };
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        this.log.debug(`${projectSlug}: API v2 has no public detail of #${build.id}; polling its builds through v3`);
        this.privateProjects.add(project);
      }
    }
    return { build: await client.builds.get(projectSlug, build.id, false, options) };
  }

  private failed(entry: Entry, error: unknown): void {
    if (this.disposed || this.entries.get(keyOf(entry.watched)) !== entry) return;
    const { edition, projectSlug, build } = entry.watched;
    if (error instanceof CancelledError) return;
    if (error instanceof AuthError) {
      // Signed out: polling again would only fail again. Stop every build of that edition.
      for (const other of [...this.entries.values()]) if (other.watched.edition === edition) this.drop(other);
      this.log.warn(`${edition} rejected the token; stopped watching its builds`);
      this.options.onProblem?.(error, entry.watched);
      return;
    }
    if (error instanceof NotFoundError) {
      this.log.warn(`${projectSlug} #${build.id} is gone (404); no longer watching it`);
      this.drop(entry);
      return;
    }
    entry.failures += 1;
    const message = errorDetail(error);
    this.log.warn(`polling ${projectSlug} #${build.id} failed (${entry.failures} in a row): ${message}`);
    if (entry.failures === this.failuresBeforeReport) this.options.onProblem?.(error, entry.watched);
    const retryAfterMs = error instanceof RateLimitedError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 0;
    entry.delay.failed(retryAfterMs);
    this.schedule(entry);
  }
}

/** A watched build as its v2 detail says it now (state, success, commit, duration); the rest as v3 said it. */
export function buildOfDetail(build: Build, log: BuildLog): Build {
  const finishedAt = isLogFinal(log) && log.date && log.lengthSeconds ? Date.parse(log.date) + log.lengthSeconds * 1000 : Number.NaN;
  return {
    ...build,
    state: log.state,
    stateName: log.state.charAt(0).toUpperCase() + log.state.slice(1),
    success: log.success,
    commit: log.commit ?? build.commit,
    durationSeconds: log.lengthSeconds ?? build.durationSeconds,
    finished: Number.isFinite(finishedAt) ? new Date(finishedAt).toISOString() : build.finished,
  };
}

function keyOf(watched: WatchedBuild): string {
  return watchKey(watched.edition, watched.projectSlug, watched.build.id);
}
