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

/**
 * Bytes zlib writes into at a time: room for the whole text where the usual ratio (about 8 to 1)
 * allows, within 64 KiB and 4 MiB; each further piece costs one more copy of the text at the end.
 */
function inflateChunkBytes(compressedBytes: number): number {
  return Math.min(4 * 1024 * 1024, Math.max(64 * 1024, 16 * compressedBytes));
}

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

/** Below this length V8 copies a slice or a concatenation; from it, a slice points into its parent (`SlicedString::kMinLength`). */
const MIN_SLICE_LENGTH = 13;

/** Bytes of a sliced string (map, hash, length, parent, offset). */
const SLICED_STRING_BYTES = 32;

/**
 * What reading the inflated body carries from line to line. The body is read as Latin-1 (`text`:
 * one character per byte, so character and byte offsets agree): fields are slices of it, and only
 * a title holding other bytes is decoded as UTF-8 on its own. A plain object made by one literal:
 * its shape outlives a garbage collection, and the line reader's type feedback with it.
 */
interface LineState {
  readonly body: SliceBuffer;
  readonly text: string;
  /** `domain:type` of the kinds met so far, split (null: no domain). */
  readonly kinds: Map<string, readonly [domain: string, type: string] | null>;
  /** The last kind read, as written and split (entries come grouped by kind). */
  lastKind: string;
  lastSplit: readonly [string, string] | undefined;
  /** Bytes of the strings of the entries read so far. */
  stringBytes: number;
  /** Characters of the slices that point into `text` (the rest are copies). */
  slicedChars: number;
  /** Where the last search for a space stopped (`spaceFrom`). */
  nextSpace: number;
  /** The body four bytes at a time, from its first offset aligned for it (`wordsStart`). */
  readonly words: Int32Array;
  readonly wordsStart: number;
}

function lineStateOf(body: SliceBuffer): LineState {
  const wordsStart = (4 - (body.byteOffset & 3)) & 3;
  const words = new Int32Array(body.buffer, body.byteOffset + wordsStart, Math.max(0, body.length - wordsStart) >> 2);
  return { words, wordsStart, body, text: body.latin1Slice(0, body.length), kinds: new Map(), lastKind: '', lastSplit: undefined, stringBytes: 0, slicedChars: 0, nextSpace: -1 };
}

/** `domain:type` split once per inventory; undefined for a kind without a domain (Sphinx skips those). */
function kindOf(kind: string, state: LineState): readonly [string, string] | undefined {
  let split = state.kinds.get(kind);
  if (split === undefined) {
    const colon = kind.indexOf(':');
    split = colon > 0 ? [kind.slice(0, colon), kind.slice(colon + 1)] as const : null;
    state.kinds.set(kind, split);
  }
  return split ?? undefined;
}

/** The kind in `text[start, end)`: split once, then found again by its text (entries come grouped by kind). */
function kindAt(state: LineState, start: number, end: number): readonly [string, string] | undefined {
  const kind = state.text.slice(start, end);
  if (kind === state.lastKind) return state.lastSplit;
  state.lastKind = kind;
  state.lastSplit = kindOf(kind, state);
  return state.lastSplit;
}

/** Bytes of a slice of the text of `length` characters, noting what it keeps of the text. */
function slicedBytes(state: LineState, length: number): number {
  if (length < MIN_SLICE_LENGTH) return flatStringBytes(length, false);
  state.slicedChars += length;
  return SLICED_STRING_BYTES;
}

/** A title holding more than printable ASCII, decoded as UTF-8 on its own (counted as two-byte when it held more than ASCII). */
function decodedTitle(state: LineState, start: number, end: number): string {
  const title = state.body.utf8Slice(start, end);
  state.stringBytes += flatStringBytes(title.length, title.length !== end - start);
  return title;
}

/** The first space at or after `from` (the text's length when none): asked at rising positions, each stretch of the text is searched once. */
function spaceFrom(state: LineState, from: number): number {
  let found = state.nextSpace;
  if (found < from) {
    found = state.text.indexOf(' ', from);
    if (found < 0) found = state.text.length;
    state.nextSpace = found;
  }
  return found;
}

