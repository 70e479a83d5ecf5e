import { type Clock } from '../../src/core/util/clock';

/** A clock that moves only when the test says so; timers fire in order as time passes. */
export class ManualClock implements Clock {
  private time = 1_000_000;
  private timers: { at: number; callback: () => void; cleared: boolean }[] = [];

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, ms: number): { clear(): void } {
    const timer = { at: this.time + ms, callback, cleared: false };
    this.timers.push(timer);
    return { clear: () => { timer.cleared = true; } };
  }

  /** Moves time forward, firing due timers (and timers they set) in order. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => !t.cleared && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.time = due.at;
      due.cleared = true;
      due.callback();
      await flush();
    }
    this.time = end;
    this.timers = this.timers.filter((t) => !t.cleared);
    await flush();
  }
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
