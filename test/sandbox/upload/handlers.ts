// POST /api/v3/upload/initiate/ and /api/v3/upload/complete/ (FACTS §24): the checks in upstream's order, then the build.

import type { BuildMessage } from '../builds';
import type { RequestContext } from '../context';
import type { BuildRecord, ProjectRecord, SandboxDb, VersionRecord } from '../db';
import { detail, invalid, json, type ApiResponse } from '../http';
import { isAdmin } from '../permissions';
import { renderBuild } from '../serializers/build';
import { renderVersion } from '../serializers/version';
import { MAX_PENDING_UPLOADS } from './store';
import { unzip } from './unzip';

const ADMIN_TEXT = 'You do not have admin permission for this project.';
const REQUIRED = ['This field is required.'];

export function initiateUpload(ctx: RequestContext, storageOrigin: string): ApiResponse {
  const body = ctx.body as Record<string, unknown> | undefined;
  const errors: Record<string, unknown> = {};
  if (typeof body?.project !== 'string' || !body.project) errors.project = REQUIRED;
  const version = body?.version as Record<string, unknown> | undefined;
  if (typeof version !== 'object' || version === null) errors.version = REQUIRED;
  else {
    const fields: Record<string, string[]> = {};
    if (typeof version.name !== 'string' || !version.name) fields.name = REQUIRED;
    if (!['branch', 'tag', 'external'].includes(version.type as string)) fields.type = [`"${String(version.type)}" is not a valid choice.`];
    if (typeof version.commit !== 'string' || !version.commit) fields.commit = REQUIRED;
    if (version.privacy_level !== undefined && !['public', 'private'].includes(version.privacy_level as string)) fields.privacy_level = [`"${String(version.privacy_level)}" is not a valid choice.`];
    if (version.privacy_level === 'private' && ctx.db.edition === 'community') fields.privacy_level = ['Private versions are not available on Read the Docs Community.'];
    if (Object.keys(fields).length) errors.version = fields;
  }
  if (Object.keys(errors).length) return invalid(errors);
  const { db } = ctx;
  const project = db.project(body!.project as string);
  if (!project) return detail(404, 'Project not found.');
  if (!isAdmin(db, ctx.user, project)) return detail(403, ADMIN_TEXT);
  if (!db.uploads.enabled.has(project.slug)) return detail(403, 'Direct artifacts upload is not enabled for this project.');
  if (!project.active) return detail(403, 'Project is not active.');
  if (pendingCount(db, project.slug) >= MAX_PENDING_UPLOADS) {
    return detail(429, 'Too many pending uploads for this project. Finish or cancel some builds before triggering new ones.');
  }
  const name = version!.name as string;
  const type = version!.type as VersionRecord['type'];
  const target = db.versions(project.slug).find((v) => v.verboseName === name && v.type === type)
    ?? db.addVersion(project.slug, { slug: slugOf(name), verboseName: name, identifier: name, type, active: true, built: false });
  target.active = true;
  target.privacyLevel = (version!.privacy_level as VersionRecord['privacyLevel'] | undefined) ?? (db.edition === 'business' ? 'private' : 'public');
  // Initiate cancels every unfinished build of the version, earlier pending uploads too.
  ctx.builds.cancelUnfinished(project.slug, target.slug);
  for (const id of [...db.uploads.pending.keys()]) if (db.build(id)?.state === 'cancelled') db.uploads.pending.delete(id);
  const build = db.addBuild({ project: project.slug, version: target.slug, commit: version!.commit as string, state: 'triggered', success: false, config: {} });
  const upload = db.uploads.presign(project.id, build.id);
  db.uploads.builds.add(build.id);
  db.uploads.pending.set(build.id, upload);
  return json(201, { build: renderBuild(ctx, build), version: renderVersion(ctx, target), upload_url: { url: `${storageOrigin}/`, fields: upload.fields } });
}

