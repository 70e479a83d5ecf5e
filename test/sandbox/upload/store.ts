// Direct artifacts upload (FACTS §24): the per-project beta flag, pending uploads, the storage bucket, uploaded versions and their sites.

import { createHmac } from 'node:crypto';

/** `RTD_UPLOAD_API_MAX_PENDING_UPLOADS`. */
export const MAX_PENDING_UPLOADS = 50;
/** The policy's `content-length-range` upper bound (1 GiB; tests lower it through `uploads.maxBytes`). */
export const UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
/** `RTD_UPLOAD_API_UPLOAD_URL_EXPIRATION_TIME`. */
export const UPLOAD_URL_SECONDS = 1800;

const SECRET = 'sandbox-storage-secret';

export interface PendingUpload {
  key: string;
  fields: Record<string, string>;
  expires: number;
}

export class UploadStore {
  /** Projects with `allow_direct_artifacts_upload`. */
  readonly enabled = new Set<string>();
  /** Build id → its upload, until completed. */
  readonly pending = new Map<number, PendingUpload>();
  /** Every build made by an upload. */
  readonly builds = new Set<number>();
  /** The bucket: key → the zip. */
  readonly objects = new Map<string, Buffer>();
  /** `<project>/<version slug>` of versions published by uploads (`is_uploaded`). */
  readonly uploadedVersions = new Set<string>();
  /** `<project>/<version slug>/<path>` → the uploaded file. */
  readonly pages = new Map<string, Buffer>();
  maxBytes = UPLOAD_MAX_BYTES;

  isUploaded(project: string, version: string): boolean {
    return this.uploadedVersions.has(`${project}/${version}`);
  }

  /** The presigned POST of boto3: bucket, acl, content type, key, policy and its signature. */
  presign(projectId: number, buildId: number, now = Date.now()): PendingUpload {
    const key = `${projectId}/${buildId}/artifacts.zip`;
    const expires = now + UPLOAD_URL_SECONDS * 1000;
    const policy = Buffer.from(JSON.stringify({
      expiration: new Date(expires).toISOString(),
      conditions: [{ bucket: 'sandbox-build-media' }, { key }, { acl: 'private' }, { 'Content-Type': 'application/zip' }, ['content-length-range', 1, this.maxBytes]],
    })).toString('base64');
    const fields = {
      bucket: 'sandbox-build-media',
      acl: 'private',
      'Content-Type': 'application/zip',
      key,
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': 'SANDBOXKEY/20260101/us-east-1/s3/aws4_request',
      'x-amz-date': '20260101T000000Z',
      policy,
      'x-amz-signature': createHmac('sha256', SECRET).update(policy).digest('hex'),
    };
    return { key, fields, expires };
  }
}
