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
