import type { BuildRecord, NotificationRecord } from '../db';
import { isFinal } from '../model';
import { isoDate } from '../time';
import { apiUrl, dashboardUrl, versionEditUrl } from '../urls';
import type { RenderContext } from './renderContext';

/** `BuildSerializer`; `config` only when expanded. */
export function renderBuild(ctx: RenderContext, build: BuildRecord, withConfig = false): Record<string, unknown> {
  const { origin } = ctx;
  const version = build.version == null ? undefined : ctx.db.version(build.project, build.version);
  const self = `projects/${build.project}/builds/${build.id}/`;
  return {
    id: build.id,
    version: version?.slug ?? null,
    project: build.project,
    created: isoDate(build.created),
    finished: build.duration ? isoDate(build.created + build.duration * 1000) : null,
    duration: build.duration,
    state: { code: build.state, name: build.state.charAt(0).toUpperCase() + build.state.slice(1) },
    success: isFinal(build) ? build.success : null,
    error: '',
    commit: build.commit,
    _links: {
      _self: apiUrl(origin, self),
      version: version ? apiUrl(origin, `projects/${build.project}/versions/${encodeURIComponent(version.slug)}/`) : null,
      project: apiUrl(origin, `projects/${build.project}/`),
      notifications: apiUrl(origin, `${self}notifications/`),
    },
    urls: {
      build: dashboardUrl(origin, `projects/${build.project}/builds/${build.id}/`),
      project: dashboardUrl(origin, `projects/${build.project}/`),
      version: version ? versionEditUrl(origin, build.project, version.slug) : null,
    },
    ...(withConfig ? { config: build.config } : {}),
  };
}

/**
 * What `BuildSerializer(None).data` renders when a trigger creates no build: DRF's `get_initial()`,
 * i.e. only the writable fields with their initial values. Meaningless by design.
 */
export const PLACEHOLDER_BUILD = { _links: {}, commit: '', created: null, duration: null, state: { code: '' }, urls: { build: '' } };

export const ICONS: Record<NotificationRecord['type'], string> = {
  error: 'fas fa-circle-xmark',
  warning: 'fas fa-circle-exclamation',
  info: 'fas fa-circle-info',
  note: 'fas fa-circle-info',
  tip: 'fas fa-circle-info',
};

/** `NotificationSerializer` for a notification attached to a build. */
export function renderNotification(ctx: RenderContext, project: string, notification: NotificationRecord): Record<string, unknown> {
  return {
    id: notification.id,
    state: notification.state,
    dismissable: false,
    news: false,
    attached_to_content_type: 'build',
    attached_to_id: notification.build,
    message: {
      id: notification.messageId,
      header: notification.header,
      body: notification.body,
      type: notification.type,
      icon_classes: ICONS[notification.type],
    },
    _links: {
      _self: apiUrl(ctx.origin, `projects/${project}/builds/${notification.build}/notifications/${notification.id}/`),
    },
  };
}
