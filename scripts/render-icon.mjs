#!/usr/bin/env node
// Renders media/icon/icon.svg (the source) into media/icon.png, the 256×256 Marketplace icon,
// with Debian's chromium through playwright-core (the browser the tests already use).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  await writeFile(join(root, 'media', 'icon.png'), png);
  console.log(`media/icon.png: ${SIZE}×${SIZE}, ${png.length} bytes`);
} finally {
  await browser.close();
}
