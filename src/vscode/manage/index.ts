import type * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { type CommandId, CommandIds } from '../../core/commandIds';
import { type DocsNode } from '../../core/tree/nodes';
import { registerCommand } from '../commands/register';
import { type ManageServices } from '../services';
import { createEnvironmentVariable, deleteEnvironmentVariable, replaceEnvironmentVariable } from './envVars';
import { editProject, importProject } from './projects';
import { createRedirect, deleteRedirect, editRedirect } from './redirects';
import { addSubproject, removeSubproject } from './subprojects';

/**
 * Redirects, environment variables, subprojects, project import and settings. Every command takes
 * the tree node it was invoked on, or asks (edition → project → item) from the palette; Import
 * takes the repository to fill in.
 */
export function registerManageCommands(services: ManageServices): vscode.Disposable[] {
  const { reporter } = services;
  const onRow = (id: CommandId, run: (services: ManageServices, node?: DocsNode) => Promise<unknown>) =>
    registerCommand(id, accepts.node, (node) => run(services, node), reporter);
  return [
    onRow(CommandIds.createRedirect, createRedirect),
    onRow(CommandIds.editRedirect, editRedirect),
    onRow(CommandIds.deleteRedirect, deleteRedirect),
    onRow(CommandIds.createEnvironmentVariable, createEnvironmentVariable),
    onRow(CommandIds.replaceEnvironmentVariable, replaceEnvironmentVariable),
    onRow(CommandIds.deleteEnvironmentVariable, deleteEnvironmentVariable),
    onRow(CommandIds.addSubproject, addSubproject),
    onRow(CommandIds.removeSubproject, removeSubproject),
    registerCommand(CommandIds.importProject, accepts.repository, (prefill) => importProject(services, prefill), reporter),
    onRow(CommandIds.editProject, editProject),
  ];
}
