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
 * Creates `<dir>/extensions` and `<dir>/user-data` with the settings in both `User/` and
 * `Machine/`. code-server's window is a remote window: there, settings of scope `machine` or
 * `machine-overridable` (like `readthedocs.communityUrl`) are read from the remote's Machine
 * settings and ignored in User settings. Desktop VS Code reads User and ignores Machine.
 */
export async function createProfile(dir, settings = {}) {
  const userDataDir = join(dir, 'user-data');
  const extensionsDir = join(dir, 'extensions');
  await mkdir(extensionsDir, { recursive: true });
  const text = `${JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2)}\n`;
  for (const folder of ['User', 'Machine']) {
    await mkdir(join(userDataDir, folder), { recursive: true });
    await writeFile(join(userDataDir, folder, 'settings.json'), text);
  }
  return { userDataDir, extensionsDir };
}
