import type * as vscode from 'vscode';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { BuildNotifier } from './notifier';
import { showRunningBuilds } from './showRunningBuilds';
import { BuildsState } from './state';
import { RateLimitStatus, RunningBuildsStatus } from './statusBar';
import { registerTriggerBuild } from './triggerBuild';

/**
 * Builds: trigger (`readthedocs.triggerBuild`), the notification when a watched build ends, the
 * running-builds and rate-limit status bar items, and `readthedocs.showRunningBuilds` behind the
 * first of them. The read-only `readthedocs-build:` documents (`readthedocs.showBuild`) are
 * registered with the build logs (src/vscode/logs/index.ts).
 */
export function registerBuildCommands(services: Services): vscode.Disposable[] {
  const { reporter } = services;
  const state = new BuildsState();
  return [
    state,
    new BuildNotifier(services, state),
    new RunningBuildsStatus(services),
    new RateLimitStatus(services),
    registerTriggerBuild(services, state),
    registerCommand(CommandIds.showRunningBuilds, () => showRunningBuilds(services), reporter),
  ];
}
