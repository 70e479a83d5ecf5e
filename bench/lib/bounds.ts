// Bounded work on remote and folder data (DESIGN §10): how long the hostile and the largest
// accepted inputs take, and what the caps hold. Figures only; the tests assert the caps.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { InventoryIndex } from '../../src/core/inventory/inventoryIndex';
import { FileInventoryDiskCache, INVENTORY_DISK_ENTRY_MAX_BYTES, INVENTORY_DISK_MAX_ENTRIES, INVENTORY_DISK_TOTAL_BYTES, INVENTORY_MEMORY_BYTES, InventoryStore } from '../../src/core/inventory/inventoryStore';
import { MAX_COMPARED_NAMES } from '../../src/core/inventory/nearest';
import { type InventoryEntry, parseInventory } from '../../src/core/inventory/parse';
import { referenceAt } from '../../src/core/inventory/referenceAt';
import { resolveReference } from '../../src/core/inventory/resolve';
import { silentLogger } from '../../src/core/log';
import { MAX_REDIRECTS_FILE_ENTRIES, parseRedirectsFile } from '../../src/core/redirects/fileFormat';
import { parseSearchResponse } from '../../src/core/search/results';
import { parseGitRemotes } from '../../src/core/workspace/gitConfig';
import { readGitFile, readRepository } from '../../src/core/workspace/gitDirectory';
import { synthesise } from './inventory';
import { median, round } from './measure';

export interface BoundFigure { readonly figure: string; readonly value: string }

const MiB = 1024 * 1024;
/** Entries of Python's own objects.inv (Debian python3-doc): the large real inventory, synthesised. */
const PYTHON_ENTRIES = 15_595;

function inventoryOf(lines: readonly string[]): Buffer {
  const head = '# Sphinx inventory version 2\n# Project: Hostile\n# Version: 1\n# The remainder of this file is compressed using zlib.\n';
  return Buffer.concat([Buffer.from(head), deflateSync(Buffer.from(lines.join('\n')))]);
}

function timed<T>(run: () => T): [T, number] {
  const start = performance.now();
  const value = run();
  return [value, performance.now() - start];
}

async function timedAsync<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await run();
  return [value, performance.now() - start];
}

function heapMB(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed / MiB;
}

export async function runBounds(): Promise<BoundFigure[]> {
  const figures: BoundFigure[] = [];
  const add = (figure: string, value: string) => figures.push({ figure, value });
  inventories(add);
  suggestions(add);
  await memory(add);
  search(add);
  redirects(add);
  await git(add);
  return figures;
}

function inventories(add: (figure: string, value: string) => void): void {
  const spaces = inventoryOf([`a${' '.repeat(MiB)}b std:label -1 page.html#x X`]);
  const [parsed, spacesMs] = timed(() => parseInventory(spaces));
  add('objects.inv: a 1 MiB line, a name holding 1 MiB of spaces', `${round(spacesMs)} ms (${parsed.entries.length} entry)`);
  const words = inventoryOf([`${'a '.repeat(MiB / 2)}`]);
  add('objects.inv: a 1 MiB line of 524,288 one-letter words, no entry', `${round(timed(() => parseInventory(words))[1])} ms`);
  const sphinx = /^(.+?)\s+(\S+)\s+(-?\d+)\s+?(\S*)\s+(.*)$/;
  const [, patternMs] = timed(() => sphinx.exec(`a${' '.repeat(20_000)}b std:label -1 page.html#x X`));
  add("  for comparison: Sphinx's line pattern on 20,000 spaces (not used)", `${round(patternMs)} ms (quadratic: a 1 MiB run would take hours)`);
  const python = synthesise(PYTHON_ENTRIES);
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push(timed(() => new InventoryIndex(parseInventory(python), 'https://example.org/'))[1]);
  add(`objects.inv: ${PYTHON_ENTRIES} entries (Python's size), parse + index`, `${round(median(runs))} ms (median of 5), ${round(python.length / 1024)} KiB compressed`);
}

