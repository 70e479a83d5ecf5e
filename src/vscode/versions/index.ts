import type * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { type CommandId, CommandIds } from '../../core/commandIds';
import { type VersionAction } from '../../core/versions/versionActions';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { registerDownloadCommands } from './downloads';
import { runVersionAction } from './versionCommands';

/** Version rows (several when several are selected), or a project row (its versions are picked). */
const acceptsVersionRow = accepts.nodeOf('version', 'project');

/** `readthedocs.activateVersion`, `deactivateVersion`, `hideVersion`, `unhideVersion`, and the downloads' commands. */
export function registerVersionCommands(services: Services): vscode.Disposable[] {
  const { reporter } = services;
  const register = (id: CommandId, action: VersionAction) =>
    registerCommand(id, acceptsVersionRow, (row, selected) => runVersionAction(services, action, row, selected), reporter);
  return [
    register(CommandIds.activateVersion, 'activate'),
    register(CommandIds.deactivateVersion, 'deactivate'),
    register(CommandIds.hideVersion, 'hide'),
    register(CommandIds.unhideVersion, 'unhide'),
    ...registerDownloadCommands(services),
  ];
}
