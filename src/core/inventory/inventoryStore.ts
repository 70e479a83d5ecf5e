import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CancelledError } from '../api/errors';
import { type Logger } from '../log';
import { SharedFetches } from '../embed/fetchCache';
import { type Clock, realClock } from '../util/clock';
import { type FetchDocsFile, type Validators } from './docsFile';
import { InventoryIndex } from './inventoryIndex';
import { parseInventory } from './parse';
import { errorDetail } from '../api/describeError';

/** After a failed request (not a 404), the next attempt waits this long. */
const FAILURE_RETRY_MS = 30_000;

/** Memory all parsed inventories together may hold (estimated): about ten of Python's size. */
export const INVENTORY_MEMORY_BYTES = 128 * 1024 * 1024;

/** What is kept per documentation root on disk between sessions. */
export interface StoredInventory {
  readonly bytes: Uint8Array;
  readonly validators: Validators;
}

export interface InventoryDiskCache {
  read(rootUrl: string): Promise<StoredInventory | undefined>;
  write(rootUrl: string, stored: StoredInventory): Promise<void>;
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
  /** Roots read with a private-docs token: kept in memory only, never on disk. */
  readonly isPrivate?: (rootUrl: string) => boolean;
}

interface Slot {
  index: InventoryIndex | undefined;
  /** This root publishes no objects.inv (MkDocs): remembered quietly. */
  missing: boolean;
  validators: Validators;
  checkedAt: number;
}

/**
 * objects.inv per documentation root (`…/en/latest/`): parsed once, kept in memory and on disk,
 * re-checked with a conditional request at most every few minutes, a 404 remembered. Concurrent
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

  /** Drops the inventories of the roots `test` names (a private-docs token was removed): the next use reads them again. */
  forget(test: (rootUrl: string) => boolean): void {
    for (const root of [...this.slots.keys()]) if (test(root)) this.slots.delete(root);
  }

  /** Estimated memory held by the parsed inventories. */
  get heldBytes(): number {
    let total = 0;
    for (const slot of this.slots.values()) total += slot.index?.heldBytes ?? 0;
    return total;
  }

  private async refresh(root: string, signal: AbortSignal): Promise<InventoryIndex | undefined> {
    let slot = this.slots.get(root);
    const disk = this.options.isPrivate?.(root) ? undefined : this.options.disk;
    if (!slot?.index && !slot?.missing && disk) {
      const stored = await disk.read(root).catch(() => undefined);
      const index = stored && this.indexOf(root, stored.bytes);
      if (index) slot = { index, missing: false, validators: stored.validators, checkedAt: -Infinity };
    }
    const current: Slot = slot ?? { index: undefined, missing: false, validators: {}, checkedAt: -Infinity };
    try {
      const result = await this.options.fetchFile(`${root}objects.inv`, current.index ? current.validators : {}, signal);
      current.checkedAt = this.clock.now();
      // Zensical writes an empty objects.inv when mkdocstrings renders nothing (FACTS.md §27): no inventory, as a 404, not a broken file.
      if (result.status === 'missing' || (result.status === 'ok' && result.bytes.length === 0)) {
        current.index = undefined;
        current.missing = true;
      } else if (result.status === 'ok') {
        const index = this.indexOf(root, result.bytes);
        current.index = index;
        current.missing = false;
        current.validators = result.validators;
        if (index) {await disk?.write(root, { bytes: result.bytes, validators: result.validators }).catch((error: unknown) => {
          this.options.logger.debug(`inventory: could not store ${root}objects.inv: ${errorDetail(error)}`);
        });}
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

/** Stores each inventory as two files named by the hash of its root URL in `directory` (the extension's global storage). */
export class FileInventoryDiskCache implements InventoryDiskCache {
  constructor(private readonly directory: string) {}

  async read(rootUrl: string): Promise<StoredInventory | undefined> {
    const base = join(this.directory, keyOf(rootUrl));
    const [bytes, meta] = await Promise.all([readFile(`${base}.inv`), readFile(`${base}.json`, 'utf8')]);
    const parsed = JSON.parse(meta) as { rootUrl?: unknown; etag?: unknown; lastModified?: unknown };
    if (parsed.rootUrl !== rootUrl) return undefined;
    return {
      bytes,
      validators: {
        ...(typeof parsed.etag === 'string' ? { etag: parsed.etag } : {}),
        ...(typeof parsed.lastModified === 'string' ? { lastModified: parsed.lastModified } : {}),
      },
    };
  }

  async write(rootUrl: string, stored: StoredInventory): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const base = join(this.directory, keyOf(rootUrl));
    await writeFile(`${base}.inv`, stored.bytes);
    await writeFile(`${base}.json`, JSON.stringify({ rootUrl, ...stored.validators }));
  }
}

function keyOf(rootUrl: string): string {
  return createHash('sha256').update(rootUrl).digest('hex').slice(0, 32);
}
