#!/usr/bin/env node
// `npm run screenshots`: drives the browser-based VS Code (code-server, demo mode: sandbox data,
// signed in) through the main journeys with Playwright and writes PNGs to media/readme/.
// Each journey is a small function; one whose command is not contributed yet is skipped with a
// warning. The tree journey is required: if it fails, the script exits non-zero.
// Usage: npm run screenshots [-- <journey> ...]   (default: all; names listed below)
// Environment: READTHEDOCS_SCREENSHOTS_HEADED=1 shows the browser (needs a display);
//              READTHEDOCS_VSCODE_TEST_VERBOSE=1 prints code-server's and the workbench's logs.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, openWorkbench } from './lib/browser.mjs';
import { buildExtension } from './lib/build.mjs';
import { startDemoWorkbench } from './lib/demo-env.mjs';
import { root, screenshotsDir } from './lib/paths.mjs';
import { cleanupAll } from './lib/processes.mjs';
import { startSandbox } from './lib/sandbox.mjs';
import { Skip, Workbench } from './lib/workbench.mjs';

const verbose = process.env.READTHEDOCS_VSCODE_TEST_VERBOSE === '1';
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8'));
/** A manifest string as the workbench shows it (`%key%` from package.nls.json). */
const english = (value) => (typeof value === 'string' ? value.replace(/^%([^%]+)%$/, (whole, key) => nls[key] ?? whole) : value);
const commands = new Map((manifest.contributes?.commands ?? []).map((c) => [c.command, c.category ? `${english(c.category)}: ${english(c.title)}` : english(c.title)]));
const VIEW_CONTAINER = english(manifest.contributes?.viewsContainers?.activitybar?.[0]?.title) ?? 'Read the Docs';
const png = (name) => join(screenshotsDir, `${name}.png`);
/** Outside the clone: `npm test` (esbuild --tests) empties out/ while this runs. */
const failedDir = join(tmpdir(), 'readthedocs-vscode-screenshots-failed');

/** Palette title of a contributed command; Skip when the manifest does not have it yet. */
function title(id) {
  const found = commands.get(id);
  if (!found) throw new Skip(`command ${id} is not contributed yet`);
  return found;
}

// --- journeys ------------------------------------------------------------------------------
// Each gets the Workbench and writes one or more PNGs. Add new ones here.

const journeys = [
  {
    name: 'tree',
    required: true,
    /** The projects tree with a project expanded down to its versions and builds. */
    async run(wb) {
      await wb.openViewContainer(VIEW_CONTAINER);
      await wb.waitForTreeRows(30_000);
      await wb.waitForTreeIdle();
      const project = wb.page.locator('.part.sidebar .monaco-list-row[role=treeitem][aria-level="1"][aria-expanded]').first();
      if (!(await project.count())) throw new Error('the tree shows no expandable project (signed in? sandbox data?)');
      await wb.expand(project);
      for (const group of ['Versions', 'Builds']) {
        const row = wb.treeRows(group).and(wb.page.locator('[aria-level="2"]')).first();
        if (await row.count()) await wb.expand(row);
      }
      await wb.waitForTreeIdle();
      await wb.screenshot(png('tree'));
    },
  },
  {
    name: 'build',
    /** Triggering a build from the palette (spinner in the tree), then the notification when it ends. */
    async run(wb) {
      await wb.runCommand(title('readthedocs.triggerBuild'));
      await wb.acceptQuickPicks(3); // project, then version
      await wb.page.locator('.part.sidebar .monaco-list-row .codicon-modifier-spin').first()
        .waitFor({ state: 'visible', timeout: 15_000 })
        .catch(() => console.warn('  build: no spinning build in the tree (is its Builds folder open?)'));
      await wb.screenshot(png('build-triggered'));
      await wb.waitForNotification(/succeeded|passed|failed|cancelled|finished/i, 120_000);
      await wb.screenshot(png('build-finished'));
    },
  },
  {
    name: 'redirect',
    /** The redirect input with client-side validation. */
    async run(wb) {
      await wb.runCommand(title('readthedocs.createRedirect'));
      // Pick the project (and redirect type) until the free-text input shows.
      await wb.acceptQuickPicks(3, 5_000);
      const input = wb.page.locator('.quick-input-widget:visible .quick-input-box input');
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      await input.pressSequentially('old-page.html', { delay: 20 });
      await wb.page.waitForTimeout(500);
      await wb.screenshot(png('redirect-input'));
      await wb.dismiss();
    },
  },
  {
    name: 'hover',
    /** Hovering a docs link shows the section behind it. */
    async run(wb) {
      await wb.openFile('docs/links.md');
      const hover = await wb.hoverText('widgets.readthedocs.io/en/latest/installation');
      // The section's text from the sandbox (VS Code's own "Follow link" part may come first).
      await hover.filter({ hasText: 'Python 3.9' }).waitFor({ state: 'visible', timeout: 15_000 });
      await wb.screenshot(png('hover'));
      await wb.dismiss();
    },
  },
  {
    name: 'preview',
    /** The preview panel with the sanitized documentation. */
    async run(wb) {
      await wb.runCommand(title('readthedocs.previewDocs'));
      // From the palette it asks for the URL (pre-filled with the link under the cursor).
      const input = wb.page.locator('.quick-input-widget:visible .quick-input-box input');
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      await input.fill('https://widgets.readthedocs.io/en/latest/usage.html');
      await wb.page.keyboard.press('Enter');
      await wb.page.locator('iframe.webview').first().waitFor({ state: 'attached', timeout: 20_000 });
      await wb.page.waitForTimeout(2_000); // let the webview paint
      await wb.screenshot(png('preview'));
    },
  },
];

