import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CancelledError } from '../api/errors';
import { type Logger } from '../log';
import { SharedFetches } from '../embed/fetchCache';
import { type Clock, realClock } from '../util/clock';
import { type Disposable, type Event } from '../util/events';
import { reachedOrigin } from '../validation/urls';
import { type FetchDocsFile, type PublicFile, type Validators } from './docsFile';
import { InventoryIndex } from './inventoryIndex';
import { parseInventory } from './parse';
import { errorDetail } from '../api/describeError';

/** After a failed request (not a 404), the next attempt waits this long. */
const FAILURE_RETRY_MS = 30_000;

/** Memory all parsed inventories together may hold (estimated): about ten of Python's size. */
export const INVENTORY_MEMORY_BYTES = 128 * 1024 * 1024;

/** One inventory kept on disk at most this large; a larger one is kept in memory only. */
export const INVENTORY_DISK_ENTRY_MAX_BYTES = 2 * 1024 * 1024;
/** All inventories on disk together at most this large: the ones written longest ago go first. */
export const INVENTORY_DISK_TOTAL_BYTES = 32 * 1024 * 1024;
/** At most this many inventories on disk (each window's first use reads every entry's metadata once). */
export const INVENTORY_DISK_MAX_ENTRIES = 500;

/** What is kept per documentation root on disk between sessions. */
export interface StoredInventory {
  readonly bytes: Uint8Array;
  readonly validators: Validators;
}

/**
 * The inventories kept between sessions. `write` takes only a file read without a token
 * (`PublicFile`): one read with a private-docs token is a `PrivateFile`, which does not compile here.
 */
export interface InventoryDiskCache {
  read(rootUrl: string): Promise<StoredInventory | undefined>;
  write(rootUrl: string, file: PublicFile): Promise<void>;
  /** Deletes the entries of the roots `test` names (a root read with a token, a grant that went). */
  deleteWhere(test: (rootUrl: string) => boolean): Promise<void>;
}

export interface InventoryStoreOptions {
  readonly fetchFile: FetchDocsFile;
  readonly disk?: InventoryDiskCache;
  readonly logger: Logger;
  readonly clock?: Pick<Clock, 'now'>;
  /** How long an inventory is used before it is checked again (a conditional request). Default 5 minutes. */
  readonly refreshMs?: number;
  /** Memory the parsed inventories may hold together (`InventoryIndex.heldBytes`); the one used longest ago goes first. */
  readonly maxHeldBytes?: number;
}

interface Slot {
  index: InventoryIndex | undefined;
  /** This root publishes no objects.inv (MkDocs): remembered quietly. */
  missing: boolean;
  validators: Validators;
  checkedAt: number;
  /** Read with a private-docs token: never written to disk, and its disk entry (if any) was deleted. */
  private: boolean;
}

/**
 * objects.inv per documentation root (`…/en/latest/`): parsed once, kept in memory and (when read
 * without a token, as the fetch's own answer says) on disk, re-checked with a conditional request at most every few minutes, a 404 remembered. Concurrent
 * callers share one request, which ends only when every one of them has given up. The inventories
 * held in memory stay under `maxHeldBytes` together: the one used longest ago is dropped first
 * (its disk copy serves the next use).
 */
export class InventoryStore {
  /** In order of use, the one used longest ago first. */
  private readonly slots = new Map<string, Slot>();
  private readonly requests = new SharedFetches<string, InventoryIndex | undefined>();
  private readonly clock: Pick<Clock, 'now'>;
  private readonly refreshMs: number;
  private readonly maxHeldBytes: number;

  constructor(private readonly options: InventoryStoreOptions) {
    this.clock = options.clock ?? realClock;
    this.refreshMs = options.refreshMs ?? 5 * 60_000;
    this.maxHeldBytes = options.maxHeldBytes ?? INVENTORY_MEMORY_BYTES;
  }

