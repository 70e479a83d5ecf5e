// Builds: list, detail, trigger, and build notifications.

import type { RequestContext } from '../context';
import { expansions, sparseFields } from '../flex';
import { json, notFound, notFoundPlain, type ApiResponse } from '../http';
import { isFinal, newestFirst } from '../model';
import { paginate } from '../pagination';
import { canViewBuild } from '../permissions';
import { PLACEHOLDER_BUILD, renderBuild, renderNotification } from '../serializers/build';
import { renderProject } from '../serializers/project';
import { renderVersion } from '../serializers/version';
import { booleanFilter, exactFilter, integerId, isResponse } from '../validation';

/** Builds of the project, or of one version when nested under `versions/<v>/builds/`. */
export function listBuilds(ctx: RequestContext): ApiResponse {
  const { db, user, query } = ctx;
  const version = ctx.params.version;
  const withConfig = expansions(query, ['config']).has('config');
  const commit = exactFilter(query, 'commit');
  const running = booleanFilter(query.get('running'));
  const builds = db.builds(ctx.params.project)
    .filter((b) => canViewBuild(db, user, b) && (version === undefined || b.version === version) && commit(b.commit ?? '') && (running === undefined || isFinal(b) !== running))
    .sort(newestFirst);
  return paginate(ctx, builds, (b) => sparseFields(query, renderBuild(ctx, b, withConfig)));
}

/** The build from the URL: a non-integer id is `Not found.`, a missing or hidden one `No Build matches…`. */
function findBuild(ctx: RequestContext, param: string) {
  const id = integerId(ctx.params[param]);
  if (id === undefined) return notFoundPlain();
  const build = ctx.db.build(id);
  const visible = build && build.project === ctx.params.project && canViewBuild(ctx.db, ctx.user, build);
  return visible ? build : notFound('Build');
}

export function getBuild(ctx: RequestContext): ApiResponse {
  const build = findBuild(ctx, 'build');
  if (isResponse(build)) return build;
  const withConfig = expansions(ctx.query, ['config']).has('config');
  return json(200, sparseFields(ctx.query, renderBuild(ctx, build, withConfig)));
}

/** POST …/versions/<v>/builds/: 202 with the new build, or 400 `triggered: false` for an inactive project. */
export function triggerBuild(ctx: RequestContext): ApiResponse {
  const project = ctx.db.project(ctx.params.project)!;
  const version = ctx.db.version(project.slug, ctx.params.version);
  if (!version) return notFound('Version');
  if (ctx.db.uploads.isUploaded(project.slug, version.slug)) return json(400, { error: 'Cannot trigger a build for an uploaded version.' });
  const build = project.active ? ctx.builds.trigger(project, version) : undefined;
  return json(build ? 202 : 400, {
    build: build ? renderBuild(ctx, build) : PLACEHOLDER_BUILD,
    project: renderProject(ctx, project),
    version: renderVersion(ctx, version),
    triggered: build !== undefined,
  });
}

export function listBuildNotifications(ctx: RequestContext): ApiResponse {
  const build = findBuild(ctx, 'build');
  if (isResponse(build)) return build;
  const notifications = ctx.db.notifications.filter((n) => n.build === build.id);
  return paginate(ctx, notifications, (n) => renderNotification(ctx, build.project, n));
}

export function getBuildNotification(ctx: RequestContext): ApiResponse {
  const build = findBuild(ctx, 'build');
  if (isResponse(build)) return build;
  const id = integerId(ctx.params.notification);
  if (id === undefined) return notFoundPlain();
  const notification = ctx.db.notifications.find((n) => n.build === build.id && n.id === id);
  return notification ? json(200, renderNotification(ctx, build.project, notification)) : notFound('Notification');
}