// --- plumbing ------------------------------------------------------------------------------

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !journeys.some((j) => j.name === name));
if (unknown.length) {
  console.error(`unknown journey(s) ${unknown.join(', ')}; known: ${journeys.map((j) => j.name).join(', ')}`);
  process.exit(2);
}

const results = [];
try {
  const sandbox = await startSandbox();
  console.log(`sandbox: ${sandbox.origin}`);
  await buildExtension();
  // Long docs links stay on one line, so the hover lands on the link.
  const { url, install } = await startDemoWorkbench({ sandbox, verbose, settings: { '[markdown]': { 'editor.wordWrap': 'off' } } });
  const browser = await launchChromium({ executablePath: install.chromiumPath, headless: process.env.READTHEDOCS_SCREENSHOTS_HEADED !== '1' });
  const page = await openWorkbench(browser, url, {
    viewport: { width: 1280, height: 800 },
    onConsole: verbose ? (text, type) => console.log(`[workbench ${type}] ${text}`) : undefined,
  });
  const wb = new Workbench(page);
  await wb.ready();
  // The extension's contributions arrive with the extension host, after the workbench shows.
  await wb.openViewContainer(VIEW_CONTAINER);
  // Rows mean signed in: palette commands guarded by `readthedocs.signedIn` are there from now.
  await wb.waitForTreeRows(30_000).catch(() => console.warn('the projects view shows no rows after 30 s (not signed in?)'));
  await wb.clearNotifications();

  for (const journey of journeys.filter((j) => !wanted.length || wanted.includes(j.name))) {
    const started = Date.now();
    try {
      await journey.run(wb);
      results.push({ name: journey.name, status: 'ok', note: `${((Date.now() - started) / 1000).toFixed(1)} s` });
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      const status = journey.required ? 'FAILED' : error instanceof Skip ? 'skipped' : 'warning';
      results.push({ name: journey.name, status, note: message });
      if (!(error instanceof Skip)) await wb.screenshot(join(failedDir, `failed-${journey.name}.png`)).catch(() => undefined);
    } finally {
      await wb.dismiss().catch(() => undefined);
    }
  }
} catch (error) {
  results.push({ name: 'setup', status: 'FAILED', note: error instanceof Error ? error.message : String(error) });
} finally {
  await cleanupAll();
}

console.log('\nscreenshots:');
for (const { name, status, note } of results) console.log(`  ${status.padEnd(8)} ${name}: ${note}`);
console.log(`written to ${screenshotsDir}; the screen at each failure to ${failedDir}`);
process.exit(results.some((r) => r.status === 'FAILED') ? 1 : 0);
