import type * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { acceptsUri, registerCommand } from '../commands/register';
import { type Services } from '../services';
import { BuildDocuments, acceptsBuild, openBuildInBrowser, showBuild } from './buildDocument';
import { BuildNotifier } from './notifier';
import { showRunningBuilds } from './showRunningBuilds';
import { BuildsState } from './state';
import { RateLimitStatus, RunningBuildsStatus } from './statusBar';
import { BuildTrigger } from './triggerBuild';

/**
 * Builds: trigger (`readthedocs.triggerBuild`), inspect (`readthedocs.showBuild`, a read-only
 * `readthedocs-build:` document), the notification when a watched build ends, the running-builds
 * and rate-limit status bar items, and `readthedocs.showRunningBuilds` behind the first of them.
 */
export function registerBuildCommands(services: Services): vscode.Disposable[] {
  const { reporter } = services;
  const state = new BuildsState();
  const trigger = new BuildTrigger(services, state);
  const documents = new BuildDocuments(services);
  return [
    state,
    documents,
    new BuildNotifier(services, state),
    new RunningBuildsStatus(services),
    new RateLimitStatus(services),
    registerCommand(CommandIds.triggerBuild, accepts.nodeOf('version', 'project'), (node) => trigger.run(node), reporter),
    registerCommand(CommandIds.showBuild, acceptsBuild, (arg) => showBuild(services, arg), reporter),
    registerCommand(CommandIds.openBuildInBrowser, accepts.either(acceptsUri, accepts.nodeOf('build'), accepts.buildRef), (arg) => openBuildInBrowser(services, documents, arg), reporter),
    registerCommand(CommandIds.showRunningBuilds, () => showRunningBuilds(services), reporter),
  ];
}
