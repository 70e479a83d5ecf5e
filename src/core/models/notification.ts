import { htmlToText } from '../html/plainText';
import { asObject, int, optObject, optStr } from './parse';

/** `state` values; the service may add more, so any string is kept. */
export type NotificationState = 'unread' | 'read' | 'dismissed' | 'cancelled' | (string & {});

/** A notification of a build, a project, an organization or the user (`NotificationSerializer`). */
export interface Notification {
  readonly id: number;
  readonly state: NotificationState;
  /** True when the server lets the person dismiss it. */
  readonly dismissable: boolean;
  /** The message's id (`project:builds:disabled-due-to-consecutive-failures`, `config:validation:invalid-choice`…). */
  readonly messageId: string;
  readonly header: string;
  /** HTML from the server: sanitise before showing it anywhere that renders HTML. */
  readonly bodyHtml: string;
  /** `error`, `warning`, `info`, `note` or `tip`. */
  readonly type: string;
}

export function parseNotification(value: unknown, path = 'notification'): Notification {
  const o = asObject(value, path);
  const message = optObject(o, 'message') ?? {};
  return {
    id: int(o, 'id', path),
    state: optStr(o, 'state') ?? 'unread',
    dismissable: o.dismissable === true,
    messageId: optStr(message, 'id') ?? '',
    header: optStr(message, 'header') ?? '',
    bodyHtml: optStr(message, 'body') ?? '',
    type: optStr(message, 'type') ?? 'info',
  };
}

/* What a notice says and how it looks, in both views (the tree's Notices folder, This Workspace). Pure. */

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

/** The flag words of a notice's row in either view (`+dismissable` when the server lets it go). */
export function noticeFlags(notice: Pick<Notification, 'dismissable'>): readonly string[] {
  return [notice.dismissable ? 'dismissable' : ''];
}
