import { CancelledError, NotFoundError } from '../api/errors';
import { type Clock, realClock } from '../util/clock';
import { PollSchedule } from '../util/pollSchedule';
import { type BuildLog, isLogFinal, logAdvanced, mergeBuildLogs } from '../models/buildLog';

export interface LogFollowerOptions {
  /** One request for the log (background priority, in the shared budget). */
  readonly fetch: (signal: AbortSignal) => Promise<BuildLog>;
  /** Shortest interval between two requests (the `builds.pollSeconds` setting), read at each poll. */
  readonly floorSeconds: () => number;
  /** Longest interval the backoff reaches while nothing changes. Default 30 s. */
  readonly maxSeconds?: number;
  readonly clock?: Clock;
  /** The merged log, each time it shows something new (the final answer included). */
  readonly onUpdate: (log: BuildLog) => void;
  /** A poll failed; polling goes on with a longer interval unless the log is gone (404). */
  readonly onError?: (error: unknown) => void;
}

/**
 * Follows a running build's log: polls the v2 JSON, merges commands by id, backs off ×1.5 while
 * nothing changes (back to the floor when a command finishes), and stops at a final state, on a
 * 404, or when disposed. Nothing is scheduled for a log that is already final.
 */
export class LogFollower {
  private timer: { clear(): void } | undefined;
  private inFlight: AbortController | undefined;
  private readonly delay: PollSchedule;
  private disposed = false;
  private readonly clock: Clock;

  constructor(private log: BuildLog, private readonly options: LogFollowerOptions) {
    this.clock = options.clock ?? realClock;
    this.delay = new PollSchedule(options.floorSeconds, (options.maxSeconds ?? 30) * 1000);
    this.schedule();
  }

  /** Polling is scheduled or a request is on its way. */
  get active(): boolean {
    return this.timer !== undefined || this.inFlight !== undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.timer?.clear();
    this.timer = undefined;
    this.inFlight?.abort(new CancelledError());
    this.inFlight = undefined;
  }

  private schedule(): void {
    if (this.disposed || isLogFinal(this.log) || this.timer || this.inFlight) return;
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      void this.poll();
    }, this.delay.delayMs);
  }

  private async poll(): Promise<void> {
    const controller = new AbortController();
    this.inFlight = controller;
    let next: BuildLog;
    try {
      next = await this.options.fetch(controller.signal);
    } catch (error) {
      if (this.inFlight !== controller) return;
      this.inFlight = undefined;
      if (error instanceof CancelledError || this.disposed) return;
      this.options.onError?.(error);
      if (error instanceof NotFoundError) return; // gone (or private now): nothing more to follow
      this.delay.failed();
      this.schedule();
      return;
    }
    if (this.inFlight !== controller) return;
    this.inFlight = undefined;
    const merged = mergeBuildLogs(this.log, next);
    const advanced = logAdvanced(this.log, merged);
    this.log = merged;
    if (advanced) this.delay.news();
    else this.delay.unchanged();
    if (advanced) this.options.onUpdate(merged);
    this.schedule();
  }
}
