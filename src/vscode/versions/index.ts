import type * as vscode from 'vscode';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { runVersionAction } from './versionCommands';
import { openVersionDownload } from './downloads';

/** `readthedocs.activateVersion`, `deactivateVersion`, `hideVersion`, `unhideVersion`, `openVersionDownload`. */
export function registerVersionCommands(services: Services): vscode.Disposable[] {
  const { reporter } = services;
  return [
    registerCommand(CommandIds.activateVersion, (arg?: unknown, selection?: unknown) => runVersionAction(services, 'activate', arg, selection), reporter),
    registerCommand(CommandIds.deactivateVersion, (arg?: unknown, selection?: unknown) => runVersionAction(services, 'deactivate', arg, selection), reporter),
    registerCommand(CommandIds.hideVersion, (arg?: unknown, selection?: unknown) => runVersionAction(services, 'hide', arg, selection), reporter),
    registerCommand(CommandIds.unhideVersion, (arg?: unknown, selection?: unknown) => runVersionAction(services, 'unhide', arg, selection), reporter),
    registerCommand(CommandIds.openVersionDownload, (arg?: unknown) => openVersionDownload(services, arg), reporter),
  ];
}