function suggestions(add: (figure: string, value: string) => void): void {
  const perInventory = 250_000;
  const named = new Map<string, InventoryIndex>();
  for (let n = 0; n < 4; n++) {
    const entries: InventoryEntry[] = Array.from({ length: perInventory }, (_, i) => {
      const name = `pkg${n}.module${i % 211}.function_${i}`;
      return { name, domain: 'py', type: 'function', priority: 1, uri: `api.html#${name}`, displayName: name };
    });
    named.set(`inv${n}`, new InventoryIndex({ project: `P${n}`, version: '1', entries }, `https://p${n}.example/`));
  }
  const set = { own: undefined, named };
  const resolve = (i: number) => {
    const target = `pkg${i % 4}.module${i % 211}.function_${i * 997}x`;
    const reference = referenceAt(`:func:\`${target}\``, 8, 'restructuredtext');
    return resolveReference(reference!, set, undefined);
  };
  const [, firstMs] = timed(() => resolve(0));
  const warm: number[] = [];
  for (let i = 1; i <= 50; i++) warm.push(timed(() => resolve(i))[1]);
  const found = resolve(3);
  add('did you mean: 1,000,000 names (4 inventories), first reference (sorts the names once)', `${round(firstMs)} ms`);
  add('did you mean: 1,000,000 names, each later reference', `${round(median(warm), 2)} ms (median of 50; at most ${MAX_COMPARED_NAMES} names compared); e.g. ${found?.kind === 'unresolved' ? found.nearest[0] : '?'}`);
}

