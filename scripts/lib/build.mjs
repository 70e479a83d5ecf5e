// Builds the extension (and with `--tests` the extension-host suite) through esbuild.mjs.
import { root } from './paths.mjs';
import { run } from './processes.mjs';

/** `node esbuild.mjs [...args]` in the project root; esbuild's errors go to stderr. */
export async function buildExtension(args = []) {
  await run(process.execPath, ['esbuild.mjs', ...args], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
