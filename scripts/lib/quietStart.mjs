// The quiet-start run of the extension-host tests: a fresh window on a folder that has nothing to
// do with Read the Docs, in Restricted Mode, with the extension staged behind a wrapper that
// counts SecretStorage calls (test/quiet-start/). Prepares the folder, the staged extension and
// the sandbox the extension points at from its first moment.
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { root } from './paths.mjs';
import { startSandbox } from './sandbox.mjs';

/** Bundled by `node esbuild.mjs --tests`. */
export const quietStartTestsEntry = join(root, 'out', 'test', 'quiet-start', 'index.js');
const stagedExtension = join(root, 'out', 'test', 'quiet-start-extension');

/**
 * @param {string} runDir a fresh folder for this run
 * @returns {Promise<{ folder: string, extensionDevelopmentPath: string, extensionTestsPath: string, settings: object, env: object, workspaceTrust: true }>}
 */
export async function prepareQuietStart(runDir) {
  const sandbox = await startSandbox();

  // An ordinary project: a package.json, and notes with a docs link (the hover check).
  const folder = join(runDir, 'some-app');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'package.json'), `${JSON.stringify({ name: 'some-app', version: '1.0.0', private: true }, null, 2)}\n`);
  await writeFile(join(folder, 'notes.md'), '# Notes\n\nCheck [the requirements](https://widgets.readthedocs.io/en/latest/installation.html#requirements) first.\n');

  // The manifest as it ships, with the wrapper as `main`; the bundle and media are the real ones.
  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  manifest.main = './wrapper.js';
  await writeFile(join(stagedExtension, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const name of ['dist', 'media']) {
    await rm(join(stagedExtension, name), { recursive: true, force: true });
    await symlink(join(root, name), join(stagedExtension, name), 'dir');
  }

  return {
    folder,
    extensionDevelopmentPath: stagedExtension,
    extensionTestsPath: quietStartTestsEntry,
    workspaceTrust: true,
    settings: {
      'security.workspace.trust.enabled': true,
      'security.workspace.trust.startupPrompt': 'never',
      'readthedocs.communityUrl': sandbox.origin,
    },
    // Signed in from the start without SecretStorage, so any request at start-up would show.
    // READTHEDOCS_API_URL names the server the token is for (it goes nowhere else).
    env: { READTHEDOCS_TOKEN: sandbox.tokens.owner, READTHEDOCS_API_URL: sandbox.origin, READTHEDOCS_TEST_SANDBOX: sandbox.origin },
  };
}
