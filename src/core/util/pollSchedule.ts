/** `readthedocs.builds.pollSeconds`: its default and range (package.json declares the same). */
export const POLL_SECONDS = { default: 5, minimum: 1, maximum: 300 } as const;

/**
 * The written setting within its range. settings.json may hold any number, and a timer of more
 * than 2^31 - 1 ms fires at once: an unbounded value would poll without pause.
 */
export function pollSecondsOf(written: unknown): number {
  if (typeof written !== 'number' || !Number.isFinite(written) || written <= 0) return POLL_SECONDS.default;
  return Math.min(POLL_SECONDS.maximum, Math.max(POLL_SECONDS.minimum, written));
}

/**
 * The interval before the next poll of something running (a build, its log): the floor (the
 * setting, read each time) at first and after news, ×`factor` per answer that changed nothing,
 * ×2 after a failure (at least the server's Retry-After), never above the ceiling nor below the floor.
 */
export class PollSchedule {
  private delay: number;

  constructor(private readonly floorSeconds: () => number, private readonly ceilingMs: number, private readonly factor = 1.5) {
    this.delay = this.floorMs();
  }

  get delayMs(): number {
    return this.delay;
  }

  /** Something changed (or the view came back): look again soon. */
  news(): void {
    this.delay = this.floorMs();
  }

  unchanged(): void {
    this.grow(this.delay * this.factor);
  }

  failed(retryAfterMs = 0): void {
    this.grow(Math.max(this.delay * 2, retryAfterMs));
  }

  private grow(wanted: number): void {
    const floor = this.floorMs();
    this.delay = Math.max(floor, Math.min(this.ceilingMs, wanted));
  }

  private floorMs(): number {
    return pollSecondsOf(this.floorSeconds()) * 1000;
  }
}
