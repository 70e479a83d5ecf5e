import { type Edition } from '../api/client';
import { type Build } from '../models/build';
import { type BuildLog } from '../models/buildLog';
import { type Event } from '../util/events';

export interface WatchedBuild {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly build: Build;
  /**
   * Started by a command of this window (watched without `whileVisibleOnly`), as opposed to a
   * build the tree merely shows. Decides the `mine` notifications.
   */
  readonly startedHere: boolean;
  /** The API v2 detail the last poll read (public builds: its commands say what runs now). */
  readonly log?: BuildLog;
}

/**
 * Polls builds that are not final until they are, on a schedule that starts fast and backs off
 * (the `readthedocs.builds.pollSeconds` setting is the floor), as background work in the shared
 * request budget. Nothing polls while nothing runs.
 */
export interface WatchOptions {
  /**
   * Only worth polling while the projects view is visible (the tree's own rows). Builds watched
   * without it (a build a command of this window just started, whose end someone waits for)
   * keep polling while the view is hidden, and are `startedHere`.
   */
  readonly whileVisibleOnly?: boolean;
}

export interface BuildWatcher {
  /** Starts watching (no-op for a final build; for one already watched, only widens `options`: it may become `startedHere`). */
  watch(edition: Edition, projectSlug: string, build: Build, options?: WatchOptions): void;
  /** A build began to be watched (just triggered, found running, or shown running in a list). */
  readonly onDidStartWatching: Event<WatchedBuild>;
  /** Every fresh state of a watched build, including the final one. */
  readonly onDidUpdate: Event<WatchedBuild>;
  /** Every answer of a poll, changed or not: words that count time (a wait, a running command) are said again from it. */
  readonly onDidPoll: Event<WatchedBuild>;
  /** Fired once when a watched build reaches `finished` or `cancelled`. */
  readonly onDidFinish: Event<WatchedBuild>;
  /** Fired when the set of watched builds changes: one started being watched, or stopped (final, gone, signed out). */
  readonly onDidChangeRunning: Event<void>;
  /** The builds being watched now. */
  readonly running: readonly WatchedBuild[];
  /** Pauses the polling of `whileVisibleOnly` builds (view hidden) or resumes it. */
  setPaused(paused: boolean): void;
  dispose(): void;
}
