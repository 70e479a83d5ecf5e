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

/** Entries per inventory at most (Python's own has about 16,000); a larger one is refused whole. */
export const INVENTORY_MAX_ENTRIES = 300_000;

type LineFields = [name: string, kind: string, priority: string, uri: string, displayName: string];

/**
 * `name domain:type priority uri dispname`, as Sphinx's `(.+?)\s+(\S+)\s+(-?\d+)\s+?(\S*)\s+(.*)`
 * reads it (names may hold spaces: the shortest name after which the rest fits wins), in one pass
 * over the line's words: the pattern itself backtracks quadratically on a long line.
 */
export function splitInventoryLine(line: string): LineFields | undefined {
  const words = new WordBounds(line);
  // The shortest name first: it ends where a word ends, or is the first of two leading spaces.
  for (let k = words.at(0) >= 2 ? 0 : 2; words.has(k + 3); k += 2) {
    const priorityStart = words.at(k + 2);
    const priorityEnd = words.at(k + 3);
    if (priorityEnd === line.length || !isPriority(line, priorityStart, priorityEnd)) continue;
    const uriStart = words.at(k + 4);
    let uri = '';
    let displayStart: number;
    if (uriStart - priorityEnd >= 2) {
      // Two spaces or more after the priority: the URI is empty and the title starts at the next word.
      displayStart = uriStart;
    } else {
      const uriEnd = words.at(k + 5);
      if (uriEnd === line.length) continue;
      uri = line.slice(uriStart, uriEnd);
      displayStart = words.at(k + 6);
    }
    const nameEnd = k === 0 ? 1 : words.at(k - 1);
    return [line.slice(0, nameEnd), line.slice(words.at(k), words.at(k + 1)), line.slice(priorityStart, priorityEnd), uri, line.slice(displayStart)];
  }
  return undefined;
}

/**
 * Start and end of every run of non-space characters, flattened (`at(0)` is where the first word
 * starts, `at(1)` where it ends, …; the line's length past the last), read only as far as asked:
 * a line is scanned once at most.
 */
class WordBounds {
  private readonly bounds: number[] = [];
  private scanned = 0;

  constructor(private readonly line: string) {}

  has(index: number): boolean {
    this.at(index);
    return index < this.bounds.length;
  }

  at(index: number): number {
    const { bounds, line } = this;
    const length = line.length;
    let i = this.scanned;
    while (bounds.length <= index && i < length) {
      // Odd count: inside a word, looking for its end; even: looking for the next word.
      const lookingForSpace = (bounds.length & 1) === 1;
      while (i < length && isSpace(line.charCodeAt(i)) !== lookingForSpace) i++;
      if (i < length || lookingForSpace) bounds.push(i);
    }
    this.scanned = i;
    return index < bounds.length ? bounds[index] : length;
  }
}

function isPriority(line: string, start: number, end: number): boolean {
  const first = line.charCodeAt(start) === 45 /* - */ ? start + 1 : start;
  if (first === end) return false;
  for (let i = first; i < end; i++) {
    const code = line.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** Python's `\s` for str patterns: ASCII and Unicode white space. */
function isSpace(code: number): boolean {
  if (code > 32 && code < 0x85) return false;
  return (code >= 9 && code <= 13) || code === 32 || code === 0x85 || code === 0xa0 || code === 0x1680
    || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f
    || code === 0x3000 || (code >= 0x1c && code <= 0x1f);
}

/** Parses `objects.inv` (version 2: four header lines, then one zlib stream of `name domain:type priority uri dispname`). */
export function parseInventory(bytes: Uint8Array, maxEntries = INVENTORY_MAX_ENTRIES): ParsedInventory {
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
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const fields = splitInventoryLine(text.slice(start, text.charCodeAt(end - 1) === 13 && end > start ? end - 1 : end));
    start = end + 1;
    if (!fields) continue;
    const [name, kind, priority, rawUri, rawDisplay] = fields;
    const colon = kind.indexOf(':');
    // Sphinx skips `py:module` style entries without a domain, and the odd std:cmdline lines are kept as is.
    if (colon <= 0) continue;
    if (entries.length === maxEntries) throw new InventoryFormatError(`more than ${maxEntries} entries`);
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
