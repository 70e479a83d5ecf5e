// Starts code-server (the real VS Code workbench, served to a browser, with the real Node
// extension host on the server side) and builds the workbench URLs that load an extension
// under development and, optionally, run its extension-host test suite.
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnTracked } from './processes.mjs';
import { createProfile } from './profile.mjs';

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts code-server on 127.0.0.1 with its own profile under `runDir` and waits until it
 * answers. `env` is added to code-server's environment, which the extension host inherits.
 * `settings` is written to the profile's User/settings.json. Output goes to
 * `<runDir>/code-server.log` (and to stdout when `verbose`).
 * @returns {Promise<{ origin: string, port: number, userDataDir: string, logFile: string, exited: Promise<{code: number|null, signal: string|null}> }>}
 */
export async function startCodeServer({ install, runDir, env = {}, settings, verbose = false, workspaceTrust = false, log = (m) => console.log(m) }) {
  const port = await freePort();
  const { userDataDir, extensionsDir } = await createProfile(runDir, settings);

  const childEnv = { ...process.env, ...env };
  // Inside a VS Code terminal these make code-server act as a client of that VS Code instead.
  for (const key of Object.keys(childEnv)) if (key.startsWith('VSCODE_')) delete childEnv[key];
  // `{ NAME: undefined }` in `env` removes NAME.
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  childEnv.PATH = `${join(install.nodeDir, 'bin')}${delimiter}${childEnv.PATH ?? ''}`;

  // An own config file: otherwise code-server reads (and creates) ~/.config/code-server/config.yaml.
  const configFile = join(runDir, 'code-server.yaml');
  await writeFile(configFile, 'auth: none\ncert: false\n');
  const args = [
    install.codeServerEntry,
    '--config', configFile,
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    // Without this pair the built workbench ignores extensionDevelopmentPath/extensionTestsPath.
    '--vscode-option', 'enable-smoke-test-driver',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
  ];
  // Trust is off unless a run checks Restricted Mode (then the folder opens untrusted).
  if (!workspaceTrust) args.push('--disable-workspace-trust');
  const logFile = join(runDir, 'code-server.log');
  const logStream = createWriteStream(logFile);
  const child = spawnTracked('code-server', install.nodeBin, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      logStream.write(chunk);
      if (verbose) process.stdout.write(`[code-server] ${chunk}`);
      tail.push(...String(chunk).split('\n').filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - 30));
    });
  }
  let exitedEarly = null;
  child.exited.then((result) => { exitedEarly = result; logStream.end(); });

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exitedEarly) throw new Error(`code-server exited during start-up (${exitedEarly.signal ?? `code ${exitedEarly.code}`}):\n${tail.join('\n')}`);
    try {
      const response = await globalThis.fetch(`${origin}/healthz`);
      if (response.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`code-server did not answer on ${origin} within 60 s:\n${tail.join('\n')}`);
    await sleep(200);
  }
  log(`code-server ${install.codeServerVersion} listening on ${origin} (log: ${logFile})`);
  return { origin, port, userDataDir, logFile, exited: child.exited };
}

/**
 * The workbench URL that opens `folder` and loads the extension at `extensionDevelopmentPath`;
 * with `extensionTestsPath`, the extension host runs that module's `run()` and the page calls
 * `window.codeAutomationExit(code)` when it settles. Paths are absolute paths on this machine.
 */
export function workbenchUrl(origin, { folder, workspace, extensionDevelopmentPath, extensionTestsPath }) {
  const host = new URL(origin).host;
  const remote = (path) => `vscode-remote://${host}${path.split('/').map(encodeURIComponent).join('/')}`;
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  const url = new URL('/', origin);
  if (folder) url.searchParams.set('folder', folder);
  if (workspace) url.searchParams.set('workspace', workspace);
  if (payload.length) url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}
