import { type Build, parseBuild } from '../../models/build';
import { asObject, str } from '../../models/parse';
import { type Version, parseVersion } from '../../models/version';
import { type ReadTheDocsClient } from '../client';
import { ApiError, ForbiddenError, HttpStatusError, NotFoundError, RateLimitedError, type UploadRefusal, UploadRefusedError, ValidationError } from '../errors';
import { apiPath } from '../paths';
import { type CallOptions } from '../requests';

/** What an upload publishes as (FACTS section 24): a branch, a tag, or a pull request's preview (`external`, its number). */
export interface UploadVersion {
  readonly name: string;
  readonly type: 'branch' | 'tag' | 'external';
  /** The full sha of the commit that was built. */
  readonly commit: string;
  /** Business only; omitted: the server's default (`private` on Business). */
  readonly privacyLevel?: 'public' | 'private';
}

export interface InitiatedUpload {
  readonly build: Build;
  readonly version: Version;
  /** The storage endpoint and the presigned fields, sent as given, in order. */
  readonly uploadUrl: string;
  readonly fields: readonly (readonly [string, string])[];
}

/**
 * `POST upload/initiate/`: creates the build (state `triggered`) and the presigned storage POST.
 * A write: never retried. The server's refusals become `UploadRefusedError`s with their reason.
 */
export function initiateUpload(client: ReadTheDocsClient, project: string, version: UploadVersion, options: CallOptions = {}): Promise<InitiatedUpload> {
  const body = {
    project,
    version: { name: version.name, type: version.type, commit: version.commit, ...(version.privacyLevel ? { privacy_level: version.privacyLevel } : {}) },
  };
  return refusalsOf(client.requests.write('POST', apiPath('upload', 'initiate'), body, parseInitiated, { ...options, changes: apiPath('projects', project, 'versions', version.name, 'builds') }));
}

/** `POST upload/complete/`: `success` queues the build (202), `failed` ends it at once (200) so nothing is left pending. */
export function completeUpload(client: ReadTheDocsClient, project: string, build: number, status: 'success' | 'failed', options: CallOptions = {}): Promise<Build> {
  return refusalsOf(client.requests.write('POST', apiPath('upload', 'complete'), { build, status }, (value) => parseBuild(asObject(value, 'complete').build, 'complete.build'), { ...options, changes: apiPath('projects', project, 'builds') }));
}

function parseInitiated(value: unknown): InitiatedUpload {
  const o = asObject(value, 'initiate');
  const upload = asObject(o.upload_url, 'initiate.upload_url');
  const fields = asObject(upload.fields, 'initiate.upload_url.fields');
  return {
    build: parseBuild(o.build, 'initiate.build'),
    version: parseVersion(o.version, 'initiate.version'),
    uploadUrl: str(upload, 'url', 'initiate.upload_url'),
    fields: Object.entries(fields).map(([name, field]) => [name, typeof field === 'string' ? field : String(field)] as const),
  };
}

/** The upload calls' refusals (FACTS section 24), by status and the server's own text. */
const REFUSALS: readonly { status: number; text: RegExp; reason: UploadRefusal }[] = [
  { status: 403, text: /not enabled/i, reason: 'notEnabled' },
  { status: 403, text: /admin permission/i, reason: 'notAdmin' },
  { status: 403, text: /not active/i, reason: 'inactive' },
  { status: 429, text: /pending uploads/i, reason: 'tooManyPending' },
  { status: 409, text: /./, reason: 'inProcess' },
  { status: 400, text: /not found in storage/i, reason: 'fileMissing' },
  { status: 404, text: /^Project not found/i, reason: 'projectNotFound' },
  { status: 404, text: /^Build not found/i, reason: 'buildNotFound' },
];

async function refusalsOf<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const detail = detailOf(error);
    const refusal = error instanceof ApiError && detail !== undefined ? REFUSALS.find((r) => r.status === error.status && r.text.test(detail)) : undefined;
    if (!refusal || !(error instanceof ApiError)) throw error;
    throw new UploadRefusedError(refusal.reason, detail!, error.request, error.status, error instanceof RateLimitedError ? error.retryAfterSeconds : undefined);
  }
}

function detailOf(error: unknown): string | undefined {
  if (error instanceof ForbiddenError || error instanceof HttpStatusError || error instanceof RateLimitedError) return error.detail;
  if (error instanceof NotFoundError) return error.detail;
  if (error instanceof ValidationError) return error.generalErrors.join(' ') || undefined;
  return undefined;
}
