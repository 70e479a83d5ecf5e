import type { ProjectNotificationRecord } from '../db';
import { apiUrl } from '../urls';
import { ICONS } from './build';
import type { RenderContext } from './renderContext';

/** `NotificationSerializer` for a notification attached to a project. */
export function renderProjectNotification(ctx: RenderContext, notification: ProjectNotificationRecord): Record<string, unknown> {
  const project = ctx.db.project(notification.project);
  return {
    id: notification.id,
    state: notification.state,
    dismissable: notification.dismissable,
    news: false,
    attached_to_content_type: 'project',
    attached_to_id: project?.id ?? 0,
    message: {
      id: notification.messageId,
      header: notification.header,
      body: notification.body,
      type: notification.type,
      icon_classes: ICONS[notification.type],
    },
    _links: {
      _self: apiUrl(ctx.origin, `projects/${notification.project}/notifications/${notification.id}/`),
    },
  };
}
