import * as vscode from 'vscode';
import { type NoticeRef, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { nodeIds } from '../../core/tree/nodes';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';

/** "Dismiss" on a notice row of the projects tree or of "This Workspace" (hidden from the palette). */
export function registerNoticeCommands(services: Services): vscode.Disposable[] {
  return [registerCommand(CommandIds.dismissNotice, accepts.noticeRef, (ref) => dismiss(services, ref), services.reporter)];
}

async function dismiss({ notices, tree }: Services, ref: NoticeRef | undefined): Promise<void> {
  if (!ref) return;
  await notices.dismiss(ref.edition, ref.projectSlug, ref.notice);
  const projectId = ref.projectId ?? nodeIds.projectOf(ref.edition, ref.projectSlug, undefined, (id) => tree.find(id) !== undefined);
  const folderId = nodeIds.folder(projectId, 'notices');
  if (tree.find(folderId)) tree.refresh(folderId);
}
