import type * as vscode from 'vscode';
import { type Accepts, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type NodeOfKind } from '../../core/tree/nodes';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { loadManage } from './manage';

/**
 * The version commands, in the manage commands' bundle (dist/features/manage.js: writes to a
 * project's settings, loaded when one of them first runs).
 */
export const VERSION_COMMAND_IDS = [
  CommandIds.activateVersion,
  CommandIds.deactivateVersion,
  CommandIds.hideVersion,
  CommandIds.unhideVersion,
  CommandIds.openVersionDownload,
] as const;
export type VersionCommandId = (typeof VERSION_COMMAND_IDS)[number];

/**
 * What each takes: version rows (several when several are selected) or a project row (its
 * versions are picked); a download, one version row.
 */
export type VersionArgs = {
  readonly [Id in VersionCommandId]: Id extends typeof CommandIds.openVersionDownload ? NodeOfKind<'version'> : NodeOfKind<'version' | 'project'>
};

const acceptsVersionRow = accepts.nodeOf('version', 'project');
const ACCEPTS: { readonly [Id in VersionCommandId]: Accepts<VersionArgs[Id]> } = {
  [CommandIds.activateVersion]: acceptsVersionRow,
  [CommandIds.deactivateVersion]: acceptsVersionRow,
  [CommandIds.hideVersion]: acceptsVersionRow,
  [CommandIds.unhideVersion]: acceptsVersionRow,
  [CommandIds.openVersionDownload]: accepts.nodeOf('version'),
};

/** `readthedocs.activateVersion`, `deactivateVersion`, `hideVersion`, `unhideVersion`, `openVersionDownload`. */
export function registerVersionCommands(services: Services): vscode.Disposable[] {
  const register = <Id extends VersionCommandId>(id: Id) =>
    registerCommand(id, ACCEPTS[id], async (arg, selected) => (await loadManage()).versionCommands[id](services, arg, selected), services.reporter);
  return VERSION_COMMAND_IDS.map(register);
}