  /**
   * The inventory of a documentation root, or undefined when it has none or cannot be had now
   * (logged), or `signal` aborted.
   */
  async get(rootUrl: string, signal?: AbortSignal): Promise<InventoryIndex | undefined> {
    const root = rootUrl.endsWith('/') ? rootUrl : `${rootUrl}/`;
    const slot = this.slots.get(root);
    if (slot && this.clock.now() - slot.checkedAt < this.refreshMs) {
      this.touch(root, slot);
      return slot.index;
    }
    try {
      return await this.requests.join(root, (shared) => this.refresh(root, shared), signal);
    } catch (error) {
      if (signal?.aborted) return undefined;
      throw error;
    }
  }

  /**
   * Drops the inventories of the roots `test` names (a private-docs token came or went): the next
   * use reads them again. With `fromDisk`, also the disk entries of the roots it names (what a grant
   * that went may have touched, written by any version).
   */
  async forget(test: (rootUrl: string) => boolean, fromDisk?: (rootUrl: string) => boolean): Promise<void> {
    for (const root of [...this.slots.keys()]) if (test(root)) this.slots.delete(root);
    if (fromDisk) await this.options.disk?.deleteWhere(fromDisk).catch((error: unknown) => this.options.logger.warn(`inventory: could not delete cached inventories: ${errorDetail(error)}`));
  }

  /** Estimated memory held by the parsed inventories. */
  get heldBytes(): number {
    let total = 0;
    for (const slot of this.slots.values()) total += slot.index?.heldBytes ?? 0;
    return total;
  }

  private async refresh(root: string, signal: AbortSignal): Promise<InventoryIndex | undefined> {
    let slot = this.slots.get(root);
    const { disk } = this.options;
    if (!slot?.index && !slot?.missing && disk) {
      const stored = await disk.read(root).catch(() => undefined);
      const index = stored && this.indexOf(root, stored.bytes);
      if (index) slot = { index, missing: false, validators: stored.validators, checkedAt: -Infinity, private: false };
    }
    const current: Slot = slot ?? { index: undefined, missing: false, validators: {}, checkedAt: -Infinity, private: false };
    try {
      const result = await this.options.fetchFile(`${root}objects.inv`, current.index ? current.validators : {}, signal);
      current.checkedAt = this.clock.now();
      // Read with a token (the fetch says so, whatever the grants said earlier): memory only, and whatever is on disk for it goes.
      if (result.status !== 'missing' && result.sharing && !current.private) {
        current.private = true;
        await disk?.deleteWhere((stored) => stored === root).catch((error: unknown) => {
          this.options.logger.warn(`inventory: could not delete the cached ${root}objects.inv: ${errorDetail(error)}`);
        });
      }
      // Zensical writes an empty objects.inv when mkdocstrings renders nothing (FACTS.md §27): no inventory, as a 404, not a broken file.
      if (result.status === 'missing' || (result.status === 'ok' && result.bytes.length === 0)) {
        current.index = undefined;
        current.missing = true;
      } else if (result.status === 'ok') {
        const index = this.indexOf(root, result.bytes);
        current.index = index;
        current.missing = false;
        current.validators = result.validators;
        if (index && result.sharing === undefined) {
          await disk?.write(root, result).catch((error: unknown) => {
            this.options.logger.debug(`inventory: could not store ${root}objects.inv: ${errorDetail(error)}`);
          });
        }
      }
    } catch (error) {
      // Offline or failing: keep what we have (memory or disk) and ask again in half a minute;
      // a request given up by its caller (a hover that went away) is asked again at the next use.
      if (!(error instanceof CancelledError)) current.checkedAt = this.clock.now() - this.refreshMs + FAILURE_RETRY_MS;
      this.options.logger.debug(`inventory: ${root}objects.inv: ${errorDetail(error)}`);
    }
    this.touch(root, current);
    this.evictBeyondCap(root);
    return current.index;
  }

  /** Marks `root` as the one used last. */
  private touch(root: string, slot: Slot): void {
    this.slots.delete(root);
    this.slots.set(root, slot);
  }

