import type * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { BuildNotifier } from './notifier';
import { showRunningBuilds } from './showRunningBuilds';
import { BuildsState } from './state';
import { RateLimitStatus, RunningBuildsStatus } from './statusBar';
import { BuildTrigger } from './triggerBuild';

/**
 * Builds: trigger (`readthedocs.triggerBuild`), the notification when a watched build ends, the
 * running-builds and rate-limit status bar items, and `readthedocs.showRunningBuilds` behind the
 * first of them. The read-only `readthedocs-build:` documents (`readthedocs.showBuild`) are
 * registered with the build logs (src/vscode/logs/index.ts).
 */
export function registerBuildCommands(services: Services): vscode.Disposable[] {
  const { reporter } = services;
  const state = new BuildsState();
  const trigger = new BuildTrigger(services, state);
  return [
    state,
    new BuildNotifier(services, state),
    new RunningBuildsStatus(services),
    new RateLimitStatus(services),
    registerCommand(CommandIds.triggerBuild, accepts.nodeOf('version', 'project'), (node) => trigger.run(node), reporter),
    registerCommand(CommandIds.showRunningBuilds, () => showRunningBuilds(services), reporter),
  ];
}
