import type * as vscode from 'vscode';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { createEnvironmentVariable, deleteEnvironmentVariable, replaceEnvironmentVariable } from './envVars';
import { editProject, importProject } from './projects';
import { createRedirect, deleteRedirect, editRedirect } from './redirects';
import { addSubproject, removeSubproject } from './subprojects';
import { type Services } from '../services';

/** What the manage commands use from the services. */
export type ManageServices = Pick<Services, 'editions' | 'ui' | 'reporter' | 'tree' | 'logger'>;

/**
 * Redirects, environment variables, subprojects, project import and settings. Every command takes
 * the tree node it was invoked on, or asks (edition → project → item) from the palette.
 */
export function registerManageCommands(services: ManageServices): vscode.Disposable[] {
  const { reporter } = services;
  const command = (id: Parameters<typeof registerCommand>[0], run: (services: ManageServices, node?: unknown) => Promise<unknown>) =>
    registerCommand(id, (node?: unknown) => run(services, node), reporter);
  return [
    command(CommandIds.createRedirect, createRedirect),
    command(CommandIds.editRedirect, editRedirect),
    command(CommandIds.deleteRedirect, deleteRedirect),
    command(CommandIds.createEnvironmentVariable, createEnvironmentVariable),
    command(CommandIds.replaceEnvironmentVariable, replaceEnvironmentVariable),
    command(CommandIds.deleteEnvironmentVariable, deleteEnvironmentVariable),
    command(CommandIds.addSubproject, addSubproject),
    command(CommandIds.removeSubproject, removeSubproject),
    command(CommandIds.importProject, importProject),
    command(CommandIds.editProject, editProject),
  ];
}