export function completeUpload(ctx: RequestContext): ApiResponse {
  const body = ctx.body as Record<string, unknown> | undefined;
  const errors: Record<string, string[]> = {};
  if (!Number.isInteger(body?.build)) errors.build = REQUIRED;
  if (!['success', 'failed'].includes(body?.status as string)) errors.status = [`"${String(body?.status)}" is not a valid choice.`];
  if (Object.keys(errors).length) return invalid(errors);
  const { db } = ctx;
  const build = db.build(body!.build as number);
  if (!build || !db.uploads.builds.has(build.id)) return detail(404, 'Build not found.');
  const project = db.project(build.project)!;
  if (!isAdmin(db, ctx.user, project)) return detail(403, ADMIN_TEXT);
  const pending = db.uploads.pending.get(build.id);
  if (!pending || build.state !== 'triggered') return detail(409, 'Build is already in process.');
  if (body!.status === 'failed') {
    db.uploads.pending.delete(build.id);
    build.state = 'finished';
    build.success = false;
    build.duration = 0;
    db.addNotification({ build: build.id, ...UPLOAD_FAILED });
    return json(200, { build: renderBuild(ctx, build) });
  }
  const zip = db.uploads.objects.get(pending.key);
  if (!zip) return detail(400, 'Uploaded artifacts file not found in storage. Make sure the upload was successful.');
  db.uploads.pending.delete(build.id);
  ctx.builds.processUpload(build, () => publish(db, project, build, zip));
  return json(202, { build: renderBuild(ctx, build) });
}

/** Uploads still `triggered` and not completed: they count toward the cap. */
function pendingCount(db: SandboxDb, project: string): number {
  return [...db.uploads.pending.keys()].filter((id) => db.build(id)?.project === project && db.build(id)?.state === 'triggered').length;
}

/** Unzips, validates and publishes an uploaded build; the failure's message when it fails. */
function publish(db: SandboxDb, project: ProjectRecord, build: BuildRecord, zip: Buffer): BuildMessage | undefined {
  const entries = unzip(zip, db.uploads.maxBytes * 4);
  if (!entries) return failure('build:user:artifacts-zip-invalid', 'Invalid artifacts file', 'The uploaded artifacts file is not a valid zip file.');
  if (!entries.some((e) => e.name === 'html/index.html')) return failure('build:user:output:html-no-index-file', 'Index file is not present in HTML output directory', 'Your documentation did not generate an <code>index.html</code> at its root directory.');
  for (const format of ['pdf', 'epub', 'htmlzip']) {
    const files = entries.filter((e) => e.name.startsWith(`${format}/`) && !e.name.endsWith('/'));
    const folder = entries.some((e) => e.name === `${format}/`);
    if (folder && files.length === 0) return failure('build:user:output:has-0-files', 'There is no file in output directory', `Read the Docs found no ${format} file in <code>${format}/</code>.`);
    if (files.length > 1) return failure('build:user:output:has-multiple-files', 'There are multiple files in output directory', `Read the Docs found ${files.length} files in <code>${format}/</code>; only one is allowed.`);
  }
  const version = db.version(project.slug, build.version!)!;
  for (const key of [...db.uploads.pages.keys()]) if (key.startsWith(`${project.slug}/${version.slug}/`)) db.uploads.pages.delete(key);
  for (const entry of entries) {
    if (entry.name.startsWith('html/') && !entry.name.endsWith('/')) db.uploads.pages.set(`${project.slug}/${version.slug}/${entry.name.slice('html/'.length)}`, entry.data);
  }
  version.built = true;
  version.downloads = (['pdf', 'epub', 'htmlzip'] as const).filter((f) => entries.some((e) => e.name.startsWith(`${f}/`)));
  db.uploads.uploadedVersions.add(`${project.slug}/${version.slug}`);
  return undefined;
}

const UPLOAD_FAILED: BuildMessage = {
  messageId: 'build:user:artifacts-zip-upload-failed', header: 'Artifacts upload failed', body: 'The upload of the artifacts file to storage failed.', type: 'error',
};

function failure(messageId: string, header: string, body: string): BuildMessage {
  return { messageId, header, body, type: 'error' };
}

/** Upstream's slug of a version name: lower case, characters outside `[a-z0-9._-]` become `-`. */
function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'version';
}
