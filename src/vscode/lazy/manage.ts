import type * as vscode from 'vscode';
import { type Accepts, type RepositoryPrefill, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type DocsNode } from '../../core/tree/nodes';
import { registerCommand } from '../commands/register';
import { type ManageServices } from '../manage';
import { loadOnce } from './load';

/** The manage commands (dist/features/manage.js); the bundle is loaded when one of them first runs. */
export const MANAGE_COMMAND_IDS = [
  CommandIds.createRedirect,
  CommandIds.editRedirect,
  CommandIds.deleteRedirect,
  CommandIds.createEnvironmentVariable,
  CommandIds.replaceEnvironmentVariable,
  CommandIds.deleteEnvironmentVariable,
  CommandIds.addSubproject,
  CommandIds.removeSubproject,
  CommandIds.importProject,
  CommandIds.editProject,
] as const;
export type ManageCommandId = (typeof MANAGE_COMMAND_IDS)[number];

/** What each takes: the row it was run on (it acts on the row's project, or on the row's item), except Import (the repository to fill in). */
export type ManageArgs = { readonly [Id in ManageCommandId]: Id extends typeof CommandIds.importProject ? RepositoryPrefill : DocsNode };

const ACCEPTS: { readonly [Id in ManageCommandId]: Accepts<ManageArgs[Id]> } = {
  [CommandIds.createRedirect]: accepts.node,
  [CommandIds.editRedirect]: accepts.node,
  [CommandIds.deleteRedirect]: accepts.node,
  [CommandIds.createEnvironmentVariable]: accepts.node,
  [CommandIds.replaceEnvironmentVariable]: accepts.node,
  [CommandIds.deleteEnvironmentVariable]: accepts.node,
  [CommandIds.addSubproject]: accepts.node,
  [CommandIds.removeSubproject]: accepts.node,
  [CommandIds.importProject]: accepts.repository,
  [CommandIds.editProject]: accepts.node,
};

/** dist/features/manage.js, which holds the version commands too (src/vscode/lazy/versions.ts). */
export const loadManage = loadOnce(() => import('../manage/index.js'));

/**
 * Redirects, environment variables, subprojects, project import and settings. Every command takes
 * the tree node it was invoked on, or asks (edition → project → item) from the palette.
 */
export function registerManageCommands(services: ManageServices): vscode.Disposable[] {
  const register = <Id extends ManageCommandId>(id: Id) =>
    registerCommand(id, ACCEPTS[id], async (arg) => (await loadManage()).manageCommands[id](services, arg), services.reporter);
  return MANAGE_COMMAND_IDS.map(register);
}