/** White space below 0x80 as Python's `str.isspace` says: tab to carriage return, 0x1c-0x1f, space. */
function isAsciiSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || (code >= 0x1c && code <= 0x1f);
}

/**
 * Whether the UTF-8 bytes of `body` before `end` are a white space character above 0x7f (U+0085,
 * U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), which `rstrip` drops too.
 */
function endsInUnicodeSpace(body: Buffer, start: number, end: number): boolean {
  const last = body[end - 1];
  if (end - start >= 2 && body[end - 2] === 0xc2) return last === 0x85 || last === 0xa0;
  if (end - start < 3) return false;
  const lead = body[end - 3];
  const middle = body[end - 2];
  if (lead === 0xe1) return middle === 0x9a && last === 0x80;
  if (lead === 0xe3) return middle === 0x80 && last === 0x80;
  if (lead !== 0xe2) return false;
  if (middle === 0x81) return last === 0x9f;
  return middle === 0x80 && ((last >= 0x80 && last <= 0x8a) || last === 0xa8 || last === 0xa9 || last === 0xaf);
}

/** Printable ASCII or a space. */
function isPlainByte(byte: number): boolean {
  return byte >= 0x20 && byte <= 0x7e;
}

/**
 * Whether `body[from, to)` holds only printable ASCII and spaces (else Sphinx's pattern may split it
 * elsewhere, or it must be decoded as UTF-8): four bytes at a time where they are aligned (a byte
 * below 0x20 or above 0x7e sets a top bit of the word), the bytes around them one by one.
 */
function isPlainRun(state: LineState, from: number, to: number): boolean {
  const { body, words, wordsStart } = state;
  let i = from;
  for (; i < to && ((i - wordsStart) & 3) !== 0; i++) if (!isPlainByte(body[i])) return false;
  for (; i + 4 <= to; i += 4) {
    const word = words[(i - wordsStart) >> 2];
    if ((((word - 0x20202020) & ~word) | ((word + 0x01010101) | word)) & 0x80808080) return false;
  }
  for (; i < to; i++) if (!isPlainByte(body[i])) return false;
  return true;
}

/**
 * The line `[start, end)` when it is the usual shape: `name domain:type priority uri` one space
 * apart, printable ASCII, then a title starting with a printable ASCII character; undefined for
 * anything else (`otherLine` reads it, as Sphinx's pattern would).
 */
