import { htmlToText } from '../html/plainText';
import { type Notification } from '../models/notification';

/**
 * What a project notice says and how it looks, for the tree's Notices folder, the "This
 * Workspace" rows and the view's badge. Pure.
 */

/** A codicon and theme colour for the message's type (`error`, `warning`, `info`, `note`, `tip`). */
export function noticeIcon(notice: Pick<Notification, 'type'>): { readonly icon: string; readonly color?: string } {
  switch (notice.type) {
    case 'error': return { icon: 'error', color: 'errorForeground' };
    case 'warning': return { icon: 'warning', color: 'list.warningForeground' };
    case 'tip': return { icon: 'lightbulb' };
    default: return { icon: 'info' };
  }
}

/** The header and body as plain text (the body is the server's HTML, never shown as HTML). */
export function noticeText(notice: Pick<Notification, 'header' | 'bodyHtml'>, maxChars = 400): { readonly header: string; readonly body: string } {
  return { header: htmlToText(notice.header, 160), body: htmlToText(notice.bodyHtml, maxChars) };
}

/** What the "This Workspace" badge counts: unread errors and warnings. */
export function countsTowardBadge(notice: Pick<Notification, 'type' | 'state'>): boolean {
  return notice.state === 'unread' && (notice.type === 'error' || notice.type === 'warning');
}

/** The flag words of a notice's row in either view (`+dismissable` when the server lets it go). */
export function noticeFlags(notice: Pick<Notification, 'dismissable'>): readonly string[] {
  return [notice.dismissable ? 'dismissable' : ''];
}
