import { type Clock, realClock } from '../util/clock';
import { MAX_PAUSE_SECONDS } from './retry';

export type Priority = 'user' | 'background';


export interface BudgetState {
  /** Epoch ms until which every request waits because the server said 429, or undefined. */
  readonly pausedUntil: number | undefined;
  readonly waiting: number;
}

interface Waiter { priority: Priority; resolve: () => void; reject: (reason: unknown) => void; signal?: AbortSignal; onAbort?: () => void }

const WINDOW_MS = 60_000;

/**
 * The shared request budget: at most `perMinute` requests in any 60 s window (the real service's
 * per-user throttle). User actions go before background work, and background work may never use
 * the last fifth of the window, so a click is never stuck behind polling. A 429 pauses everything
 * until its Retry-After.
 */
export class RequestBudget {
  private readonly sent: number[] = [];
  private readonly queue: Waiter[] = [];
  private pausedUntil: number | undefined;
  private timer: { clear(): void } | undefined;
  private readonly listeners = new Set<(state: BudgetState) => void>();

  constructor(private perMinute: number, private readonly clock: Clock = realClock) {}

  setPerMinute(perMinute: number): void {
    this.perMinute = Math.max(1, Math.floor(perMinute));
    this.pump();
  }

  /** Resolves when a request of this priority may go out; rejects with the signal's reason if aborted first. */
  acquire(priority: Priority, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
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
    while (this.sent.length && this.sent[0] <= now - WINDOW_MS) this.sent.shift();
    if (this.pausedUntil !== undefined && this.pausedUntil <= now) { this.pausedUntil = undefined; this.emit(); }
    let wakeAt: number | undefined = this.pausedUntil;
    while (this.queue.length && this.pausedUntil === undefined) {
      const next = this.queue[0];
      const limit = next.priority === 'user' ? this.perMinute : Math.max(1, this.perMinute - Math.ceil(this.perMinute / 5));
      if (this.sent.length >= limit) {
        wakeAt = this.sent[this.sent.length - limit] + WINDOW_MS;
        break;
      }
      this.queue.shift();
      if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
      this.sent.push(now);
      next.resolve();
    }
    if (this.queue.length && wakeAt !== undefined) {
      this.timer = this.clock.setTimer(() => this.pump(), Math.max(1, wakeAt - now));
    }
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
