import { type Notification } from '../models/notification';

/** What the "This Workspace" badge counts: unread errors and warnings (how a notice looks: `models/notification.ts`). Pure. */
export function countsTowardBadge(notice: Pick<Notification, 'type' | 'state'>): boolean {
  return notice.state === 'unread' && (notice.type === 'error' || notice.type === 'warning');
}
