import * as vscode from 'vscode';
import { type NoticeRef, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';

/** "Dismiss" on a notice row of the projects tree or of "This Workspace" (hidden from the palette). */
export function registerNoticeCommands(services: Services): vscode.Disposable[] {
  return [registerCommand(CommandIds.dismissNotice, accepts.noticeRef, (ref) => dismiss(services, ref), services.reporter)];
}

async function dismiss({ notices }: Services, ref: NoticeRef | undefined): Promise<void> {
  if (ref) await notices.dismiss(ref.edition, ref.projectSlug, ref.notice);
}