async function memory(add: (figure: string, value: string) => void): Promise<void> {
  const bytes = synthesise(PYTHON_ENTRIES);
  const store = new InventoryStore({ fetchFile: async () => ({ status: 'ok', bytes, validators: {} }), logger: silentLogger });
  const before = heapMB();
  const count = 40;
  for (let i = 0; i < count; i++) await store.get(`https://docs${i}.example/en/latest/`);
  const held = store.heldBytes;
  const after = heapMB();
  const one = new InventoryIndex(parseInventory(bytes), 'https://x.example/').heldBytes;
  add(`memory: ${count} inventories of Python's size, cap ${INVENTORY_MEMORY_BYTES / MiB} MB`, `${Math.floor(held / one)} held (${round(held / MiB)} MB estimated, ${round(one / MiB, 1)} MB each), ${count - Math.floor(held / one)} dropped, the oldest first`);
  add('memory: heap after them', `${round(after - before)} MB more than before${global.gc ? '' : ' (no --expose-gc: rough)'}`);
  // The disk cache between sessions: its caps in bytes and entries, kept as it writes.
  const dir = mkdtempSync(join(tmpdir(), 'rtd-bench-inventories-'));
  try {
    const disk = new FileInventoryDiskCache(dir);
    const written = Math.ceil((1.5 * INVENTORY_DISK_TOTAL_BYTES) / bytes.length);
    const started = performance.now();
    for (let i = 0; i < written; i++) await disk.write(`https://docs${i}.example/en/latest/`, { status: 'ok', bytes, validators: {} });
    const ms = performance.now() - started;
    const files = readdirSync(dir).filter((name) => name.endsWith('.inv'));
    const onDisk = files.reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
    add(`disk: ${written} inventories of Python's size written (caps ${INVENTORY_DISK_ENTRY_MAX_BYTES / MiB} MB an entry, ${INVENTORY_DISK_TOTAL_BYTES / MiB} MB and ${INVENTORY_DISK_MAX_ENTRIES} entries in all)`,
      `${files.length} held, ${round(onDisk / MiB, 1)} MB on disk, the oldest dropped; ${round(ms / written, 2)} ms a write`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function search(add: (figure: string, value: string) => void): void {
  const result = (i: number) => ({ type: 'page', project: { slug: 'widgets' }, version: { slug: 'latest' }, title: `Page ${i}`, domain: 'https://widgets.readthedocs.io', path: `/en/latest/p${i}.html`, highlights: { title: [`<span>Page</span> ${i}`] }, blocks: [1, 2, 3].map((b) => ({ type: 'section', id: `s${b}`, title: `Section ${b}`, content: 'text', highlights: { content: [`some <span>match</span> in section ${b}`] } })) });
  const normal = { count: 30, results: Array.from({ length: 30 }, (_, i) => result(i)) };
  const runs: number[] = [];
  for (let i = 0; i < 20; i++) runs.push(timed(() => parseSearchResponse(normal))[1]);
  add('search: a page of 30 results, 3 sections each', `${round(median(runs), 2)} ms (median of 20)`);
  const blocks = Array.from({ length: 100 }, (_, i) => ({ type: 'section', id: `s${i}`, title: 'T'.repeat(MiB), highlights: { content: [`${'<span>'.repeat(100_000)}deep`] } }));
  const hostile = { count: 1, results: Array.from({ length: 1000 }, (_, i) => ({ ...result(i), blocks })) };
  const [page, hostileMs] = timed(() => parseSearchResponse(hostile));
  add('search: 1,000 results × 100 sections with 1 MiB titles and 100,000-deep highlights', `${round(hostileMs)} ms, ${page.hits.length} hits kept`);
}

function redirects(add: (figure: string, value: string) => void): void {
  const entry = (i: number, pad: number) => `- type: page\n  from_url: /old/${i}.html\n  to_url: /new/${i}.html\n  description: ${'d'.repeat(pad)}\n`;
  const small = Array.from({ length: MAX_REDIRECTS_FILE_ENTRIES }, (_, i) => entry(i, 10)).join('');
  const [parsed, smallMs] = timed(() => parseRedirectsFile(small));
  add(`redirects file: ${MAX_REDIRECTS_FILE_ENTRIES} entries, ${round(small.length / MiB, 1)} MB`, `${round(smallMs)} ms (${parsed.entries.length} entries)`);
  const big = Array.from({ length: MAX_REDIRECTS_FILE_ENTRIES }, (_, i) => entry(i, 960)).join('');
  const [bigParsed, bigMs] = timed(() => parseRedirectsFile(big));
  add(`redirects file: ${MAX_REDIRECTS_FILE_ENTRIES} entries, ${round(big.length / MiB, 1)} MB (just under the 10 MB cap)`, `${round(bigMs)} ms (${bigParsed.entries.length} entries)`);
  const over = `${big}${'#'.repeat(MiB)}\n`;
  add('redirects file: over 10 MB (refused before parsing)', `${round(timed(() => parseRedirectsFile(over))[1], 2)} ms`);
  const tooMany = small + entry(MAX_REDIRECTS_FILE_ENTRIES, 10);
  add(`redirects file: ${MAX_REDIRECTS_FILE_ENTRIES + 1} entries (refused after parsing)`, `${round(timed(() => parseRedirectsFile(tooMany))[1])} ms`);
}

async function git(add: (figure: string, value: string) => void): Promise<void> {
  const remotes = Array.from({ length: 10_000 }, (_, i) => `[remote "r${i}"]\n\turl = https://github.com/example-org/repository-${i}.git\n\tfetch = +refs/heads/*:refs/remotes/r${i}/*\n`).join('');
  const config = remotes.slice(0, MiB - 200);
  const [parsed, configMs] = timed(() => parseGitRemotes(config));
  add(`.git/config: ${round(config.length / MiB, 2)} MB, ${parsed.length} remotes`, `${round(configMs)} ms`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-git-'));
  try {
    execFileSync('git', ['init', '-q', '-b', 'main', dir]);
    writeFileSync(join(dir, '.git', 'config'), config);
    add('.git/config of 1 MB, read from disk and parsed (readRepository)', `${round((await timedAsync(() => readRepository(dir)))[1])} ms`);
    writeFileSync(join(dir, '.git', 'config'), `${config}${'#'.repeat(MiB)}\n`);
    add('.git/config over 1 MB (refused unread)', `${round((await timedAsync(() => readGitFile(join(dir, '.git', 'config'))))[1], 2)} ms`);
    rmSync(join(dir, '.git', 'HEAD'));
    execFileSync('mkfifo', [join(dir, '.git', 'HEAD')]);
    add('.git/HEAD a FIFO (refused, no wait)', `${round((await timedAsync(() => readGitFile(join(dir, '.git', 'HEAD'))))[1], 2)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
