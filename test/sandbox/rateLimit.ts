// DRF-style sliding-window throttling (SimpleRateThrottle): a history of hit times per key.

import { detail, type ApiResponse } from './http';

export class SlidingWindowLimiter {
  private readonly history = new Map<string, number[]>();

  constructor(private limit: number | null, private readonly windowMs = 60_000) {}

  setLimit(limit: number | null): void {
    this.limit = limit;
  }

  /** Records a request for `key`; returns null when allowed, else the seconds until a slot frees up. */
  hit(key: string, now = Date.now()): number | null {
    if (this.limit == null) return null;
    const recent = (this.history.get(key) ?? []).filter((time) => time > now - this.windowMs);
    this.history.set(key, recent);
    if (recent.length >= this.limit) {
      const freedAt = recent[recent.length - this.limit] + this.windowMs;
      return Math.max(1, Math.ceil((freedAt - now) / 1000));
    }
    recent.push(now);
    return null;
  }

  clear(): void {
    this.history.clear();
  }
}

/** 429 exactly as DRF's `Throttled` renders it. */
export function throttled(seconds: number): ApiResponse {
  const unit = seconds === 1 ? 'second' : 'seconds';
  return detail(429, `Request was throttled. Expected available in ${seconds} ${unit}.`, { 'Retry-After': String(seconds) });
}
