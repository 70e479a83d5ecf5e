// A throwaway VS Code profile (user data + extensions folders) with chosen user settings, for
// code-server and for desktop `code` alike.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Keeps the workbench quiet and deterministic for tests, the demo and screenshots. */
const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  // Nothing a script types by mistake reaches the disk.
  'files.autoSave': 'off',
};

/**
 * Creates `<dir>/extensions` and `<dir>/user-data` with the settings in `User/`. The extension's
 * own settings have `application` scope, so they apply from User settings in code-server's remote
 * window too (settings of scope `machine` would be read from the remote's Machine settings).
 */
export async function createProfile(dir, settings = {}) {
  const userDataDir = join(dir, 'user-data');
  const extensionsDir = join(dir, 'extensions');
  await mkdir(extensionsDir, { recursive: true });
  await mkdir(join(userDataDir, 'User'), { recursive: true });
  await writeFile(join(userDataDir, 'User', 'settings.json'), `${JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2)}\n`);
  return { userDataDir, extensionsDir };
}
