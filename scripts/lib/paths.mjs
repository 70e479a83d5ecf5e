// Paths of the project, shared by the scripts.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The extension's root (the clone), i.e. its extensionDevelopmentPath. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The folder the workbench opens in tests, the demo and screenshots. */
export const fixtureWorkspace = join(root, 'test', 'extension', 'fixture-workspace');
/** The extension-host test runner bundled by `node esbuild.mjs --tests`. */
export const extensionTestsEntry = join(root, 'out', 'test', 'extension', 'index.js');
export const screenshotsDir = join(root, 'media', 'readme');
