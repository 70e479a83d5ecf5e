import { type Clock, realClock } from '../util/clock';
import { MAX_PAUSE_SECONDS } from './retry';

export type Priority = 'user' | 'background';


export interface BudgetState {
  /** Epoch ms until which every request waits because the server said 429, or undefined. */
  readonly pausedUntil: number | undefined;
  readonly waiting: number;
}

interface Waiter { priority: Priority; resolve: (release: () => void) => void; reject: (reason: unknown) => void; signal?: AbortSignal; onAbort?: () => void }

const WINDOW_MS = 60_000;

/**
 * The shared request budget: at most `perMinute` requests in any 60 s window (the real service's
 * per-user throttle). User actions go before background work, and background work may never use
 * the last fifth of the window, so a click is never stuck behind polling. A 429 pauses everything
 * until its Retry-After.
 *
 * The server counts a request when it arrives, which is some time after the budget granted it (a
 * queue for a connection, a slow network). So a request counts for as long as it is under way and
 * then from its completion: every arrival lies between grant and completion, so no window the
 * server can see holds more than the limit. A margin of a sixtieth of the window (1 s) on top.
 */
export class RequestBudget {
  /** When each completed request completed, oldest first. */
  private readonly sent: number[] = [];
  /** Granted requests still under way: they count however long they take. */
  private readonly inFlight = new Set<object>();
  private readonly queue: Waiter[] = [];
  private pausedUntil: number | undefined;
  private timer: { clear(): void } | undefined;
  private readonly listeners = new Set<(state: BudgetState) => void>();

  constructor(private perMinute: number, private readonly clock: Clock = realClock, private readonly windowMs = WINDOW_MS) {}

  setPerMinute(perMinute: number): void {
    this.perMinute = Math.max(1, Math.floor(perMinute));
    this.pump();
  }

  /**
   * Resolves when a request of this priority may go out, with the function to call when it has
   * completed (answered, failed or aborted); rejects with the signal's reason if aborted first.
   */
  acquire(priority: Priority, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<() => void>((resolve, reject) => {
      const waiter: Waiter = { priority, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => { this.remove(waiter); reject(signal.reason); };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      // User actions jump ahead of every waiting background request.
      const firstBackground = priority === 'user' ? this.queue.findIndex((w) => w.priority === 'background') : -1;
      if (firstBackground >= 0) this.queue.splice(firstBackground, 0, waiter);
      else this.queue.push(waiter);
      this.pump();
    });
  }

  /** The server throttled us: nothing goes out before `seconds` (at most MAX_PAUSE_SECONDS) have passed. */
  pause(seconds: number): void {
    const until = this.clock.now() + Math.min(MAX_PAUSE_SECONDS, Math.max(0, seconds)) * 1000;
    if (this.pausedUntil === undefined || until > this.pausedUntil) this.pausedUntil = until;
    this.emit();
    this.pump();
  }

  get state(): BudgetState {
    const paused = this.pausedUntil !== undefined && this.pausedUntil > this.clock.now() ? this.pausedUntil : undefined;
    return { pausedUntil: paused, waiting: this.queue.length };
  }

  onDidChangeState(listener: (state: BudgetState) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  dispose(): void {
    this.timer?.clear();
    this.timer = undefined;
  }

  private pump(): void {
    this.timer?.clear();
    this.timer = undefined;
    const now = this.clock.now();
    const window = this.windowMs + this.windowMs / 60;
    while (this.sent.length && this.sent[0] <= now - window) this.sent.shift();
    if (this.pausedUntil !== undefined && this.pausedUntil <= now) { this.pausedUntil = undefined; this.emit(); }
    let wakeAt: number | undefined = this.pausedUntil;
    while (this.queue.length && this.pausedUntil === undefined) {
      const next = this.queue[0];
      const limit = next.priority === 'user' ? this.perMinute : Math.max(1, this.perMinute - Math.ceil(this.perMinute / 5));
      const used = this.inFlight.size + this.sent.length;
      if (used >= limit) {
        // A place frees up when enough completed requests leave the window; while the requests under
        // way alone fill it, the next completion pumps again.
        const expiring = used - limit;
        if (expiring < this.sent.length) wakeAt = this.sent[expiring] + window;
        break;
      }
      this.queue.shift();
      if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
      const slot = {};
      this.inFlight.add(slot);
      next.resolve(() => this.complete(slot));
    }
    if (this.queue.length && wakeAt !== undefined) {
      this.timer = this.clock.setTimer(() => this.pump(), Math.max(1, wakeAt - now));
    }
  }

  /** The request of `slot` completed: from now on it counts from this moment (the list stays in time order). */
  private complete(slot: object): void {
    if (!this.inFlight.delete(slot)) return;
    this.sent.push(this.clock.now());
    this.pump();
  }

  private remove(waiter: Waiter): void {
    const index = this.queue.indexOf(waiter);
    if (index >= 0) this.queue.splice(index, 1);
  }

  private emit(): void {
    const state = this.state;
    for (const listener of this.listeners) listener(state);
  }
}
