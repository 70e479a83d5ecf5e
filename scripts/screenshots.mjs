#!/usr/bin/env node
// `npm run screenshots`: drives the browser-based VS Code (code-server, demo mode: sandbox data,
// signed in) through the main journeys with Playwright and writes PNGs to media/readme/.
// Each journey is a small function; one whose command is not contributed yet is skipped with a
// warning. The tree journey is required: if it fails, the script exits non-zero.
// Usage: npm run screenshots [-- <journey> ...]   (default: all; names listed below)
// Environment: READTHEDOCS_SCREENSHOTS_HEADED=1 shows the browser (needs a display);
//              READTHEDOCS_VSCODE_TEST_VERBOSE=1 prints code-server's and the workbench's logs.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { launchChromium, openWorkbench } from './lib/browser.mjs';
import { buildExtension } from './lib/build.mjs';
import { DEMO_PROJECT, startDemoWorkbench } from './lib/demo-env.mjs';
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
const views = new Map((manifest.contributes?.views?.readthedocs ?? []).map((v) => [v.id, english(v.name)]));
const WORKSPACE_VIEW = views.get('readthedocs.workspace') ?? 'This Workspace';
const PROJECTS_VIEW = views.get('readthedocs.projects') ?? 'Projects';
/** How the Projects view names DEMO_PROJECT. */
const DEMO_PROJECT_NAME = 'Widgets';
/** A page of the demo clone with links to the project's hosted docs (the fixture's links.md also lists hostile and broken ones). */
const READING_LIST = 'docs/further-reading.md';
const READING_LIST_TEXT = `# Further reading

- [Installation](https://widgets.readthedocs.io/en/latest/installation.html)
- [Usage of the stable version](https://widgets.readthedocs.io/en/stable/usage.html)
- The API reference: https://widgets.readthedocs.io/projects/api/en/latest/authentication.html
`;
const png = (name) => join(screenshotsDir, `${name}.png`);
/** Outside the clone: `npm test` (esbuild --tests) empties out/ while this runs. */
const failedDir = join(tmpdir(), 'readthedocs-vscode-screenshots-failed');

/** Palette title of a contributed command; Skip when the manifest does not have it yet. */
function title(id) {
  const found = commands.get(id);
  if (!found) throw new Skip(`command ${id} is not contributed yet`);
  return found;
}

/** `shoot` with the demo clone on pull request #1234's branch and This Workspace alone open; back on main after. */
async function onPullRequestBranch(wb, shoot) {
  await promisify(execFile)('git', ['checkout', '-q', 'docs/new-guide'], { cwd: demoWorkspace });
  try {
    await wb.openViewContainer(VIEW_CONTAINER);
    await wb.setPaneExpanded(PROJECTS_VIEW, false);
    await wb.setPaneExpanded(WORKSPACE_VIEW, true);
    await shoot();
  } finally {
    await promisify(execFile)('git', ['checkout', '-q', 'main'], { cwd: demoWorkspace });
    await wb.setPaneExpanded(PROJECTS_VIEW, true);
  }
}

// --- journeys ------------------------------------------------------------------------------
// Each gets the Workbench and writes one or more PNGs. Add new ones here.

