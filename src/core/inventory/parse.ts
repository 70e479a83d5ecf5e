import { inflateSync } from 'node:zlib';

/** One object of a Sphinx inventory, shorthands expanded. */
export interface InventoryEntry {
  /** As written in the inventory (labels and terms keep their case here; lookups fold it). */
  readonly name: string;
  readonly domain: string;
  readonly type: string;
  readonly priority: number;
  /** Relative to the version root, `$` already replaced by the name. */
  readonly uri: string;
  /** The title (`-` in the file means "same as the name"). */
  readonly displayName: string;
}

export interface ParsedInventory {
  readonly project: string;
  readonly version: string;
  readonly entries: readonly InventoryEntry[];
}

/** The file is not a Sphinx inventory version 2. */
export class InventoryFormatError extends Error {
  constructor(reason: string) {
    super(`Not a Sphinx inventory: ${reason}`);
    this.name = 'InventoryFormatError';
  }
}

/** Uncompressed text at most (zlib bomb guard). Python's own inventory inflates to about 3 MB. */
export const INVENTORY_MAX_INFLATED_BYTES = 64 * 1024 * 1024;

// sphinx/util/inventory.py InventoryFile.load_v2
const LINE = /^(.+?)\s+(\S+)\s+(-?\d+)\s+?(\S*)\s+(.*)$/;

/** Parses `objects.inv` (version 2: four header lines, then one zlib stream of `name domain:type priority uri dispname`). */
export function parseInventory(bytes: Uint8Array): ParsedInventory {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  const header: string[] = [];
  for (let i = 0; i < 4; i++) {
    const end = buffer.indexOf(0x0a, offset);
    if (end < 0) throw new InventoryFormatError('the header is cut short');
    header.push(buffer.toString('utf8', offset, end).replace(/\r$/, ''));
    offset = end + 1;
  }
  if (header[0] !== '# Sphinx inventory version 2') {
    throw new InventoryFormatError(header[0].startsWith('# Sphinx inventory version') ? `unsupported ${header[0].slice(2)}` : 'unknown header');
  }
  if (!/zlib/.test(header[3])) throw new InventoryFormatError('the body is not zlib-compressed');
  let text: string;
  try {
    text = inflateSync(buffer.subarray(offset), { maxOutputLength: INVENTORY_MAX_INFLATED_BYTES }).toString('utf8');
  } catch (error) {
    throw new InventoryFormatError(`the compressed body is unreadable (${(error as Error).message})`);
  }
  const entries: InventoryEntry[] = [];
  for (const line of text.split('\n')) {
    const match = LINE.exec(line.replace(/\r$/, ''));
    if (!match) continue;
    const [, name, kind, priority, rawUri, rawDisplay] = match;
    const colon = kind.indexOf(':');
    // Sphinx skips `py:module` style entries without a domain, and the odd std:cmdline lines are kept as is.
    if (colon <= 0) continue;
    entries.push({
      name,
      domain: kind.slice(0, colon),
      type: kind.slice(colon + 1),
      priority: Number(priority),
      uri: rawUri.endsWith('$') ? rawUri.slice(0, -1) + name : rawUri,
      displayName: rawDisplay === '-' ? name : rawDisplay,
    });
  }
  return { project: header[1].replace(/^# Project:\s?/, ''), version: header[2].replace(/^# Version:\s?/, ''), entries };
}
