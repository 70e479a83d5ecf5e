#!/usr/bin/env node
// The extension-host test tier: bundles test/extension/ and runs it inside a real VS Code
// extension host, through one of two routes (it prints which):
//   electron     @vscode/test-electron's runTests (downloads VS Code into .vscode-test/)
//   code-server  the offline route: code-server + Debian chromium driven by playwright-core,
//                installed on demand into a cache folder (see scripts/lib/install.mjs)
// A route that cannot start is a failure, never a skip. See ../../shared/VSCODE-TESTING.md.
// Two runs: test/extension/ in the fixture workspace, then test/quiet-start/ in a fresh window on
// an unrelated folder in Restricted Mode (scripts/lib/quietStart.mjs).
// Environment:
//   READTHEDOCS_VSCODE_ROUTE=electron|code-server   force a route (default: auto-detect)
//   READTHEDOCS_VSCODE_VERSION=1.95.0               VS Code version for the electron route
//   READTHEDOCS_VSCODE_TEST_CACHE=<dir>             cache of the offline route's installs
//   READTHEDOCS_VSCODE_TEST_TIMEOUT_MS=600000       give up after this long (code-server route)
//   READTHEDOCS_VSCODE_TEST_VERBOSE=1               also print code-server's and the workbench's logs
//   READTHEDOCS_VSCODE_TEST_KEEP=1                  keep the run folder (profile, logs) after a pass
//   READTHEDOCS_VSCODE_TEST_ONLY=main|quiet-start   run one of the two windows only
//   READTHEDOCS_VSCODE_TEST_FILES=workspace,builds  run only the test files whose name contains one of the words
// The tests see READTHEDOCS_TEST=1 and READTHEDOCS_TEST_REPORT_DIR; READTHEDOCS_TOKEN and READTHEDOCS_API_URL are removed.
import { lookup } from 'node:dns/promises';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launchChromium, openWorkbench } from './lib/browser.mjs';
import { buildExtension } from './lib/build.mjs';
import { startCodeServer, workbenchUrl } from './lib/code-server.mjs';
import { ensureOfflineVSCode, makeRunDir } from './lib/install.mjs';
import { tailFile } from './lib/tail.mjs';
import { copyFixtureWorkspace } from './lib/demo-env.mjs';
import { extensionTestsEntry, root } from './lib/paths.mjs';
import { createProfile } from './lib/profile.mjs';
import { prepareQuietStart } from './lib/quietStart.mjs';
import { cleanupAll, onCleanup, spawnTracked, withTimeout } from './lib/processes.mjs';

const ROUTES = ['electron', 'code-server'];
const DOWNLOAD_HOST = 'update.code.visualstudio.com';
const TIMEOUT_MS = Number(process.env.READTHEDOCS_VSCODE_TEST_TIMEOUT_MS) || 10 * 60_000;
const verbose = process.env.READTHEDOCS_VSCODE_TEST_VERBOSE === '1';

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

