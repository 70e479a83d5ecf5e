import type * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { type ManageServices, type Services } from '../services';
import { type PrivateDocs } from './privateDocs';
import { createSharingLink, deleteSharingMethodCommand } from './sharingCommands';

/** The Sharing folder's commands and Private Docs in the Editor (Business only; the manifest hides them elsewhere). */
export function registerSharingCommands(services: ManageServices & Pick<Services, 'workspaceProjects'>, privateDocs: PrivateDocs): vscode.Disposable[] {
  const { reporter } = services;
  return [
    registerCommand(CommandIds.createSharingLink, accepts.node, (node) => createSharingLink(services, node), reporter),
    registerCommand(CommandIds.deleteSharingMethod, accepts.node, (node) => deleteSharingMethodCommand(services, node, (slug, id) => privateDocs.methodDeleted(slug, id)), reporter),
    registerCommand(CommandIds.enablePrivateDocs, accepts.projectSlugRef, (ref) => privateDocs.enable(ref, services), reporter),
    registerCommand(CommandIds.disablePrivateDocs, accepts.projectSlugRef, (ref) => privateDocs.disable(ref), reporter),
  ];
}
