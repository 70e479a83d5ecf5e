/**
 * Writes a zip of files to one file in one pass (memory does not grow with the site): a local
 * header with bit 3 set, the data through raw deflate, a data descriptor with its CRC-32 and
 * sizes, then the central directory. No zip64: an upload is at most 1 GiB and 65 535 entries
 * (`collectArtifacts`). Names are UTF-8 (bit 11).
 * Each file is opened once and checked on that handle against the plan (the same file, the same
 * size), then exactly its planned bytes are read: a file replaced, grown or shrunk since refuses
 * the zip. A page (up to `WHOLE_FILE_BYTES`) is read and deflated synchronously in one call, in
 * slices of `SLICE_MS` (a promise per file operation cost ten times the CPU of the work: 65 535
 * pages took half a minute); larger files are streamed.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { l10n } from '../l10n';
import { formatBytes } from '../util/byteSize';
import { PreflightError, type ZipEntry } from './artifacts';

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const FLAGS = 0x0808; // data descriptor, UTF-8 names
const DEFLATE = 8;
const VERSION = 20;
const LEVEL = 6;

/** Files up to this size are read whole and deflated in one call (about a millisecond at most); larger ones are streamed. */
const WHOLE_FILE_BYTES = 64 * 1024;
/** A streamed file is read this much at a time. */
const CHUNK_BYTES = 256 * 1024;
/** What is written goes to the file once this much is pending. */
const WRITE_BYTES = 1024 * 1024;
/** Whole files are zipped for at most this long before the extension host goes on. */
const SLICE_MS = 8;
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export interface ZipProgress {
  /** Bytes of the files read so far, of the total. */
  (read: number, total: number): void;
}

/** Writes `entries` to `outPath`; returns the zip's size. Cancelled through `signal` (the file is left for the caller to remove). */
export async function writeZip(entries: readonly ZipEntry[], outPath: string, signal?: AbortSignal, onProgress?: ZipProgress): Promise<number> {
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  const file = await open(outPath, 'w');
  const central: Buffer[] = [];
  let offset = 0;
  let read = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const buffer = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await file.write(buffer);
  };
  const write = async (buffer: Buffer) => {
    pending.push(buffer);
    pendingBytes += buffer.length;
    offset += buffer.length;
    if (pendingBytes >= WRITE_BYTES) await flush();
  };
  let sliceStart = performance.now();
  try {
    for (const entry of entries) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      signal?.throwIfAborted();
      const name = Buffer.from(entry.name, 'utf8');
      const headerAt = offset;
      const { time, date } = dosTime(new Date());
      let crc = 0;
      let size = 0;
      let compressed = 0;
      if (entry.size <= WHOLE_FILE_BYTES) {
        const data = readWholeAsPlanned(entry);
        crc = crc32(data);
        size = data.length;
        read += size;
        onProgress?.(read, total);
        const deflated = deflateRawSync(data, { level: LEVEL });
        compressed = deflated.length;
        await write(localHeader(name, time, date));
        await write(deflated);
      } else {
        await write(localHeader(name, time, date));
        const source = await openAsPlanned(entry);
        try {
          await pipeline(
            plannedBytes(source, entry),
            async function* (chunks: AsyncIterable<Buffer>) {
              for await (const chunk of chunks) {
                crc = crc32(chunk, crc);
                size += chunk.length;
                read += chunk.length;
                onProgress?.(read, total);
                yield chunk;
              }
            },
            createDeflateRaw({ level: LEVEL }),
            async (deflated: AsyncIterable<Buffer>) => {
              for await (const chunk of deflated) {
                compressed += chunk.length;
                await write(chunk);
              }
            },
            { signal },
          );
        } finally {
          await source.close();
        }
      }
      await write(descriptor(crc >>> 0, compressed, size));
      central.push(centralHeader(name, time, date, crc >>> 0, compressed, size, headerAt));
    }
    const centralAt = offset;
    await write(Buffer.concat(central));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    end.writeUInt16LE(central.length, 8);
    end.writeUInt16LE(central.length, 10);
    end.writeUInt32LE(offset - centralAt, 12);
    end.writeUInt32LE(centralAt, 16);
    await write(end);
    await flush();
    return offset;
  } finally {
    await file.close();
  }
}