let exitCode;
let runDir;
try {
  await buildExtension(['--tests']);
  console.log(`built dist/extension.js and out/test/extension/ (${seconds()})`);

  const { route, reason } = await chooseRoute();
  console.log(`extension-host route: ${route} (${reason})`);

  runDir = await makeRunDir('readthedocs-vscode-test');
  // Reaches the extension host: code-server's environment is inherited by it; test-electron
  // passes extensionTestsEnv. test/extension/index.ts writes output.log and summary.json there.
  const env = { READTHEDOCS_TEST: '1', READTHEDOCS_TEST_REPORT_DIR: runDir, READTHEDOCS_VSCODE_TEST_FILES: process.env.READTHEDOCS_VSCODE_TEST_FILES ?? '' };
  // A developer's own token must not leak into the tests (they sign in against the sandbox).
  delete process.env.READTHEDOCS_TOKEN;
  delete process.env.READTHEDOCS_API_URL;
  const runTarget = route === 'electron' ? runElectron : runCodeServer;
  const only = process.env.READTHEDOCS_VSCODE_TEST_ONLY;
  let ok = true;
  if (only !== 'quiet-start') {
    // A copy: tests may make it a git repository (test/extension/workspace.test.ts) without touching the clone.
    // Beside the extension, a stand-in for Zensical Studio (test/extension/zensical-studio-stand-in): its python-markdown language.
    const standIns = [{ id: 'zensical.zensical-studio', path: join(root, 'test', 'extension', 'zensical-studio-stand-in') }];
    const main = { folder: await copyFixtureWorkspace(runDir), extensionDevelopmentPath: root, extensionTestsPath: extensionTestsEntry, standIns };
    const code = await runTarget(runDir, env, main);
    ok = (await reportRun('extension-host tests', route, runDir, code)) && ok;
  }
  if (only !== 'main') {
    // A second window: an unrelated folder in Restricted Mode (test/quiet-start/).
    const quietDir = join(runDir, 'quiet-start');
    await mkdir(quietDir, { recursive: true });
    const quiet = await prepareQuietStart(quietDir);
    console.log(`\nquiet start: ${quiet.folder}, untrusted, extension staged in ${quiet.extensionDevelopmentPath}`);
    const code = await runTarget(quietDir, { ...env, READTHEDOCS_TEST_REPORT_DIR: quietDir, ...quiet.env }, quiet);
    ok = (await reportRun('quiet-start tests', route, quietDir, code)) && ok;
  }
  exitCode = ok ? 0 : 1;
  if (exitCode === 0 && !process.env.READTHEDOCS_VSCODE_TEST_KEEP) await rm(runDir, { recursive: true, force: true });
  else console.log(`kept the run folder for inspection: ${runDir}`);
} catch (error) {
  console.error(`\nextension-host tests could not run: ${error instanceof Error ? error.message : error}`);
  if (runDir) console.error(`kept the run folder for inspection: ${runDir}`);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);

/** Prints a run's counts from the summary its runner wrote; true when it passed. */
async function reportRun(name, route, dir, code) {
  const summary = await readFile(join(dir, 'summary.json'), 'utf8').then(JSON.parse, () => undefined);
  const counts = summary
    ? `${summary.passes} passing, ${summary.failures} failing, ${summary.pending} pending in ${summary.files} file(s)`
    : 'no test summary (the runner never finished)';
  console.log(`\n${name} (${route}): ${counts}; exit code ${code}; ${seconds()}`);
  return code === 0 && !!summary && summary.failures === 0 && summary.passes > 0;
}

// --- route choice --------------------------------------------------------------------------

async function chooseRoute() {
  const forced = process.env.READTHEDOCS_VSCODE_ROUTE;
  if (forced) {
    if (!ROUTES.includes(forced)) throw new Error(`READTHEDOCS_VSCODE_ROUTE must be one of ${ROUTES.join(', ')}, not "${forced}"`);
    return { route: forced, reason: 'READTHEDOCS_VSCODE_ROUTE' };
  }
  const cache = join(root, '.vscode-test');
  if (existsSync(cache) && readdirSync(cache).some((name) => name.startsWith('vscode-'))) {
    return { route: 'electron', reason: 'a VS Code build is cached in .vscode-test/' };
  }
  try {
    await withTimeout(lookup(DOWNLOAD_HOST), 2_000, 'timed out');
    return { route: 'electron', reason: `${DOWNLOAD_HOST} resolves, so VS Code can be downloaded` };
  } catch (error) {
    return { route: 'code-server', reason: `${DOWNLOAD_HOST} does not resolve (${error?.code ?? error?.message}): offline` };
  }
}

// --- route: @vscode/test-electron ------------------------------------------------------------

async function runElectron(runDir, env, target) {
  const { runTests } = createRequire(import.meta.url)('@vscode/test-electron');
  const extraEnv = { ...env };
  if (target.settings) await createProfile(runDir, target.settings);
  if (process.platform === 'linux' && !process.env.DISPLAY) extraEnv.DISPLAY = await startXvfb();
  try {
    return await runTests({
      version: process.env.READTHEDOCS_VSCODE_VERSION || undefined,
      // Installed extensions are disabled (--disable-extensions): stand-ins load as development extensions.
      extensionDevelopmentPath: [target.extensionDevelopmentPath, ...(target.standIns ?? []).map((s) => s.path)],
      extensionTestsPath: target.extensionTestsPath,
      extensionTestsEnv: extraEnv,
      launchArgs: [
        target.folder,
        '--disable-extensions',
        ...(target.workspaceTrust ? [] : ['--disable-workspace-trust']),
        '--skip-welcome',
        '--skip-release-notes',
        `--user-data-dir=${join(runDir, 'user-data')}`,
        `--extensions-dir=${join(runDir, 'extensions')}`,
      ],
    });
  } catch (error) {
    // runTests rejects on a non-zero exit of VS Code (a failing test) and on launch failures.
    console.error(`@vscode/test-electron: ${error instanceof Error ? error.message : error}`);
    if (typeof error?.code === 'number') return error.code;
    console.error('(offline, or no display? READTHEDOCS_VSCODE_ROUTE=code-server runs the same tests in code-server)');
    return 1;
  }
}