const journeys = [
  {
    name: 'tree',
    required: true,
    /** The Projects view with the workspace's project expanded down to its builds (its versions are too many to show). */
    async run(wb) {
      await wb.openViewContainer(VIEW_CONTAINER);
      await wb.setPaneExpanded(WORKSPACE_VIEW, false);
      await wb.setPaneExpanded(PROJECTS_VIEW, true);
      await wb.treeRows(undefined, PROJECTS_VIEW).first().waitFor({ state: 'visible', timeout: 30_000 });
      await wb.waitForTreeIdle();
      const projects = wb.treeRows(undefined, PROJECTS_VIEW).and(wb.page.locator('[aria-level="1"][aria-expanded]'));
      const project = projects.filter({ has: wb.page.locator('.label-name', { hasText: new RegExp(`^${DEMO_PROJECT_NAME}$`) }) }).first();
      if (!(await project.count())) throw new Error(`the Projects view shows no ${DEMO_PROJECT_NAME} (signed in? sandbox data?)`);
      await wb.expand(project);
      const builds = wb.treeRows('Builds', PROJECTS_VIEW).and(wb.page.locator('[aria-level="2"]')).first();
      if (await builds.count()) await wb.expand(builds);
      await wb.waitForTreeIdle();
      await wb.screenshot(png('tree'));
      // The next pictures show This Workspace: fold the project again.
      await wb.pane(PROJECTS_VIEW).locator('.pane-header').hover();
      await wb.pane(PROJECTS_VIEW).locator('.pane-header .action-label[aria-label^="Collapse All"]').click({ timeout: 5_000 })
        .catch(() => project.locator('.monaco-tl-twistie').click());
      await wb.setPaneExpanded(WORKSPACE_VIEW, true);
    },
  },
  {
    name: 'workspace',
    /** The This Workspace view of the demo clone, its .readthedocs.yaml, and the current branch's build in the status bar. */
    async run(wb) {
      await wb.openViewContainer(VIEW_CONTAINER);
      await wb.setPaneExpanded(PROJECTS_VIEW, false);
      await wb.setPaneExpanded(WORKSPACE_VIEW, true);
      await wb.treeRows(undefined, WORKSPACE_VIEW).first().waitFor({ state: 'visible', timeout: 30_000 });
      await wb.waitForTreeIdle();
      await wb.openFile(join(demoWorkspace, '.readthedocs.yaml')); // mk-demo has one too
      await wb.page.locator('.part.statusbar .statusbar-item', { hasText: `${DEMO_PROJECT.slug} (` }).first().waitFor({ state: 'visible', timeout: 30_000 });
      await wb.page.waitForTimeout(1_000); // the CodeLens of the branch's last build
      await wb.screenshot(png('workspace'));
      await wb.setPaneExpanded(PROJECTS_VIEW, true);
    },
  },
  {
    name: 'build',
    /** Building the workspace's project from the palette (a new spinning build in This Workspace), then the notification when it ends. */
    async run(wb) {
      const spinning = '.part.sidebar .monaco-list-row .codicon-modifier-spin';
      const before = await wb.page.locator(spinning).count();
      await wb.runCommand(title('readthedocs.triggerBuild'));
      await wb.pickQuickItem(DEMO_PROJECT_NAME);
      await wb.acceptQuickPicks(2); // the version
      await wb.page.waitForFunction(([selector, count]) => globalThis.document.querySelectorAll(selector).length > count,
        [spinning, before], { timeout: 15_000 })
        .catch(() => console.warn('  build: no new spinning build in the side bar'));
      await wb.screenshot(png('build-triggered'));
      await wb.waitForNotification(/succeeded|passed|failed|cancelled|finished/i, 120_000);
      await wb.screenshot(png('build-finished'));
    },
  },
  {
    name: 'log',
    /** Clicking a failed build of the workspace's project opens its log. */
    async run(wb) {
      await wb.openViewContainer(VIEW_CONTAINER);
      await wb.setPaneExpanded(WORKSPACE_VIEW, true);
      await wb.closeEditors();
      const row = wb.treeRows('failed', WORKSPACE_VIEW).first();
      await row.waitFor({ state: 'visible', timeout: 15_000 });
      await row.click();
      await wb.page.locator('.editor-instance .monaco-editor .view-lines', { hasText: 'git clone' }).first().waitFor({ state: 'visible', timeout: 20_000 });
      await wb.page.waitForTimeout(1_000);
      await wb.screenshot(png('build-log'));
    },
  },
  {
    name: 'problems',
    /** A build's warnings on the workspace files, in the Problems panel and the editor. */
    async run(wb) {
      await wb.closeEditors();
      await wb.openFile('docs/usage.rst');
      await wb.runCommand(title('readthedocs.showBuildProblems'));
      await wb.pickQuickItem(DEMO_PROJECT_NAME);
      await wb.pickQuickItem('#30');
      await wb.page.locator('.markers-panel .monaco-list-row').first().waitFor({ state: 'visible', timeout: 20_000 });
      await wb.page.waitForTimeout(1_000);
      await wb.screenshot(png('build-problems'));
      await wb.runCommand('View: Hide Panel').catch(() => undefined);
    },
  },
  {
    name: 'redirect',
    /** The redirect input with client-side validation. */
    async run(wb) {
      await wb.closeEditors();
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
      await wb.closeEditors();
      await wb.openFile(READING_LIST);
      const hover = await wb.hoverText('widgets.readthedocs.io/en/latest/installation');
      // The section's text from the sandbox (VS Code's own "Follow link" part may come first).
      await hover.filter({ hasText: 'Python 3.9' }).waitFor({ state: 'visible', timeout: 15_000 });
      await wb.screenshot(png('hover'));
      await wb.dismiss();
    },
  },
  {
    name: 'xref',
    /** Hovering a cross-reference in a .rst file shows the published section it points to. */
    async run(wb) {
      await wb.closeEditors();
      await wb.openFile('docs/guide/writing.rst');
      // The first hover may come before the inventory: rest on the reference again if so.
      for (let attempt = 1; ; attempt++) {
        await wb.page.mouse.move(0, 0);
        const hover = await wb.hoverText(':ref:`requirements`');
        try {
          await hover.filter({ hasText: 'Python 3.9' }).waitFor({ state: 'visible', timeout: 15_000 });
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      await wb.screenshot(png('cross-reference-hover'));
      await wb.dismiss();
    },
  },
  {
    name: 'mkdocs',
    /** Hovering an autorefs reference on a page of the MkDocs clone shows the published API section. */
    async run(wb) {
      await wb.closeEditors();
      await wb.openFile(join(mkDocsWorkspace, 'docs', 'index.md'));
      // The first hover may come before mk-demo is bound and its objects.inv read: rest on the reference again if so.
      for (let attempt = 1; ; attempt++) {
        await wb.page.mouse.move(0, 0);
        const hover = await wb.hoverText('[greet][mk_demo.core.greet]');
        try {
          await hover.filter({ hasText: 'Greet someone' }).waitFor({ state: 'visible', timeout: 15_000 });
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      await wb.page.waitForTimeout(500);
      await wb.screenshot(png('mkdocs-autorefs'));
      await wb.dismiss();
    },
  },
  {
    name: 'preview',
    /** The preview panel with the sanitized documentation (a page without images: offline, the docs domains do not answer). */
    async run(wb) {
      await wb.closeEditors();
      await wb.runCommand(title('readthedocs.previewDocs'));
      // From the palette it asks for the URL (pre-filled with the link under the cursor).
      const input = wb.page.locator('.quick-input-widget:visible .quick-input-box input');
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      await input.fill('https://widgets.readthedocs.io/en/latest/configuration.html');
      await wb.page.keyboard.press('Enter');
      await wb.page.locator('iframe.webview').first().waitFor({ state: 'attached', timeout: 20_000 });
      // The page is in the webview's inner frame; wait for its heading, then let it paint.
      await wb.page.frameLocator('iframe.webview').first().frameLocator('iframe#active-frame').locator('h1').first()
        .waitFor({ state: 'visible', timeout: 20_000 });
      await wb.page.waitForTimeout(1_000);
      await wb.screenshot(png('preview'));
    },
  },
  {
    name: 'build-times',
    /** Show Build Times… of widgets (latest) from the palette: the findings and a bar per build. */
    async run(wb) {
      await wb.closeEditors();
      await wb.runCommand(title('readthedocs.showBuildTimes'));
      await wb.pickQuickItem(DEMO_PROJECT_NAME);
      // The versions are many (the default first): type the one wanted.
      const input = wb.page.locator('.quick-input-widget:visible .quick-input-box input');
      await wb.page.locator('.quick-input-widget:visible .quick-input-list .monaco-list-row').first().waitFor({ state: 'visible', timeout: 10_000 });
      await input.fill('latest');
      await wb.page.waitForTimeout(300);
      await wb.page.keyboard.press('Enter');
      await wb.page.locator('iframe.webview').first().waitFor({ state: 'attached', timeout: 30_000 });
      await wb.page.frameLocator('iframe.webview').first().frameLocator('iframe#active-frame').locator('svg').first()
        .waitFor({ state: 'visible', timeout: 30_000 });
      await wb.page.waitForTimeout(1_000);
      await wb.screenshot(png('build-times'));
    },
  },
  {
    name: 'pull-request',
    /** The demo clone on the branch of pull request #1234: its row, preview, changed pages and the deleted page no redirect catches. */
    async run(wb) {
      await onPullRequestBranch(wb, async () => {
        await wb.treeRows('Deleted Pages Without a Redirect', WORKSPACE_VIEW).first().waitFor({ state: 'visible', timeout: 60_000 });
        await wb.waitForTreeIdle();
        await wb.page.mouse.move(800, 600); // no row tooltip over the tree
        await wb.page.waitForTimeout(500);
        await wb.screenshot(png('pull-request'));
      });
    },
  },
  {
    name: 'new-warnings',
    /** The demo clone on the branch of pull request #1234: the warnings its build added and fixed against latest's, in This Workspace and the Problems panel. */
    async run(wb) {
      await onPullRequestBranch(wb, async () => {
        await wb.treeRows('2 new warnings, 1 fixed', WORKSPACE_VIEW).first().waitFor({ state: 'visible', timeout: 60_000 });
        await wb.runCommand('View: Focus Problems (Errors, Warnings, Infos)').catch(() => undefined);
        await wb.page.locator('.markers-panel .monaco-list-row', { hasText: '[new]' }).first().waitFor({ state: 'visible', timeout: 30_000 });
        await wb.waitForTreeIdle();
        await wb.page.mouse.move(800, 600); // no row tooltip over the tree
        await wb.page.waitForTimeout(800);
        await wb.screenshot(png('new-warnings'));
        await wb.runCommand('View: Hide Panel').catch(() => undefined);
      });
    },
  },
  {
    name: 'upload',
    /** Upload Local Build… on a branch of the demo clone with a built site: the plan before anything is sent, then the build's notification. */
    async run(wb) {
      const git = (...args) => promisify(execFile)('git', ['-c', 'user.name=Demo Owner', '-c', 'user.email=demo-owner@example.com', ...args], { cwd: demoWorkspace });
      const html = join(demoWorkspace, 'docs', '_build', 'html');
      await git('checkout', '-q', '-b', 'docs/local-build');
      try {
        await mkdir(join(html, '_static'), { recursive: true });
        await writeFile(join(html, 'index.html'), '<!DOCTYPE html><html><head><title>Widgets</title></head><body><h1>Widgets</h1><p>Built on my machine.</p></body></html>\n');
        await writeFile(join(html, '_static', 'basic.css'), 'body { font-family: sans-serif; }\n');
        await wb.closeEditors();
        await wb.clearNotifications();
        await wb.runCommand(title('readthedocs.uploadLocalBuild'));
        await wb.pickQuickItem(DEMO_PROJECT.slug); // the demo window holds widgets and mk-demo
        const dialog = wb.page.locator('.monaco-dialog-box');
        await dialog.waitFor({ state: 'visible', timeout: 30_000 });
        await wb.page.waitForTimeout(500);
        await wb.screenshot(png('upload-plan'));
        await dialog.locator('.monaco-button', { hasText: /^Upload$/ }).click();
        await wb.waitForNotification(/succeeded|passed|failed/i, 120_000);
        await wb.screenshot(png('upload-finished'));
      } finally {
        await rm(join(demoWorkspace, 'docs', '_build'), { recursive: true, force: true });
        await git('checkout', '-q', 'main');
      }
    },
  },
  {
    name: 'private-docs',
    /** Business: sign in, Private Docs in the Editor on the private Internal Handbook, then a hover on one of its private pages. */
    async run(wb) {
      if (!business) throw new Skip('no Business sandbox');
      await wb.runCommand(title('readthedocs.signIn'));
      await wb.pickQuickItem('Business');
      const input = wb.page.locator('.quick-input-widget:visible .quick-input-box input');
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      await input.fill(business.tokens.owner);
      await wb.page.keyboard.press('Enter');
      await wb.waitForNotification(/Signed in to/, 30_000);
      await wb.runCommand(title('readthedocs.enablePrivateDocs'));
      await wb.pickQuickItem('Internal Handbook', 30_000);
      await wb.pickQuickItem('All versions');
      await wb.waitForNotification(/readable in the editor/, 30_000);
      await wb.clearNotifications();
      await wb.closeEditors();
      await wb.openFile(PRIVATE_NOTES);
      const hover = await wb.hoverText('internal-handbook');
      await hover.filter({ hasText: 'Only for Example Corp' }).waitFor({ state: 'visible', timeout: 15_000 });
      await wb.screenshot(png('private-docs'));
      await wb.dismiss();
    },
  },
];

/** The Business sandbox (private docs), and the page of the demo clone linking to its private Internal Handbook. */
let business;
const PRIVATE_NOTES = 'docs/private-notes.md';
const privateNotesText = (origin) => `# Internal notes\n\nSee the [handbook](${origin}/en/latest/index.html#internal-handbook) (private).\n`;

/** The demo clones' folders, widgets (Sphinx) and mk-demo (MkDocs) (set once the workbench is up). */
let demoWorkspace;
let mkDocsWorkspace;

// --- plumbing ------------------------------------------------------------------------------

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !journeys.some((j) => j.name === name));
if (unknown.length) {
  console.error(`unknown journey(s) ${unknown.join(', ')}; known: ${journeys.map((j) => j.name).join(', ')}`);
  process.exit(2);
}

const results = [];
try {
  // Docs sites on loopback origins: cross-reference hovers reach the published objects.inv.
  const sandbox = await startSandbox({ loopbackDocs: true });
  console.log(`sandbox: ${sandbox.origin}`);
  // The seed's XSS showcase is the owner's project: keep it out of the pictures.
  const hostile = sandbox.db.project('hostile-demo');
  if (hostile) hostile.maintainers = [];
  await buildExtension();
  // Long docs links stay on one line, so the hover lands on the link.
  // No command center: in a development window it shows "[Extension Development Host]" (the title is hidden below).
  // Read the Docs for Business beside it, its private Internal Handbook on a loopback docs origin.
  business = await startSandbox({ edition: 'business', loopbackDocs: true });
  const handbook = business.docsOrigins.get('internal-handbook');
  const settings = { '[markdown]': { 'editor.wordWrap': 'off' }, 'window.commandCenter': false, 'readthedocs.businessUrl': business.origin };
  const files = { [READING_LIST]: READING_LIST_TEXT, ...(handbook ? { [PRIVATE_NOTES]: privateNotesText(handbook) } : {}) };
  const started = await startDemoWorkbench({ sandbox, verbose, settings, files, withMkDocs: true });
  const { url, install } = started;
  ({ workspace: demoWorkspace, mkDocsWorkspace } = started);
  const browser = await launchChromium({ executablePath: install.chromiumPath, headless: process.env.READTHEDOCS_SCREENSHOTS_HEADED !== '1' });
  const page = await openWorkbench(browser, url, {
    viewport: { width: 1280, height: 800 },
    onConsole: verbose ? (text, type) => console.log(`[workbench ${type}] ${text}`) : undefined,
  });
  // A development window's title says "[Extension Development Host]"; a user's never does.
  await page.addStyleTag({ content: '.part.titlebar .window-title { visibility: hidden; }' });
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
