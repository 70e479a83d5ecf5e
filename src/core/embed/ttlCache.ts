import { type Clock, realClock } from '../util/clock';

export interface TtlCacheOptions {
  /** When full, the least recently used entry goes first. */
  readonly maxEntries: number;
  readonly clock?: Pick<Clock, 'now'>;
}

interface Entry<V> {
  readonly value: V;
  readonly expiresAt: number;
}

/** A small in-memory cache whose entries expire after their own time to live. */
export class TtlCache<K, V extends NonNullable<unknown>> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly maxEntries: number;
  private readonly clock: Pick<Clock, 'now'>;

  constructor(options: TtlCacheOptions) {
    this.maxEntries = options.maxEntries;
    this.clock = options.clock ?? realClock;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.clock.now() >= entry.expiresAt) return undefined;
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, ttlMs: number): void {
    this.entries.delete(key);
    if (ttlMs <= 0 || this.maxEntries <= 0) return;
    this.entries.set(key, { value, expiresAt: this.clock.now() + ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
