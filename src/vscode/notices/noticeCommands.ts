import * as vscode from 'vscode';
import { type NoticeRef, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { unreadProjectNotices } from '../../core/api/endpoints/notifications';
import { noticeText } from '../../core/models/notification';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { resolveItem } from '../tree/pickers';

/** "Dismiss" on a notice row of the projects tree or of "This Workspace", or a notice picked from the palette. */
export function registerNoticeCommands(services: Services): vscode.Disposable[] {
  return [registerCommand(CommandIds.dismissNotice, accepts.noticeRef, (ref) => dismiss(services, ref), services.reporter)];
}

async function dismiss(services: Services, ref: NoticeRef | undefined): Promise<void> {
  const notice = ref ?? await pickNotice(services);
  if (notice) await services.notices.dismiss(notice.edition, notice.projectSlug, notice.notice);
}

async function pickNotice(services: Services): Promise<NoticeRef | undefined> {
  const picked = await resolveItem(services, undefined, 'notices', {
    project: vscode.l10n.t('Dismiss a notice of which project?'),
    item: vscode.l10n.t('Dismiss which notice?'),
    reading: (slug) => vscode.l10n.t('Reading the notices of {0}…', slug),
    none: (slug) => vscode.l10n.t('{0} has no notice you can dismiss.', slug),
    // Notices are few: the first page holds them.
    list: async (client, slug, call) => {
      const page = await unreadProjectNotices(client, slug, call);
      return { ...page, items: page.items.filter((notice) => notice.dismissable) };
    },
    choice: (notice) => {
      const { header, body } = noticeText(notice);
      return { label: header || notice.messageId, detail: body };
    },
  });
  return picked && { edition: picked.target.edition, projectSlug: picked.target.projectSlug, notice: picked.item };
}