  /** Drops the inventories used longest ago until the rest fit (`keep`, just read, stays). */
  private evictBeyondCap(keep: string): void {
    let total = this.heldBytes;
    for (const [root, slot] of this.slots) {
      if (total <= this.maxHeldBytes) return;
      if (!slot.index || root === keep) continue;
      total -= slot.index.heldBytes;
      this.slots.delete(root);
      this.options.logger.debug(`inventory: ${root}objects.inv dropped from memory (inventories hold more than ${this.maxHeldBytes} bytes)`);
    }
  }

  private indexOf(root: string, bytes: Uint8Array): InventoryIndex | undefined {
    try {
      const index = new InventoryIndex(parseInventory(bytes), root);
      if (index.heldBytes <= this.maxHeldBytes) return index;
      this.options.logger.debug(`inventory: ${root}objects.inv is too large to hold (${index.heldBytes} bytes)`);
      return undefined;
    } catch (error) {
      this.options.logger.debug(`inventory: ${root}objects.inv: ${errorDetail(error)}`);
      return undefined;
    }
  }
}

/** The events of the private-docs grants the inventories follow (`PrivateDocsGrants`). */
export interface GrantChanges {
  readonly onDidChange: Event<void>;
  /** The grants that went, by the docs origin of each (`DocsGrant.scope.origin`). */
  readonly onDidRemove: Event<readonly { readonly scope: { readonly origin: string } }[]>;
}

/**
 * The inventories follow the grants: a token came or went, so inventories read with it (or refused
 * without it) are read again at their next use; a token gone (Stop Reading, sign-out) takes whatever
 * the disk holds from its docs origin.
 */
export function followGrants(store: InventoryStore, grants: GrantChanges, logger: Logger): Disposable {
  const changed = grants.onDidChange(() => void store.forget(() => true));
  const removed = grants.onDidRemove((gone) => {
    // Wider than the scopes: the whole docs origin of each (its public neighbours are read again at their next use).
    const origins = new Set(gone.map((grant) => reachedOrigin(grant.scope.origin)));
    store.forget(() => true, (root) => origins.has(reachedOrigin(root)))
      .catch((error: unknown) => logger.warn(`inventory: ${errorDetail(error)}`));
  });
  return { dispose: () => { changed.dispose(); removed.dispose(); } };
}

/** Written into each entry's metadata; an entry without it was written by an older version, which could keep private inventories: deleted unread. */
const DISK_FORMAT = 2;

interface DiskCaps {
  readonly entryBytes: number;
  readonly totalBytes: number;
  readonly entries: number;
}

interface EntryMeta {
  readonly rootUrl?: unknown;
  readonly etag?: unknown;
  readonly lastModified?: unknown;
  readonly format?: unknown;
}

/**
 * Stores each inventory as two files named by the hash of its root URL in `directory` (the
 * extension's global storage, `inventories/`): `<hash>.inv` (the bytes as served) and
 * `<hash>.json` (`{ rootUrl, etag, lastModified, format }`). At most
 * `INVENTORY_DISK_ENTRY_MAX_BYTES` per entry, `INVENTORY_DISK_TOTAL_BYTES` and
 * `INVENTORY_DISK_MAX_ENTRIES` in all (the entries written longest ago go first). The first use in a window deletes every entry an older version
 * wrote (no `format`: it may hold a private inventory) and every half-written one.
 */
export class FileInventoryDiskCache implements InventoryDiskCache {
  private swept: Promise<void> | undefined;
  /**
   * The entries this window knows the folder holds, the one written longest ago first: read once
   * at the sweep, then kept as it writes and deletes, so a write keeps the caps without reading
   * the folder again. Deleting for a grant that went reads the folder afresh (another window may have written).
   */
  private readonly held = new Map<string, number>();

  constructor(
    private readonly directory: string,
    private readonly caps: DiskCaps = { entryBytes: INVENTORY_DISK_ENTRY_MAX_BYTES, totalBytes: INVENTORY_DISK_TOTAL_BYTES, entries: INVENTORY_DISK_MAX_ENTRIES },
  ) {}

