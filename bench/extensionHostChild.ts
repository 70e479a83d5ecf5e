// One extension-host activation measurement, in its own process (scripts/lib/processes.mjs tears
// down what it started once per process). Run by bench/lib/extensionHost.ts:
//   node --require tsx/cjs bench/extensionHostChild.ts <extensionDir> <sandboxOrigin> <token>
// Prints one JSON line: {activationMs, logLine, route} or {error}.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

// scripts/lib is plain JavaScript (ES modules): loaded at run time, typed loosely here.
/* eslint-disable @typescript-eslint/no-explicit-any */
const lib = (name: string): Promise<any> => import(pathToFileURL(join(__dirname, '..', 'scripts', 'lib', name)).href);

const started = performance.now();
const step = (message: string) => {
  if (process.env.BENCH_VERBOSE) console.error(`[extension host ${Math.round(performance.now() - started)} ms] ${message}`);
};

async function main(): Promise<void> {
  const [extensionDir, origin, token] = process.argv.slice(2);
  const [{ ensureOfflineVSCode, makeRunDir }, { startCodeServer, workbenchUrl }, { launchChromium, openWorkbench }, { Workbench }, { cleanupAll }] = await Promise.all(
    ['install.mjs', 'code-server.mjs', 'browser.mjs', 'workbench.mjs', 'processes.mjs'].map(lib),
  );
  const install = await ensureOfflineVSCode({ log: step });
  const runDir: string = await makeRunDir('readthedocs-vscode-bench');
  try {
    const server = await startCodeServer({
      install, runDir, log: step,
      env: { READTHEDOCS_TOKEN: token, READTHEDOCS_API_URL: origin },
      settings: { 'readthedocs.communityUrl': origin, 'readthedocs.businessUrl': '' },
    });
    const browser = await launchChromium({ executablePath: install.chromiumPath });
    step('chromium launched');
    const page = await openWorkbench(browser, workbenchUrl(server.origin, { folder: runDir, extensionDevelopmentPath: extensionDir }));
    page.setDefaultTimeout(30_000);
    const workbench = new Workbench(page);
    await workbench.ready();
    step('workbench ready');
    await workbench.openViewContainer('Read the Docs');
    step('view opened');
    await workbench.runCommand('Developer: Show Running Extensions');
    const text = await runningExtensionRow(page);
    step(`row: ${text.replace(/\s+/g, ' ')}`);
    const match = /Activation:\s*(\d+)\s*ms/.exec(text);
    if (!match) throw new Error(`no activation time in "${text.replace(/\s+/g, ' ')}"`);
    console.log(JSON.stringify({
      activationMs: Number(match[1]),
      logLine: await activationLogLine(server.userDataDir),
      route: `code-server ${install.codeServerVersion} (remote extension host), headless Chromium`,
    }));
  } finally {
    await cleanupAll();
    await rm(runDir, { recursive: true, force: true });
  }
}

/**
 * The extension's row of the Running Extensions list once it shows an activation time. The list is
 * virtualised (only rows on screen exist in the DOM), so it is scrolled until the row appears.
 */
async function runningExtensionRow(page: any): Promise<string> {
  const anyRow = page.locator('.monaco-list-row').filter({ hasText: /Activation:/ }).first();
  await anyRow.waitFor({ state: 'visible', timeout: 30_000 });
  const ours = page.locator('.monaco-list-row').filter({ hasText: /readthedocs-vscode|Read the Docs/ }).filter({ hasText: /Activation:/ });
  const deadline = Date.now() + 45_000;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    if (await ours.count()) return ours.first().innerText({ timeout: 5_000 });
    await anyRow.hover({ timeout: 5_000 }).catch(() => undefined);
    await page.mouse.wheel(0, attempt % 12 === 11 ? -10_000 : 250);
    await page.waitForTimeout(250);
  }
  throw new Error('the extension has no activation time under "Show Running Extensions"');
}

/** The remote extension host's log line for the activation (info level: event and reason). */
async function activationLogLine(userDataDir: string): Promise<string | undefined> {
  const logs = join(userDataDir, 'logs');
  for (const session of await readdir(logs).catch(() => [] as string[])) {
    const text = await readFile(join(logs, session, 'exthost1', 'remoteexthost.log'), 'utf8').catch(() => '');
    const line = text.split('\n').find((l) => /_doActivateExtension readthedocs-community\.readthedocs-vscode/.test(l));
    if (line) return line.trim();
  }
  return undefined;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.log(JSON.stringify({ error: (error as Error).message?.split('\n')[0] ?? String(error) }));
    process.exit(0);
  },
);
