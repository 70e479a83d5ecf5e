import type * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { acceptsVersionRow, runVersionAction } from './versionCommands';
import { openVersionDownload } from './downloads';

/** `readthedocs.activateVersion`, `deactivateVersion`, `hideVersion`, `unhideVersion`, `openVersionDownload`. */
export function registerVersionCommands(services: Services): vscode.Disposable[] {
  const { reporter } = services;
  return [
    registerCommand(CommandIds.activateVersion, acceptsVersionRow, (row, selected) => runVersionAction(services, 'activate', row, selected), reporter),
    registerCommand(CommandIds.deactivateVersion, acceptsVersionRow, (row, selected) => runVersionAction(services, 'deactivate', row, selected), reporter),
    registerCommand(CommandIds.hideVersion, acceptsVersionRow, (row, selected) => runVersionAction(services, 'hide', row, selected), reporter),
    registerCommand(CommandIds.unhideVersion, acceptsVersionRow, (row, selected) => runVersionAction(services, 'unhide', row, selected), reporter),
    registerCommand(CommandIds.openVersionDownload, accepts.nodeOf('version'), (row) => openVersionDownload(services, row), reporter),
  ];
}