/** Electron needs an X display on Linux; start Xvfb when there is none (as `xvfb-run` would). */
async function startXvfb() {
  const display = `:${90 + Math.floor(Math.random() * 400)}`;
  const xvfb = spawnTracked('Xvfb', 'Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  const failed = await Promise.race([
    new Promise((resolve) => xvfb.once('error', () => resolve(true))),
    xvfb.exited.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), 1_000)),
  ]);
  if (failed) throw new Error('no DISPLAY and Xvfb could not start: install xvfb (apt-get install -y xvfb), run under xvfb-run, or use READTHEDOCS_VSCODE_ROUTE=code-server');
  console.log(`started Xvfb on display ${display}`);
  return display;
}

// --- route: code-server + chromium -----------------------------------------------------------

async function runCodeServer(runDir, env, target) {
  const install = await ensureOfflineVSCode();
  // The web workbench loads one development extension into the remote host: stand-ins are installed in the profile instead.
  for (const standIn of target.standIns ?? []) await cp(standIn.path, join(runDir, 'extensions', `${standIn.id}-0.0.0`), { recursive: true });
  const server = await startCodeServer({ install, runDir, env, verbose, settings: target.settings, workspaceTrust: target.workspaceTrust });
  const browser = await launchChromium({ executablePath: install.chromiumPath });

  let reportExit;
  const exited = new Promise((resolve) => { reportExit = resolve; });
  const workbenchErrors = [];
  const url = workbenchUrl(server.origin, target);
  if (verbose) console.log(`workbench: ${url}`);
  // The browser console mixes the extension host's output with the workbench's own log, so
  // the report comes from the file the runner writes; the console is shown with VERBOSE=1.
  const output = tailFile(join(runDir, 'output.log'), (text) => process.stdout.write(text));
  onCleanup('output tail', () => output.stop());
  const page = await openWorkbench(browser, url, {
    beforeGoto: (p) => p.exposeFunction('codeAutomationExit', (code) => { reportExit(Number(code)); }),
    onConsole: (text, type) => {
      if (verbose) console.log(`[workbench ${type}] ${text}`);
      else if (type === 'error') workbenchErrors.push(text);
    },
  });
  onCleanup('page', () => page.close().catch(() => undefined));

  let timer;
  const outcome = await Promise.race([
    exited.then((code) => ({ code })),
    server.exited.then((r) => ({ error: `code-server exited (${r.signal ?? `code ${r.code}`}) before the tests finished` })),
    new Promise((resolve) => page.once('crash', () => resolve({ error: 'the workbench page crashed' }))),
    new Promise((resolve) => { timer = setTimeout(() => resolve({ error: `no result within ${TIMEOUT_MS / 1000} s` }), TIMEOUT_MS); }),
  ]);
  clearTimeout(timer);
  await output.stop();
  // Without the runner's summary, something below the tests broke: show what the workbench said.
  if (outcome.error || !existsSync(join(runDir, 'summary.json'))) {
    if (outcome.error) console.error(`code-server route: ${outcome.error}`);
    const shown = workbenchErrors.filter((text) => !OFFLINE_NOISE.test(text)).slice(-10);
    if (shown.length) console.error(`last workbench errors (all of them with READTHEDOCS_VSCODE_TEST_VERBOSE=1):\n  ${shown.map((t) => t.split('\n').slice(0, 4).join('\n    ')).join('\n  ')}`);
  }
  return outcome.error ? 1 : outcome.code;
}

/** Errors every offline workbench logs (marketplace, remote resources): not worth showing. */
const OFFLINE_NOISE = /ERR_NAME_NOT_RESOLVED|ENOTFOUND|status of 404|Canceled/;
