#!/usr/bin/env node
// `npm run demo`: the sandbox with its demo data, the extension built, and a real VS Code
// pointed at the sandbox and already signed in (READTHEDOCS_TOKEN = the sandbox owner's token):
//   - desktop VS Code (`code` on PATH): a new window with its own throwaway profile;
//   - otherwise code-server (the offline route of the tests): prints the URL to open.
// Ctrl+C stops everything it started.
// Environment: READTHEDOCS_DEMO_ROUTE=code|code-server forces a route;
//              READTHEDOCS_SANDBOX_PORT=<port> fixes the sandbox's port (default: a free one).
import { constants } from 'node:fs';
import { access, rm } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { buildExtension } from './lib/build.mjs';
import { copyDemoWorkspace, copyMkDemoWorkspace, copyZenDemoWorkspace, demoWorkspaceFile, sandboxEnv, sandboxSettings, startDemoWorkbench } from './lib/demo-env.mjs';
import { makeRunDir } from './lib/install.mjs';
import { root } from './lib/paths.mjs';
import { cleanupAll, isCleaningUp, onCleanup, spawnTracked } from './lib/processes.mjs';
import { createProfile } from './lib/profile.mjs';
import { startSandbox } from './lib/sandbox.mjs';

const verbose = process.env.READTHEDOCS_VSCODE_TEST_VERBOSE === '1';

try {
  const port = Number(process.env.READTHEDOCS_SANDBOX_PORT) || undefined;
  // Docs sites on their own loopback ports: hovers, completion and search reach the published docs.
  const sandbox = await startSandbox({ port, loopbackDocs: true });
  console.log(`sandbox: ${sandbox.origin} (API ${sandbox.apiBase})`);
  // Build Times' live wait: the next build of widgets (latest) waits for the concurrency limit
  // (limit 2, created 16 minutes "ago" so it reads "about retry 3 of 25"), retrying every 20 s, three times.
  sandbox.holdNextBuild('widgets', 'latest', { limit: 2, retries: 3, retryMs: 20_000, waitedSeconds: 3 * 300 + 60 });
  console.log('  the next build of widgets (latest) waits for the concurrency limit for a minute (Build Current Branch shows it)');
  for (const [slug, origin] of sandbox.docsOrigins) console.log(`  docs of ${slug}: ${origin}/`);
  // A second sandbox in Business mode (organizations, teams, private versions) behind
  // readthedocs.businessUrl; sign in to it with one of the tokens printed below.
  // Its docs sites on loopback ports too: the private internal-handbook answers only to its header token.
  const business = await startSandbox({ edition: 'business', loopbackDocs: true });
  console.log(`Business sandbox: ${business.origin} (API ${business.apiBase})`);
  const businessSettings = { 'readthedocs.businessUrl': business.origin };

  await buildExtension();
  console.log('built dist/extension.js');

  const forced = process.env.READTHEDOCS_DEMO_ROUTE;
  const code = forced === 'code-server' ? undefined : await findOnPath('code');
  if (forced === 'code' && !code) throw new Error('READTHEDOCS_DEMO_ROUTE=code but `code` is not on PATH');

  // (An object, not the promise itself: `await` would wait for a returned promise to settle.)
  const { exited } = code ? await openDesktop(code, sandbox, businessSettings) : await openCodeServer(sandbox, businessSettings);
  printSignIn(sandbox, business);
  console.log('\nPress Ctrl+C to stop the demo.');
  await exited;
  if (!isCleaningUp()) console.log('VS Code went away; stopping the demo.');
} catch (error) {
  console.error(`demo failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanupAll();
}

/** Desktop VS Code in a new window with a throwaway profile; `exited` settles when the window closes. */
async function openDesktop(code, sandbox, settings) {
  const runDir = await makeRunDir('readthedocs-vscode-demo');
  onCleanup('demo profile', () => rm(runDir, { recursive: true, force: true }));
  const { userDataDir, extensionsDir } = await createProfile(runDir, { ...sandboxSettings(sandbox), ...settings });
  const workspace = await demoWorkspaceFile(runDir, await copyDemoWorkspace(runDir, {}, { onPullRequest: true }), await copyMkDemoWorkspace(runDir), await copyZenDemoWorkspace(runDir));
  const child = spawnTracked('code', code, [
    '--new-window',
    '--wait',
    `--extensionDevelopmentPath=${root}`,
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    workspace,
  ], { env: { ...process.env, ...sandboxEnv(sandbox) }, stdio: 'inherit' });
  console.log(`\nopened desktop VS Code (${code}) on git clones of the sandbox's widgets (Sphinx), mk-demo (MkDocs) and zen-demo (Zensical) (${workspace}) with the extension under development.`);
  return { exited: child.exited };
}

/** code-server serving the workbench; `exited` settles if code-server stops. */
async function openCodeServer(sandbox, settings) {
  const { server, url } = await startDemoWorkbench({ sandbox, settings, onPullRequest: true, withMkDocs: true, verbose });
  console.log('\nNo `code` on PATH: serving the browser-based VS Code (code-server). Open this URL in a browser');
  console.log('on this machine (the whole URL: its payload loads the extension under development):\n');
  console.log(`  ${url}\n`);
  return { exited: server.exited };
}

function printSignIn(sandbox, business) {
  console.log('Signed in already through READTHEDOCS_TOKEN. To sign in by hand ("Read the Docs: Sign In…"), paste:');
  console.log(`  demo-owner (maintains the demo projects): ${sandbox.tokens.owner}`);
  console.log(`  other-user:                               ${sandbox.tokens.other}`);
  if (sandbox.tokens.org) console.log(`  org-admin (Business organizations):       ${sandbox.tokens.org}`);
  console.log(`Read the Docs for Business (${business.origin}): "Sign In…", pick Business, paste demo-owner's token above`);
  console.log('(a team member: organization details, teams refused) or org-admin\'s (an owner: teams listed).');
  const handbook = business.docsOrigins.get('internal-handbook');
  if (handbook) {
    console.log(`Private docs: signed in to Business, run "Read the Docs: Private Docs in the Editor…", pick Internal Handbook and`);
    console.log(`"All versions"; then hover this link in any Markdown file (private: it answers 401 without the token):`);
    console.log(`  ${handbook}/en/latest/index.html#internal-handbook`);
  }
}

async function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch { /* next */ }
  }
  return undefined;
}
