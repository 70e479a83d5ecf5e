// Small helpers for extension-host tests: reach the testing API, point the settings at a sandbox,
// sign in through the real command with a scripted token prompt, wait for something to happen.

import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension';
import type { TestingApi } from '../../../src/vscode/testing';
import { ScriptedUi } from './scriptedUi';
import { signedInEditions } from './tree';

export const EXTENSION_ID = 'readthedocs-community.readthedocs-vscode';

/** Activates the extension (once) and returns its testing API. */
export async function getTesting(): Promise<TestingApi> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  if (!api.testing) throw new Error('the extension did not return its testing API (not in test mode?)');
  return api.testing;
}

/** Points the editions at sandbox origins (undefined = leave; '' = switch off), globally. */
export async function setEditionUrls(urls: { community?: string; business?: string }): Promise<void> {
  const config = vscode.workspace.getConfiguration('readthedocs');
  if (urls.community !== undefined) await config.update('communityUrl', urls.community, vscode.ConfigurationTarget.Global);
  if (urls.business !== undefined) await config.update('businessUrl', urls.business, vscode.ConfigurationTarget.Global);
  // The extension hears of a change in the same event that makes the new value readable here.
  await waitFor(() => {
    const now = vscode.workspace.getConfiguration('readthedocs');
    return (urls.community === undefined || now.get('communityUrl') === urls.community)
      && (urls.business === undefined || now.get('businessUrl') === urls.business);
  }, `the edition URLs to read ${JSON.stringify(urls)}`);
}

/** The editions with a base URL (the ones sign-in offers). */
export function configuredEditions(): ('community' | 'business')[] {
  const config = vscode.workspace.getConfiguration('readthedocs');
  return (['community', 'business'] as const).filter((edition) => !!config.get<string>(`${edition}Url`));
}

/** Sets any `readthedocs.*` setting globally (undefined resets it). */
export async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('readthedocs').update(key, value, vscode.ConfigurationTarget.Global);
  // The extension hears of a change in the same event that makes the new value readable here.
  await waitFor(() => isDeepStrictEqual(vscode.workspace.getConfiguration('readthedocs').inspect(key)?.globalValue, value), `the setting ${key} to read ${JSON.stringify(value)}`);
}

/**
 * Signs in through `readthedocs.signIn` with `token` typed into the scripted password box
 * (without `edition`, the community edition is picked when both are configured). Returns the ScriptedUi used.
 */
export async function signInWith(testing: TestingApi, token: string, edition?: 'community' | 'business'): Promise<ScriptedUi> {
  const ui = new ScriptedUi();
  // The command asks for the edition only when none is given and both are configured.
  if (!edition && configuredEditions().length > 1) ui.pick('Read the Docs Community');
  ui.input(token);
  testing.setUi(ui);
  await vscode.commands.executeCommand('readthedocs.signIn', edition);
  return ui;
}

/** Signs out of every signed-in edition (scripted, no prompts shown). */
export async function signOutAll(testing: TestingApi): Promise<void> {
  for (const edition of await signedInEditions(testing)) {
    testing.setUi(new ScriptedUi());
    await vscode.commands.executeCommand('readthedocs.signOut', edition);
  }
}

/** Polls `check` until it returns a truthy value (returned), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, what: string | (() => string), timeoutMs = 10_000, intervalMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * The start of a builds suite: the community edition only, pointed at `origin`, signed in with
 * `token`, polls every second, the projects view shown (the watcher pauses while it is hidden).
 * `leaveSandbox` undoes it.
 */
export async function useSandboxForBuilds(testing: TestingApi, origin: string, token: string): Promise<void> {
  await signOutAll(testing);
  await setSetting('builds.pollSeconds', 1);
  await setEditionUrls({ community: origin, business: '' });
  await signInWith(testing, token);
  await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
  await waitFor(() => testing.projects.view.visible, 'the projects view to be visible');
}

/** Undoes `useSandboxForBuilds`. */
export async function leaveSandbox(testing: TestingApi): Promise<void> {
  await signOutAll(testing);
  await setSetting('builds.pollSeconds', undefined);
  await setEditionUrls({ community: '' });
}

/** The ids of the builds the running-builds status bar item lists now (none while it is hidden). */
export function runningBuildIds(testing: TestingApi): number[] {
  const tooltip = testing.runningBuildsStatus()?.tooltip ?? '';
  return [...tooltip.matchAll(/^build #(\d+) of /gm)].map((m) => Number(m[1]));
}

/** Every diagnostic the extension shows, as `path:line code message` lines: what a failed wait on the Problems panel prints. */
export function describeOurDiagnostics(): string {
  const lines = vscode.languages.getDiagnostics().flatMap(([uri, list]) => list
    .filter((d) => d.source === 'Read the Docs')
    .map((d) => `${vscode.workspace.asRelativePath(uri)}:${d.range.start.line + 1} ${typeof d.code === 'object' ? d.code.value : d.code ?? ''} ${d.message}`));
  return lines.length ? `\n${lines.join('\n')}` : ' (none)';
}
