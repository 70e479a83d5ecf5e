// The upload's pre-flight and zip listing for the scaling suite (bench/lib/scalingCases.ts lists
// the cases): built sites made on disk from a count, in a temporary folder removed when the
// process ends, and the calls as Upload Local Build… makes them. Pages are hard links of a few pages
// (each a name of its own to list and stat; made 20× faster than written files, so 65,535 of them
// fit the suite's time limit).

import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ZipEntry, collectArtifacts, zipNameProblem } from '../../src/core/upload/artifacts';
import { listingOf, planWords } from '../../src/core/upload/plan';
import { writeZip } from '../../src/core/upload/zipWriter';

/** A site as the pre-flight gets it: the workspace folder and its HTML output. */
export interface SiteOnDisk {
  readonly folder: string;
  readonly html: string;
}

const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A workspace folder with `docs/_build/html/index.html`, the rest of the site added by `fill(html)`. */
function site(fill: (page: (path: string) => void, html: string) => void): SiteOnDisk {
  const folder = mkdtempSync(join(tmpdir(), 'rtd-bench-upload-'));
  made.push(folder);
  const html = join(folder, 'docs', '_build', 'html');
  mkdirSync(html, { recursive: true });
  writeFileSync(join(html, 'index.html'), '<h1>Home</h1>');
  let links = 0;
  let page = '';
  fill((path) => {
    // ext4 holds at most 65,000 links to one file.
    if (links++ % 32_768 === 0) writeFileSync(page = join(folder, `page-${links}.html`), '<p>A page.</p>');
    linkSync(page, path);
  }, html);
  return { folder, html };
}

/** `count` small pages in one folder. */
export const flatSite = (count: number) => site((page, html) => {
  for (let i = 0; i < count; i++) page(join(html, `page-${i}.html`));
});

/** `count` small pages, 256 to a folder (the shape of a large API reference). */
export const sectionedSite = (count: number) => site((page, html) => {
  for (let i = 0; i < count; i++) {
    const dir = join(html, `s${i >> 8}`);
    if ((i & 255) === 0) mkdirSync(dir);
    page(join(dir, `p${i}.html`));
  }
});

/** Folders `depth` levels deep, one page in each. */
export const deepSite = (depth: number) => site((page, html) => {
  let dir = html;
  for (let i = 0; i < depth; i++) {
    dir = join(dir, 'd');
    mkdirSync(dir);
    page(join(dir, 'p.html'));
  }
});

/** `count` pages whose names are 255 bytes long (the most a Linux file name holds). */
export const longNamedSite = (count: number) => site((page, html) => {
  for (let i = 0; i < count; i++) {
    const stem = `page-${i}-`;
    page(join(html, `${stem}${'n'.repeat(255 - stem.length - 5)}.html`));
  }
});

/** `count` links, each to one folder of the output holding one page. */
export const folderLinksSite = (count: number) => site((page, html) => {
  mkdirSync(join(html, 'z'));
  page(join(html, 'z', 'p.html'));
  for (let i = 0; i < count; i++) symlinkSync('z', join(html, `a${i}`));
});

/** Upload Local Build…'s pre-flight: the listing of what would be zipped. */
export const preflight = async (site: SiteOnDisk) => (await collectArtifacts({ folder: site.folder, html: site.html })).length;

/** The pre-flight, then the zip (Upload Local Build… writes it to a temporary folder; here beside the site). */
export const preflightAndZip = async (site: SiteOnDisk) => writeZip(await collectArtifacts({ folder: site.folder, html: site.html }), join(site.folder, 'artifacts.zip'));

/** `count` zip entries as the pre-flight lists them, every tenth a dotfile or a key (each named in the plan). */
export const listedEntries = (count: number): ZipEntry[] => Array.from({ length: count }, (_, i) => ({
  name: i % 10 === 0 ? `html/.well-known/k${i}.pem` : `html/s${i >> 8}/page-${i}.html`, path: `/site/${i}`, size: 1_000 + i, dev: 1, ino: i,
}));

/** Entries whose names are `chars` long (a zip name holds 64 KB), each name many parts deep. */
export const longEntryNames = (chars: number): ZipEntry[] => Array.from({ length: 8 }, (_, i) => ({
  name: `html/${'part/'.repeat(Math.floor(chars / 5))}.p${i}`, path: `/site/${i}`, size: 1, dev: 1, ino: i,
}));

/** The plan of an upload: what the zip holds (`listingOf`), every name checked as a zip reader reads it, and the plan's words. */
export const zipListing = (entries: readonly ZipEntry[]) => {
  for (const entry of entries) zipNameProblem(entry.name);
  return planWords({ project: 'bench', target: { name: 'main', type: 'branch', label: 'branch main' }, commit: 'c'.repeat(40), dirty: false, htmlFolder: 'docs/_build/html', ...listingOf(entries) }).detail.length;
};
