import { type Clock, realClock } from '../util/clock';

export interface TtlCacheOptions<V = unknown> {
  /** When full, the least recently used entry goes first. */
  readonly maxEntries: number;
  /** With `sizeOf`: the most all entries may weigh together; the least recently used go first. */
  readonly maxSize?: number;
  /** What one value weighs (e.g. the characters of its HTML); an entry heavier than `maxSize` is not kept. */
  readonly sizeOf?: (value: V) => number;
  readonly clock?: Pick<Clock, 'now'>;
}

interface Entry<V> {
  readonly value: V;
  readonly expiresAt: number;
  readonly size: number;
}

/** A small in-memory cache whose entries expire after their own time to live. */
export class TtlCache<K, V extends NonNullable<unknown>> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly maxEntries: number;
  private readonly maxSize: number;
  private readonly sizeOf: (value: V) => number;
  private readonly clock: Pick<Clock, 'now'>;
  private totalSize = 0;

  constructor(options: TtlCacheOptions<V>) {
    this.maxEntries = options.maxEntries;
    this.maxSize = options.maxSize ?? Infinity;
    this.sizeOf = options.sizeOf ?? (() => 0);
    this.clock = options.clock ?? realClock;
  }

  /** What the entries weigh together, by `sizeOf`. */
  get weight(): number {
    return this.totalSize;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.delete(key);
    if (this.clock.now() >= entry.expiresAt) return undefined;
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.insert(key, entry);
    return entry.value;
  }

  set(key: K, value: V, ttlMs: number): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (ttlMs <= 0 || this.maxEntries <= 0 || size > this.maxSize) return;
    this.insert(key, { value, expiresAt: this.clock.now() + ttlMs, size });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.totalSize <= this.maxSize) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalSize -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.totalSize = 0;
  }

  private insert(key: K, entry: Entry<V>): void {
    this.entries.set(key, entry);
    this.totalSize += entry.size;
  }
}
