/**
 * The one persisted store of the extension (VS Code's `globalState` behind it): entries by key,
 * each under its own Memento key so a change writes that entry (and deletes what it evicts), not
 * the whole set; bounded in entries and bytes, each entry at most `MAX_STORE_ENTRY_BYTES`; the
 * oldest written go first. What it reads back is checked (`accepts`): a value an older or newer
 * version wrote that does not fit, or that is over the caps, is deleted, not trusted.
 *
 * VS Code keeps an extension's `globalState` as one document and writes it whole after a change
 * (ExtHostMemento): the total cap is what bounds that write; the keys per entry bound the work
 * and the values handed over per change.
 */

import { isJsonObject } from './json';

/** What the store needs of VS Code's `Memento` (`globalState` fits). */
export interface KeyedMemento {
  keys(): readonly string[];
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** No entry of any store weighs more than this (its JSON, in UTF-8 bytes, key included). */
export const MAX_STORE_ENTRY_BYTES = 64 * 1024;

export interface StoreLimits {
  readonly maxEntries: number;
  /** What all entries may weigh together (bytes of their JSON). */
  readonly maxTotalBytes: number;
  /** At most `MAX_STORE_ENTRY_BYTES` (the default). */
  readonly maxEntryBytes?: number;
}

export interface BoundedStoreOptions<T> extends StoreLimits {
  /** The Memento keys of the entries start with it (`readthedocs.buildTimes.figures/`). */
  readonly prefix: string;
  /** A stored value is read back only when it fits; anything else is deleted. */
  readonly accepts: (value: unknown) => value is T;
  /** Keys under which an older version kept its whole set: deleted when the store opens. */
  readonly legacyKeys?: readonly string[];
}

/** One entry as stored: `at` orders the writes (oldest evicted first). */
interface Stored {
  readonly at: number;
  readonly value: unknown;
}

interface Held<T> {
  readonly value: T;
  readonly bytes: number;
  readonly at: number;
}

function isStored(value: unknown): value is Stored {
  return isJsonObject(value) && typeof value.at === 'number' && Number.isFinite(value.at) && 'value' in value;
}

export class BoundedStore<T> {
  /** Oldest written first. */
  private readonly entries = new Map<string, Held<T>>();
  private readonly maxEntryBytes: number;
  private totalBytes = 0;
  private next = 0;

  constructor(private readonly memento: KeyedMemento, private readonly options: BoundedStoreOptions<T>) {
    this.maxEntryBytes = Math.min(options.maxEntryBytes ?? MAX_STORE_ENTRY_BYTES, MAX_STORE_ENTRY_BYTES, options.maxTotalBytes);
    const deleted: string[] = (options.legacyKeys ?? []).filter((key) => memento.get(key) !== undefined);
    const found: [string, Held<T>][] = [];
    for (const storedKey of memento.keys()) {
      if (!storedKey.startsWith(options.prefix)) continue;
      const stored = memento.get(storedKey);
      // VS Code's Memento lists a key deleted in this session (its value undefined) until the next window.
      if (stored === undefined) continue;
      const key = storedKey.slice(options.prefix.length);
      const bytes = isStored(stored) ? this.weigh(key, stored) : Infinity;
      if (isStored(stored) && bytes <= this.maxEntryBytes && options.accepts(stored.value)) found.push([key, { value: stored.value, bytes, at: stored.at }]);
      else deleted.push(storedKey);
    }
    found.sort(([, a], [, b]) => a.at - b.at);
    for (const [key, held] of found) this.hold(key, held);
    this.next = found.length > 0 ? found[found.length - 1][1].at + 1 : 0;
    // Data written under larger caps (an older version) goes, oldest first.
    deleted.push(...this.evict().map((key) => options.prefix + key));
    void this.write(deleted.map((key) => [key, undefined]));
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries weigh together (bytes of their JSON). */
  get bytes(): number {
    return this.totalBytes;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): T | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keys, oldest written first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * Keeps `value` under `key` as the newest entry, evicting the oldest past the caps; writes that
   * entry and deletes the evicted ones. False (and nothing kept under `key`) when it weighs more
   * than an entry may.
   */
  set(key: string, value: T): { readonly kept: boolean; readonly written: Promise<void> } {
    const at = this.next++;
    const stored: Stored = { at, value };
    const bytes = this.weigh(key, stored);
    if (bytes > this.maxEntryBytes) {
      const had = this.release(key);
      return { kept: false, written: had ? this.write([[this.options.prefix + key, undefined]]) : Promise.resolve() };
    }
    this.release(key);
    this.hold(key, { value, bytes, at });
    const evicted = this.evict();
    return { kept: true, written: this.write([[this.options.prefix + key, stored], ...evicted.map((k): [string, undefined] => [this.options.prefix + k, undefined])]) };
  }

  delete(key: string): Promise<void> {
    return this.release(key) ? this.write([[this.options.prefix + key, undefined]]) : Promise.resolve();
  }

  private weigh(key: string, stored: Stored): number {
    return Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(stored) ?? '');
  }

  private hold(key: string, held: Held<T>): void {
    this.entries.set(key, held);
    this.totalBytes += held.bytes;
  }

  private release(key: string): boolean {
    const held = this.entries.get(key);
    if (!held) return false;
    this.entries.delete(key);
    this.totalBytes -= held.bytes;
    return true;
  }

  /** Drops the oldest entries until the caps hold; their keys. */
  private evict(): string[] {
    const evicted: string[] = [];
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries && this.totalBytes <= this.options.maxTotalBytes) break;
      this.release(key);
      evicted.push(key);
    }
    return evicted;
  }

  private async write(changes: readonly (readonly [string, unknown])[]): Promise<void> {
    await Promise.all(changes.map(([key, value]) => this.memento.update(key, value)));
  }
}
