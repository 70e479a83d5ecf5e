#!/usr/bin/env node
// Renders media/icon/icon.svg (the source) into media/icon.png, the 256×256 Marketplace icon,
// with Debian's chromium through playwright-core (the browser the tests already use), then
// optimised: the .vsix stores a PNG as it is (its pixels are already compressed), and chromium's
// 32-bit PNG of these few flat colours is 10 KB. pngquant's 256-colour palette (no dithering)
// differs from it by at most 4/255 in any channel once composited, and zopflipng recompresses it:
// about 4 KB. Needs `apt-get install pngquant zopfli`.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { root } from './lib/paths.mjs';

const SIZE = 256;
const svg = await readFile(join(root, 'media', 'icon', 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const png = await page.locator('svg').screenshot({ omitBackground: true });
  const bytes = await optimised(png);
  await writeFile(join(root, 'media', 'icon.png'), bytes);
  console.log(`media/icon.png: ${SIZE}×${SIZE}, ${bytes.length} bytes (${png.length} as rendered)`);
} finally {
  await browser.close();
}

/** The rendered PNG as a 256-colour palette PNG, recompressed. */
async function optimised(png) {
  const run = promisify(execFile);
  const dir = await mkdtemp(join(tmpdir(), 'readthedocs-icon-'));
  try {
    const [rendered, palette, small] = ['rendered.png', 'palette.png', 'small.png'].map((name) => join(dir, name));
    await writeFile(rendered, png);
    await run('pngquant', ['256', '--speed', '1', '--nofs', '--output', palette, rendered]);
    await run('zopflipng', ['-y', '-m', palette, small]);
    return await readFile(small);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
