import { inflateSync } from 'node:zlib';
import { errorDetail } from '../api/describeError';

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

/**
 * `name domain:type priority uri dispname`. Most names have no space: split at single spaces when
 * that gives the same answer as Sphinx's pattern, else use the pattern (names with spaces).
 */
function splitLine(line: string): [string, string, string, string, string] | undefined {
  const a = line.indexOf(' ');
  const b = line.indexOf(' ', a + 1);
  const c = line.indexOf(' ', b + 1);
  const d = line.indexOf(' ', c + 1);
  if (a > 0 && b > a + 1 && c > b + 1 && d > c + 1 && line.charCodeAt(d + 1) !== 32) {
    const kind = line.slice(a + 1, b);
    const priority = line.slice(b + 1, c);
    if (kind.includes(':') && PRIORITY.test(priority)) return [line.slice(0, a), kind, priority, line.slice(c + 1, d), line.slice(d + 1)];
  }
  const match = LINE.exec(line);
  return match ? [match[1], match[2], match[3], match[4], match[5]] : undefined;
}

const PRIORITY = /^-?\d+$/;

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
    throw new InventoryFormatError(`the compressed body is unreadable (${errorDetail(error)})`);
  }
  const entries: InventoryEntry[] = [];
  for (const raw of text.split('\n')) {
    const fields = splitLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    if (!fields) continue;
    const [name, kind, priority, rawUri, rawDisplay] = fields;
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
