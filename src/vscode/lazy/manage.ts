import type * as vscode from 'vscode';
import { CommandIds } from '../../core/commandIds';
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

const loadManage = loadOnce(() => import('../manage/index.js'));

/**
 * Redirects, environment variables, subprojects, project import and settings. Every command takes
 * the tree node it was invoked on, or asks (edition → project → item) from the palette.
 */
export function registerManageCommands(services: ManageServices): vscode.Disposable[] {
  return MANAGE_COMMAND_IDS.map((id) => registerCommand(id, async (node?: unknown) => (await loadManage()).manageCommands[id](services, node), services.reporter));
}