function usualLine(state: LineState, start: number, end: number): InventoryEntry | undefined {
  const text = state.text;
  const nameEnd = spaceFrom(state, start);
  if (nameEnd === start || nameEnd >= end) return undefined;
  const kindEnd = spaceFrom(state, nameEnd + 1);
  if (kindEnd === nameEnd + 1 || kindEnd >= end) return undefined;
  let i = kindEnd + 1;
  const negative = text.charCodeAt(i) === 45 /* - */;
  if (negative) i++;
  const digits = i;
  let priority = 0;
  for (let code = text.charCodeAt(i); code >= 48 && code <= 57; code = text.charCodeAt(++i)) priority = priority * 10 + code - 48;
  if (i === digits || text.charCodeAt(i) !== 32) return undefined;
  const uriStart = i + 1;
  const uriEnd = spaceFrom(state, uriStart);
  // A title follows the URI, and starts with no space; all before it is printable ASCII.
  const titleStart = uriEnd + 1;
  if (uriEnd === uriStart || titleStart >= end || text.charCodeAt(titleStart) === 32 || !isPlainRun(state, start, titleStart + 1)) return undefined;
  const kind = kindAt(state, nameEnd + 1, kindEnd);
  if (!kind) return undefined;
  // Sphinx strips the end of each line before reading it (`line.rstrip()`): the title ends at its
  // last other character. ASCII white space is at most 0x20, so most lines cost one comparison.
  let titleEnd = end;
  let last = text.charCodeAt(end - 1);
  if (last <= 32) {
    while (titleEnd > titleStart && isAsciiSpace(last)) last = text.charCodeAt(--titleEnd - 1);
    if (titleEnd === titleStart) return undefined;
  }
  if (last > 0x7f && endsInUnicodeSpace(state.body, titleStart, titleEnd)) return undefined;
  const name = text.slice(start, nameEnd);
  let bytes = slicedBytes(state, nameEnd - start);
  let uri: string;
  if (text.charCodeAt(uriEnd - 1) === 36 /* $ */) {
    uri = text.slice(uriStart, uriEnd - 1) + name;
    bytes += slicedBytes(state, uriEnd - 1 - uriStart) + (uri.length < MIN_SLICE_LENGTH ? flatStringBytes(uri.length, false) : CONS_STRING_BYTES);
  } else {
    uri = text.slice(uriStart, uriEnd);
    bytes += slicedBytes(state, uriEnd - uriStart);
  }
  let displayName = name;
  if (titleEnd - titleStart !== 1 || text.charCodeAt(titleStart) !== 45 /* - */) {
    if (isPlainRun(state, titleStart + 1, titleEnd)) {
      displayName = text.slice(titleStart, titleEnd);
      bytes += slicedBytes(state, titleEnd - titleStart);
    } else {
      displayName = decodedTitle(state, titleStart, titleEnd);
    }
  }
  state.stringBytes += bytes;
  return { name, domain: kind[0], type: kind[1], priority: negative ? -priority : priority, uri, displayName };
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
 * Any other line, its end stripped of white space as Sphinx strips it, then read as Sphinx's
 * pattern reads it (`splitInventoryLine`); its strings share the line, not the body.
 */
function otherLine(state: LineState, start: number, end: number): InventoryEntry | undefined {
  const decoded = state.body.utf8Slice(start, end);
  let lineEnd = decoded.length;
  while (lineEnd > 0 && isSpace(decoded.charCodeAt(lineEnd - 1))) lineEnd--;
  const line = lineEnd === decoded.length ? decoded : decoded.slice(0, lineEnd);
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

/**
 * The entries with their strings copied out of the body, and what they take then (each string
 * counted as two-byte): for a body mostly of other lines, which its slices would keep alive.
 */
function detached(entries: readonly InventoryEntry[]): { entries: InventoryEntry[]; stringBytes: number } {
  const copy = (text: string) => (text.length < MIN_SLICE_LENGTH ? text : Buffer.from(text).toString());
  let stringBytes = 0;
  const copies = entries.map((entry) => {
    const name = copy(entry.name);
    const displayName = entry.displayName === entry.name ? name : copy(entry.displayName);
    stringBytes += flatStringBytes(name.length, true) + flatStringBytes(entry.uri.length, true) + (displayName === name ? 0 : flatStringBytes(displayName.length, true));
    return { ...entry, name, uri: copy(entry.uri), displayName };
  });
  return { entries: copies, stringBytes };
}

/** Characters of the body its entries' slices may keep alive for each one they use, besides a small body's. */
const MAX_BODY_PER_SLICED_CHAR = 4;
const SMALL_BODY_CHARS = 64 * 1024;

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
    body = inflateSync(buffer.subarray(offset), { maxOutputLength: INVENTORY_MAX_INFLATED_BYTES, chunkSize: inflateChunkBytes(buffer.length - offset) });
  } catch (error) {
    throw new InventoryFormatError(`the compressed body is unreadable (${errorDetail(error)})`);
  }
  const state = lineStateOf(body as SliceBuffer);
  const { text } = state;
  let entries: InventoryEntry[] = [];
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const entry = usualLine(state, start, end) ?? otherLine(state, start, end);
    start = end + 1;
    if (!entry) continue;
    if (entries.length === maxEntries) throw new InventoryFormatError(`more than ${maxEntries} entries`);
    entries.push(entry);
  }
  let stringBytes = state.stringBytes;
  if (state.slicedChars > 0) {
    // Slices keep the whole body alive: worth it while they use most of it, else they are copied out.
    if (text.length <= MAX_BODY_PER_SLICED_CHAR * state.slicedChars + SMALL_BODY_CHARS) stringBytes += flatStringBytes(text.length, false);
    else ({ entries, stringBytes } = detached(entries));
  }
  return { project: header[1].replace(/^# Project:\s?/, ''), version: header[2].replace(/^# Version:\s?/, ''), entries, stringBytes };
}
