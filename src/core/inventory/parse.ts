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
  /** Bytes the entries' strings take in memory, as the parser made them (V8's string layouts). */
  readonly stringBytes?: number;
}

/** Bytes of a flat string of `length` characters in V8 (a 16-byte header, rounded up to 8 bytes). */
export function flatStringBytes(length: number, twoByte: boolean): number {
  return (16 + (twoByte ? 2 * length : length) + 7) & ~7;
}

/** Bytes of a string made by `+` (a cons string pointing at both parts) when it is long enough to be one. */
const CONS_STRING_BYTES = 32;

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

/** Node's own decoders of a byte range (what `toString(encoding, start, end)` calls, without its argument checks). */
interface SliceBuffer extends Buffer {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

/** What reading one line hands to the next. */
interface LineState {
  /** `domain:type` of the kinds met so far, split. */
  readonly map: Map<string, readonly [domain: string, type: string] | undefined>;
  /** Where the bytes of the last kind read are, and that kind (entries come grouped by kind). */
  start: number;
  end: number;
  last: readonly [string, string] | undefined;
  /** Where the line after the one `simpleLine` read starts. */
  next: number;
  /** Bytes of the strings of the entries read so far. */
  stringBytes: number;
}

/** `domain:type` split once per inventory; undefined for a kind without a domain (Sphinx skips those). */
function kindOf(kind: string, state: LineState): readonly [string, string] | undefined {
  if (state.map.has(kind)) return state.map.get(kind);
  const colon = kind.indexOf(':');
  const split = colon > 0 ? [kind.slice(0, colon), kind.slice(colon + 1)] as const : undefined;
  state.map.set(kind, split);
  return split;
}

/** The kind in `body[start, end)`: the last one again when its bytes are the same, without decoding them. */
function kindAt(body: SliceBuffer, start: number, end: number, state: LineState): readonly [string, string] | undefined {
  if (state.last && end - start === state.end - state.start) {
    let i = 0;
    while (start + i < end && body[start + i] === body[state.start + i]) i++;
    if (start + i === end) return state.last;
  }
  const kind = kindOf(body.latin1Slice(start, end), state);
  state.start = start;
  state.end = end;
  state.last = kind;
  return kind;
}

function entryOf(name: string, kind: readonly [string, string], priority: number, rawUri: string, rawDisplay: string): InventoryEntry {
  return {
    name,
    domain: kind[0],
    type: kind[1],
    priority,
    uri: rawUri.endsWith('$') ? rawUri.slice(0, -1) + name : rawUri,
    displayName: rawDisplay === '-' ? name : rawDisplay,
  };
}

/**
 * The line at `start` when it is the usual shape: ASCII words `name domain:type priority uri` one
 * space apart, then the title; undefined for anything else (`otherLine` reads it). Each string is
 * decoded from the bytes on its own, so no entry keeps the inflated text alive. The line's bytes
 * are read once: where it ends is found at the end of its title (`state.next`).
 */
function simpleLine(body: SliceBuffer, start: number, state: LineState): InventoryEntry | undefined {
  const length = body.length;
  const nameEnd = wordEnd(body, start, length);
  if (nameEnd < 0) return undefined;
  const kindEnd = wordEnd(body, nameEnd + 1, length);
  if (kindEnd < 0) return undefined;
  let i = kindEnd + 1;
  const negative = body[i] === 45 /* - */;
  if (negative) i++;
  const digits = i;
  let priority = 0;
  for (; i < length && body[i]! >= 48 && body[i]! <= 57; i++) priority = priority * 10 + body[i]! - 48;
  if (i === digits || body[i] !== 32) return undefined;
  const uriEnd = wordEnd(body, i + 1, length);
  // A title follows the URI, and starts with no space (nor a byte that may begin one).
  const titleStart = uriEnd + 1;
  if (uriEnd < 0 || titleStart >= length || body[titleStart]! <= 32 || body[titleStart]! >= 0x7f) return undefined;
  const kind = kindAt(body, nameEnd + 1, kindEnd, state);
  if (!kind) return undefined;
  let newline = titleStart + 1;
  while (newline < length && body[newline] !== 0x0a) newline++;
  const end = body[newline - 1] === 13 ? newline - 1 : newline;
  state.next = newline + 1;
  const name = body.latin1Slice(start, nameEnd);
  const expands = body[uriEnd - 1] === 36 /* $ */;
  const uri = expands ? body.latin1Slice(i + 1, uriEnd - 1) + name : body.latin1Slice(i + 1, uriEnd);
  const displayName = end - titleStart === 1 && body[titleStart] === 45 /* - */ ? name : body.utf8Slice(titleStart, end);
  state.stringBytes += flatStringBytes(name.length, false)
    + (expands ? flatStringBytes(uriEnd - 2 - i, false) + (uri.length >= 13 ? CONS_STRING_BYTES : 0) : flatStringBytes(uri.length, false))
    // Decoded UTF-8 with fewer characters than bytes held more than ASCII: counted as two-byte.
    + (displayName === name ? 0 : flatStringBytes(displayName.length, displayName.length !== end - titleStart));
  return { name, domain: kind[0], type: kind[1], priority: negative ? -priority : priority, uri, displayName };
}

/** Where the word starting at `start` ends at a space; -1 when it is empty, holds anything but printable ASCII (a line end too), or reaches `end`. */
function wordEnd(body: Buffer, start: number, end: number): number {
  let i = start;
  for (; i < end; i++) {
    const byte = body[i]!;
    if (byte === 32) break;
    if (byte < 32 || byte >= 0x7f) return -1;
  }
  return i === start || i === end ? -1 : i;
}

/** Any other line, read as Sphinx's pattern reads it (`splitInventoryLine`); its strings share the line, not the file. */
function otherLine(line: string, state: LineState): InventoryEntry | undefined {
  const fields = splitInventoryLine(line);
  if (!fields) return undefined;
  const [name, kind, priority, rawUri, rawDisplay] = fields;
  const split = kindOf(kind, state);
  // Sphinx skips `py:module` style entries without a domain, and the odd std:cmdline lines are kept as is.
  if (!split) return undefined;
  // The line, held whole by its fields (slices of it), counted as two-byte; each field a slice or a cons.
  state.stringBytes += flatStringBytes(line.length, true) + 3 * CONS_STRING_BYTES;
  return entryOf(name, split, Number(priority), rawUri, rawDisplay);
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
  let body: Buffer;
  try {
    body = inflateSync(buffer.subarray(offset), { maxOutputLength: INVENTORY_MAX_INFLATED_BYTES });
  } catch (error) {
    throw new InventoryFormatError(`the compressed body is unreadable (${errorDetail(error)})`);
  }
  const entries: InventoryEntry[] = [];
  const state: LineState = { map: new Map(), start: 0, end: 0, last: undefined, next: 0, stringBytes: 0 };
  const length = body.length;
  for (let start = 0; start < length;) {
    let entry = simpleLine(body as SliceBuffer, start, state);
    if (entry) {
      start = state.next;
    } else {
      let newline = start;
      while (newline < length && body[newline] !== 0x0a) newline++;
      entry = otherLine(body.toString('utf8', start, newline > start && body[newline - 1] === 13 ? newline - 1 : newline), state);
      start = newline + 1;
    }
    if (!entry) continue;
    if (entries.length === maxEntries) throw new InventoryFormatError(`more than ${maxEntries} entries`);
    entries.push(entry);
  }
  return { project: header[1].replace(/^# Project:\s?/, ''), version: header[2].replace(/^# Version:\s?/, ''), entries, stringBytes: state.stringBytes };
}
