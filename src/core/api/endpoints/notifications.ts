import { type Page } from '../../models/page';
import { type Notification, parseNotification } from '../../models/notification';
import { type ReadTheDocsClient } from '../client';
import { ForbiddenError } from '../errors';
import { apiPath } from '../paths';
import { type CallOptions } from '../requests';

const NO_NOTICES: Page<Notification> = { items: [], count: 0, next: undefined };

/**
 * The project's unread notifications (FACTS §16: admins only). A 403 means "not an admin of
 * it": nothing to show, not a failure.
 */
export async function unreadProjectNotices(client: ReadTheDocsClient, projectSlug: string, call?: CallOptions): Promise<Page<Notification>> {
  try {
    return await client.requests.page(apiPath('projects', projectSlug, 'notifications'), { state: 'unread' }, parseNotification, call);
  } catch (error) {
    if (error instanceof ForbiddenError) return NO_NOTICES;
    throw error;
  }
}

/** `PATCH {"state": "dismissed"}` → 204: one request, never retried (a write). */
export async function dismissProjectNotice(client: ReadTheDocsClient, projectSlug: string, noticeId: number, call?: CallOptions): Promise<void> {
  await client.requests.write('PATCH', apiPath('projects', projectSlug, 'notifications', noticeId), { state: 'dismissed' }, undefined, call);
}