/** The data descriptor after an entry's data (bit 3): its CRC-32 and sizes. */
function descriptor(crc: number, compressed: number, size: number): Buffer {
  const bytes = Buffer.alloc(16);
  bytes.writeUInt32LE(DESCRIPTOR, 0);
  bytes.writeUInt32LE(crc, 4);
  bytes.writeUInt32LE(compressed, 8);
  bytes.writeUInt32LE(size, 12);
  return bytes;
}

/** Refused unless `info` is the file listed, of its size. */
function checkPlanned(entry: ZipEntry, info: { isFile(): boolean; readonly dev: number; readonly ino: number; readonly size: number }): void {
  if (!info.isFile() || info.dev !== entry.dev || info.ino !== entry.ino) throw changedSincePlan(entry, undefined);
  if (info.size !== entry.size) throw changedSincePlan(entry, info.size);
}

/**
 * A small file's planned bytes, opened once (a FIFO put in its place never blocks the open),
 * checked on that descriptor, read with one byte to spare: more than planned refuses it.
 */
function readWholeAsPlanned(entry: ZipEntry): Buffer {
  let fd: number;
  try {
    fd = openSync(entry.path, OPEN_FLAGS);
  } catch {
    throw changedSincePlan(entry, undefined);
  }
  try {
    checkPlanned(entry, fstatSync(fd));
    const buffer = Buffer.allocUnsafe(entry.size + 1);
    let filled = 0;
    for (let got = -1; got !== 0 && filled < buffer.length; filled += got) got = readSync(fd, buffer, filled, buffer.length - filled, filled);
    if (filled !== entry.size) throw changedSincePlan(entry, filled > entry.size ? fstatSync(fd).size : filled);
    return buffer.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

/** A larger file, opened once and checked on its handle as `readWholeAsPlanned` does. */
async function openAsPlanned(entry: ZipEntry): Promise<FileHandle> {
  const handle = await open(entry.path, OPEN_FLAGS).catch(() => undefined);
  if (!handle) throw changedSincePlan(entry, undefined);
  try {
    checkPlanned(entry, await handle.stat());
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Exactly the planned bytes of the open file: one that ends early or holds more by the end refuses the zip. */
async function* plannedBytes(handle: FileHandle, entry: ZipEntry): AsyncGenerator<Buffer> {
  let position = 0;
  while (position < entry.size) {
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, entry.size - position));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) throw changedSincePlan(entry, position);
    position += bytesRead;
    yield bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
  }
  const { bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, position);
  if (bytesRead !== 0) throw changedSincePlan(entry, (await handle.stat()).size);
}

/** The refusal of a file that is not what the plan showed (another file, or `size` bytes now). */
function changedSincePlan(entry: ZipEntry, size: number | undefined): PreflightError {
  return new PreflightError('changed', size === undefined
    ? l10n.t('{0} changed after the plan was shown (it is no longer the file that was listed): nothing was sent. Build again, then upload.', entry.name)
    : l10n.t('{0} changed after the plan was shown (from {1} to {2}): nothing was sent. Build again, then upload.', entry.name, formatBytes(entry.size), formatBytes(size)));
}

function localHeader(name: Buffer, time: number, date: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  // CRC and sizes follow the data (bit 3).
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralHeader(name: Buffer, time: number, date: number, crc: number, compressed: number, size: number, offset: number): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL, 0);
  header.writeUInt16LE(0x0300 | VERSION, 4); // made by Unix
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(compressed, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

function dosTime(when: Date): { time: number; date: number } {
  return {
    time: (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2),
    date: ((Math.max(1980, when.getFullYear()) - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate(),
  };
}
