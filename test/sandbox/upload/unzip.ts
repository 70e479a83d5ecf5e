// A small zip reader (central directory, stored and deflate entries) for the sandbox's uploaded builds and the tests.

import { inflateRawSync } from 'node:zlib';

export interface UnzippedEntry { name: string; data: Buffer }

/** The entries of a zip, or undefined when it is not one the sandbox can read (what the builder's `unzip` would refuse). */
export function unzip(zip: Buffer, maxBytes = 1024 * 1024 * 1024): UnzippedEntry[] | undefined {
  try {
    let end = -1;
    for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at--) {
      if (zip.readUInt32LE(at) === 0x06054b50) { end = at; break; }
    }
    if (end < 0) return undefined;
    const count = zip.readUInt16LE(end + 10);
    let at = zip.readUInt32LE(end + 16);
    const entries: UnzippedEntry[] = [];
    let total = 0;
    for (let i = 0; i < count; i++) {
      if (zip.readUInt32LE(at) !== 0x02014b50) return undefined;
      const method = zip.readUInt16LE(at + 10);
      const compressed = zip.readUInt32LE(at + 20);
      const size = zip.readUInt32LE(at + 24);
      const nameLength = zip.readUInt16LE(at + 28);
      const extra = zip.readUInt16LE(at + 30);
      const comment = zip.readUInt16LE(at + 32);
      const local = zip.readUInt32LE(at + 42);
      const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
      at += 46 + nameLength + extra + comment;
      if (zip.readUInt32LE(local) !== 0x04034b50) return undefined;
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const raw = zip.subarray(start, start + compressed);
      total += size;
      if (total > maxBytes) return undefined;
      const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : undefined;
      if (!data || data.length !== size) return undefined;
      entries.push({ name, data });
    }
    return entries;
  } catch {
    return undefined;
  }
}
