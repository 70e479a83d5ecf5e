// Debian's chromium driven by playwright-core (never `playwright install`: it downloads a
// browser). Used to open the code-server workbench for tests, screenshots and checks.
import { format } from 'node:util';
import { onCleanup } from './processes.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches chromium (a fresh temporary profile each time); closed at cleanup. */
export async function launchChromium({ executablePath, headless = true }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, headless, args: CHROMIUM_ARGS });
  onCleanup('chromium', () => browser.close());
  return browser;
}

/**
 * Opens `url` in a new page of a new browser context. `beforeGoto(page)` runs first (for
 * `page.exposeFunction`). Console messages reach `onConsole(text, type)` formatted the way a
 * terminal would show them.
 */
export async function openWorkbench(browser, url, { viewport = { width: 1440, height: 900 }, onConsole, beforeGoto } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  if (onConsole) {
    page.on('console', (message) => {
      void formatConsoleMessage(message).then((text) => onConsole(text, message.type()));
    });
    page.on('pageerror', (error) => onConsole(`page error: ${error.message}`, 'error'));
  }
  if (beforeGoto) await beforeGoto(page);
  await page.goto(url);
  return page;
}

/** Waits until the workbench is on screen (activity bar rendered). */
export async function waitForWorkbench(page, timeout = 60_000) {
  await page.waitForSelector('.monaco-workbench .part.activitybar', { timeout });
}

/**
 * VS Code logs as `console.log('%c INFO', 'color: #33f', message, ...args)`. Drop the `%c`
 * styling and apply the remaining printf-style format (mocha uses `%s`, `%d`).
 */
async function formatConsoleMessage(message) {
  let args;
  try {
    args = await Promise.all(message.args().map((arg) => arg.jsonValue()));
  } catch {
    return message.text();
  }
  if (args.length === 0) return message.text();
  if (typeof args[0] === 'string' && args[0].includes('%c')) {
    const styles = (args[0].match(/%c/g) ?? []).length;
    const label = args[0].replaceAll('%c', '').trim();
    const rest = args.slice(1 + styles);
    return `${label ? `${label} ` : ''}${format(...rest)}`;
  }
  return format(...args);
}