  async read(rootUrl: string): Promise<StoredInventory | undefined> {
    await this.sweep();
    const base = join(this.directory, keyOf(rootUrl));
    const [bytes, meta] = await Promise.all([readFile(`${base}.inv`), readFile(`${base}.json`, 'utf8')]);
    const parsed = JSON.parse(meta) as EntryMeta;
    if (parsed.rootUrl !== rootUrl || parsed.format !== DISK_FORMAT || bytes.length > this.caps.entryBytes) return undefined;
    return {
      bytes,
      validators: {
        ...(typeof parsed.etag === 'string' ? { etag: parsed.etag } : {}),
        ...(typeof parsed.lastModified === 'string' ? { lastModified: parsed.lastModified } : {}),
      },
    };
  }

  async write(rootUrl: string, file: PublicFile): Promise<void> {
    // The type keeps private reads out; a value forced past it (a cast) is refused all the same.
    if ((file as { sharing?: unknown }).sharing !== undefined || file.bytes.length > this.caps.entryBytes) return;
    await this.sweep();
    await mkdir(this.directory, { recursive: true });
    const base = join(this.directory, keyOf(rootUrl));
    await writeFile(`${base}.inv`, file.bytes);
    await writeFile(`${base}.json`, JSON.stringify({ rootUrl, ...file.validators, format: DISK_FORMAT }));
    this.held.delete(keyOf(rootUrl));
    this.held.set(keyOf(rootUrl), file.bytes.length);
    await this.keepUnderTotal();
  }

  async deleteWhere(test: (rootUrl: string) => boolean): Promise<void> {
    await this.sweep();
    for (const entry of await this.entries()) if (typeof entry.meta?.rootUrl === 'string' && test(entry.meta.rootUrl)) await this.remove(entry.key);
  }

  /** Once per window: entries of older versions and half-written ones deleted, then the total cap. */
  private sweep(): Promise<void> {
    return (this.swept ??= (async () => {
      const kept: { key: string; bytes: number; writtenAt: number }[] = [];
      for (const entry of await this.entries()) {
        if (entry.meta?.format !== DISK_FORMAT || entry.invBytes === undefined) await this.remove(entry.key);
        else kept.push({ key: entry.key, bytes: entry.invBytes, writtenAt: entry.writtenAt });
      }
      for (const entry of kept.sort((a, b) => a.writtenAt - b.writtenAt)) this.held.set(entry.key, entry.bytes);
      await this.keepUnderTotal();
    })());
  }

  private async keepUnderTotal(): Promise<void> {
    let total = 0;
    for (const bytes of this.held.values()) total += bytes;
    for (const [key, bytes] of [...this.held]) {
      if (total <= this.caps.totalBytes && this.held.size <= this.caps.entries) return;
      total -= bytes;
      await this.remove(key);
    }
  }

  /** Every entry in the folder (by the hash in its file names), with its metadata when it reads. */
  private async entries(): Promise<{ key: string; meta: EntryMeta | undefined; invBytes: number | undefined; writtenAt: number }[]> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch {
      return [];
    }
    const keys = new Set(names.filter((name) => name.endsWith('.inv') || name.endsWith('.json')).map((name) => name.slice(0, name.lastIndexOf('.'))));
    return Promise.all([...keys].map(async (key) => {
      const base = join(this.directory, key);
      const inv = await stat(`${base}.inv`).catch(() => undefined);
      const meta = await readFile(`${base}.json`, 'utf8').then((text) => JSON.parse(text) as EntryMeta, () => undefined);
      return { key, meta: meta && typeof meta === 'object' ? meta : undefined, invBytes: inv?.size, writtenAt: inv?.mtimeMs ?? 0 };
    }));
  }

  private async remove(key: string): Promise<void> {
    this.held.delete(key);
    const base = join(this.directory, key);
    await Promise.all([unlink(`${base}.inv`), unlink(`${base}.json`)].map((done) => done.catch(() => undefined)));
  }
}

function keyOf(rootUrl: string): string {
  return createHash('sha256').update(rootUrl).digest('hex').slice(0, 32);
}
