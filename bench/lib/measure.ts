import { performance } from 'node:perf_hooks';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { type Clock } from '../../src/core/util/clock';

/** Start and end (performance.now) of every client request, budget wait and retries included. */
export class RequestTimeline {
  readonly intervals: [number, number][] = [];

  /** Wraps the client's transport so every `send` is timed. */
  static attach(client: ReadTheDocsClient): RequestTimeline {
    const timeline = new RequestTimeline();
    const transport = client.transport;
    const send = transport.send.bind(transport);
    transport.send = async (spec) => {
      const start = performance.now();
      try {
        return await send(spec);
      } finally {
        timeline.intervals.push([start, performance.now()]);
      }
    };
    return timeline;
  }

  clear(): void {
    this.intervals.length = 0;
  }

  /**
   * Sequential round trips: the largest set of requests of which no two overlap in time (each
   * waited for the one before). Parallel requests count once. Greedy by end time is exact here.
   */
  roundTrips(): number {
    let count = 0;
    let lastEnd = -Infinity;
    for (const [start, end] of [...this.intervals].sort((a, b) => a[1] - b[1])) {
      if (start >= lastEnd) {
        count += 1;
        lastEnd = end;
      }
    }
    return count;
  }
}

/** Real timers running `scale` times faster: watcher time for a build that takes minutes, in seconds. */
export class ScaledClock implements Clock {
  private readonly origin = Date.now();
  constructor(readonly scale: number) {}

  now(): number {
    return this.origin + (Date.now() - this.origin) * this.scale;
  }

  setTimer(callback: () => void, ms: number): { clear(): void } {
    const handle = setTimeout(callback, ms / this.scale);
    return { clear: () => clearTimeout(handle) };
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A plain-text table with right-aligned numbers. */
export function table(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => String(c)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0)));
  const line = (r: readonly string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}
