// The upload's pre-flight and zip listing for the scaling suite (bench/lib/scalingCases.ts lists
// the cases): built sites made on disk from a count, in a temporary folder removed when the
// process ends, and the calls as Upload Local Build… makes them.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectArtifacts } from '../../src/core/upload/artifacts';

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
function site(fill: (html: string) => void): SiteOnDisk {
  const folder = mkdtempSync(join(tmpdir(), 'rtd-bench-upload-'));
  made.push(folder);
  const html = join(folder, 'docs', '_build', 'html');
  mkdirSync(html, { recursive: true });
  writeFileSync(join(html, 'index.html'), '<h1>Home</h1>');
  fill(html);
  return { folder, html };
}

/** `count` small pages in one folder. */
export const flatSite = (count: number) => site((html) => {
  for (let i = 0; i < count; i++) writeFileSync(join(html, `page-${i}.html`), 'p');
});

/** `count` small pages, 256 to a folder (the shape of a large API reference). */
export const sectionedSite = (count: number) => site((html) => {
  for (let i = 0; i < count; i++) {
    const dir = join(html, `s${i >> 8}`);
    if ((i & 255) === 0) mkdirSync(dir);
    writeFileSync(join(dir, `p${i}.html`), 'p');
  }
});

/** Folders `depth` levels deep, one page in each. */
export const deepSite = (depth: number) => site((html) => {
  let dir = html;
  for (let i = 0; i < depth; i++) {
    dir = join(dir, 'd');
    mkdirSync(dir);
    writeFileSync(join(dir, 'p.html'), 'p');
  }
});

/** `count` pages whose names are 255 bytes long (the most a Linux file name holds). */
export const longNamedSite = (count: number) => site((html) => {
  for (let i = 0; i < count; i++) {
    const stem = `page-${i}-`;
    writeFileSync(join(html, `${stem}${'n'.repeat(255 - stem.length - 5)}.html`), 'p');
  }
});

/** `count` links, each to one folder of the output holding one page. */
export const folderLinksSite = (count: number) => site((html) => {
  mkdirSync(join(html, 'z'));
  writeFileSync(join(html, 'z', 'p.html'), 'p');
  for (let i = 0; i < count; i++) symlinkSync('z', join(html, `a${i}`));
});

/** Upload Local Build…'s pre-flight: the listing of what would be zipped. */
export const preflight = async (site: SiteOnDisk) => (await collectArtifacts({ folder: site.folder, html: site.html })).length;
