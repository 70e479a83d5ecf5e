// The pieces `npm run demo` and `npm run screenshots` share: serve the workbench (code-server) with the extension under development pointed at a running sandbox
// and signed in with the sandbox owner's token.
import { cp, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ensureOfflineVSCode, makeRunDir } from './install.mjs';
import { startCodeServer, workbenchUrl } from './code-server.mjs';
import { fixtureWorkspace, root } from './paths.mjs';
import { onCleanup } from './processes.mjs';

/** User settings pointing the extension at the sandbox (community edition only), the workspace building `widgets`. */
export function sandboxSettings(sandbox) {
  return {
    'readthedocs.communityUrl': sandbox.origin,
    'readthedocs.businessUrl': '',
    'readthedocs.projects': ['community/widgets'],
  };
}

/** Environment for VS Code / code-server: READTHEDOCS_TOKEN signs the demo in at once. */
export function sandboxEnv(sandbox) {
  return { READTHEDOCS_TOKEN: sandbox.tokens.owner };
}

/**
 * Starts code-server serving the fixture workspace with the extension under development
 * (ExtensionMode.Development) against `sandbox`; `settings` adds user settings. Returns the URL a browser must open: only a
 * browser that opens this URL loads the extension.
 */
export async function startDemoWorkbench({ sandbox, settings = {}, verbose = false, log = (m) => console.log(m) }) {
  const install = await ensureOfflineVSCode({ log });
  const runDir = await makeRunDir('readthedocs-vscode-demo');
  onCleanup('demo run folder', () => rm(runDir, { recursive: true, force: true }));
  const workspace = await copyFixtureWorkspace(runDir);
  const server = await startCodeServer({ install, runDir, env: sandboxEnv(sandbox), settings: { ...sandboxSettings(sandbox), ...settings }, verbose, log });
  const url = workbenchUrl(server.origin, { folder: workspace, extensionDevelopmentPath: root });
  return { install, server, url, runDir, workspace };
}

/** A throwaway copy of the fixture workspace, so edits in a demo never touch the clone. */
export async function copyFixtureWorkspace(runDir) {
  const workspace = join(runDir, 'workspace', basename(fixtureWorkspace));
  await cp(fixtureWorkspace, workspace, { recursive: true });
  return workspace;
}
