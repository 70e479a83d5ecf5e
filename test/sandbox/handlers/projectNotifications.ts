// /projects/<slug>/notifications/: list (admins; `state` / `state__in` filters), detail, PATCH of `state`.

import type { RequestContext } from '../context';
import type { ProjectNotificationRecord } from '../db';
import { invalid, json, noContent, notFound, notFoundPlain, type ApiResponse } from '../http';
import { paginate } from '../pagination';
import { renderProjectNotification } from '../serializers/projectNotification';
import { integerId, isResponse, readObject, Validator } from '../validation';

export function listProjectNotifications(ctx: RequestContext): ApiResponse {
  const states = [ctx.query.get('state'), ...(ctx.query.get('state__in')?.split(',') ?? [])].filter((s): s is string => !!s);
  const notifications = ctx.db.projectNotifications
    .filter((n) => n.project === ctx.params.project && (states.length === 0 || states.includes(n.state)));
  return paginate(ctx, notifications, (n) => renderProjectNotification(ctx, n));
}

function findNotification(ctx: RequestContext): ProjectNotificationRecord | ApiResponse {
  const id = integerId(ctx.params.notification);
  if (id === undefined) return notFoundPlain();
  const notification = ctx.db.projectNotifications.find((n) => n.project === ctx.params.project && n.id === id);
  return notification ?? notFound('Notification');
}

export function getProjectNotification(ctx: RequestContext): ApiResponse {
  const notification = findNotification(ctx);
  return isResponse(notification) ? notification : json(200, renderProjectNotification(ctx, notification));
}

/** PATCH `{"state": "read" | "dismissed"}` → 204. */
export function updateProjectNotification(ctx: RequestContext): ApiResponse {
  const notification = findNotification(ctx);
  if (isResponse(notification)) return notification;
  const data = readObject(ctx);
  if (isResponse(data)) return data;
  const v = new Validator(data, true);
  const state = v.choice<ProjectNotificationRecord['state']>('state', ['unread', 'read', 'dismissed', 'cancelled']);
  if (!v.ok) return invalid(v.errors);
  if (state !== undefined) notification.state = state;
  return noContent();
}
