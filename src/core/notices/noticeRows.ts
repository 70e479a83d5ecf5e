import { l10n } from '../l10n';
import { type Notification } from '../models/notification';
import { noticeIcon, noticeText } from './facts';
import { type WorkspaceProject } from '../workspace/binding';
import { type WorkspaceRow } from '../workspace/workspaceRows';

const NOTICE_CONTEXT = 'readthedocs:workspaceNotice';
/** The context value of a notice row in "This Workspace" that can be dismissed (package.json menus). */
export const DISMISSABLE_NOTICE_CONTEXT = `${NOTICE_CONTEXT} +dismissable`;
/** Every context value a row of "This Workspace" can have (the manifest test matches menus against them). */
export const WORKSPACE_CONTEXT_VALUES: readonly string[] = [NOTICE_CONTEXT, DISMISSABLE_NOTICE_CONTEXT];

/**
 * The "Notices" row of a bound project: its unread notices (header, body as plain text, type
 * as icon); no row until they are read, "none unread" when there are none. Pure.
 */
export function noticeRows(parentId: string, bound: WorkspaceProject, notices: readonly Notification[] | undefined): WorkspaceRow[] {
  const id = `${parentId}/notices`;
  if (!notices) return [];
  const children = notices.map((notice): WorkspaceRow => {
    const { header, body } = noticeText(notice);
    const { icon, color } = noticeIcon(notice);
    return {
      id: `${id}/notice:${notice.id}`,
      label: header || notice.messageId,
      description: body,
      tooltip: body ? `${header}\n\n${body}` : header,
      icon: { id: icon, color },
      contextValue: notice.dismissable ? DISMISSABLE_NOTICE_CONTEXT : NOTICE_CONTEXT,
      noticeRef: { edition: bound.edition, projectSlug: bound.project.slug, notice },
    };
  });
  return [{
    id,
    label: l10n.t('Notices'),
    description: notices.length === 0 ? l10n.t('none unread') : undefined,
    icon: { id: notices.length === 0 ? 'bell' : 'bell-dot' },
    children,
  }];
}
