import type * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type NodeOfKind } from '../../core/tree/nodes';
import { type VersionAction } from '../../core/versions/versionActions';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { loadManage } from './manage';

/** Version rows (several when several are selected), or a project row (its versions are picked). */
const acceptsVersionRow = accepts.nodeOf('version', 'project');

/**
 * `readthedocs.activateVersion`, `deactivateVersion`, `hideVersion`, `unhideVersion`,
 * `openVersionDownload`: their handlers are in the manage commands' bundle
 * (dist/features/manage.js), loaded when one of them first runs.
 */
export function registerVersionCommands(services: Services): vscode.Disposable[] {
  const { reporter } = services;
  const run = (action: VersionAction) => async (row: NodeOfKind<'version' | 'project'> | undefined, selected: readonly NodeOfKind<'version' | 'project'>[]) =>
    (await loadManage()).runVersionAction(services, action, row, selected);
  return [
    registerCommand(CommandIds.activateVersion, acceptsVersionRow, run('activate'), reporter),
    registerCommand(CommandIds.deactivateVersion, acceptsVersionRow, run('deactivate'), reporter),
    registerCommand(CommandIds.hideVersion, acceptsVersionRow, run('hide'), reporter),
    registerCommand(CommandIds.unhideVersion, acceptsVersionRow, run('unhide'), reporter),
    registerCommand(CommandIds.openVersionDownload, accepts.nodeOf('version'), async (row) => (await loadManage()).openVersionDownload(services, row), reporter),
  ];
}
