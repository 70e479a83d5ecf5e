/**
 * One upload, in the order the server expects (FACTS section 24): initiate (the build and the
 * presigned storage POST), the file to storage (another host, no credential of ours), complete.
 * Any storage failure or a cancellation completes the build as `failed`, so nothing is left
 * pending (an uncompleted upload counts toward the 50-pending cap for 30 minutes). Nothing is retried.
 */
import { type InitiatedUpload, type UploadVersion, completeUpload, initiateUpload } from '../api/endpoints/upload';
import { type ReadTheDocsClient } from '../api/client';
import { CancelledError, UnexpectedResponseError } from '../api/errors';
import { type StoragePost } from '../api/transport';
import { type Build } from '../models/build';
import { errorDetail } from '../api/describeError';
import { type Logger } from '../log';
import { webUrlOf } from '../validation/urls';

export interface UploadRequest {
  readonly project: string;
  readonly version: UploadVersion;
  /** The zip on disk and its size. */
  readonly zipPath: string;
  readonly zipSize: number;
  readonly signal?: AbortSignal;
  readonly onStorageProgress?: (sent: number, total: number) => void;
  /** Tells when the build exists (to say so even if storage then fails). */
  readonly onInitiated?: (initiated: InitiatedUpload) => void;
}

export interface UploadResult {
  readonly initiated: InitiatedUpload;
  /** The build as `complete` answered (queued). */
  readonly build: Build;
}

export async function runUpload(client: ReadTheDocsClient, request: UploadRequest, logger: Logger, postFile: (post: StoragePost) => Promise<unknown> = (post) => client.transport.postFile(post)): Promise<UploadResult> {
  if (request.signal?.aborted) throw new CancelledError({ method: 'POST', path: 'upload/initiate/' });
  // Not cancelled halfway: once the server made the build, it must be known to be closed (a cancel then lands below).
  const initiated = await initiateUpload(client, request.project, request.version, { priority: 'user' });
  request.onInitiated?.(initiated);
  try {
    if (request.signal?.aborted) throw new CancelledError({ method: 'POST', path: 'upload/initiate/' });
    const url = webUrlOf(initiated.uploadUrl);
    if (!url) throw new UnexpectedResponseError('an upload URL that is not http(s)', { method: 'POST', path: 'upload/initiate/' });
    await postFile({
      url,
      fields: initiated.fields,
      file: { field: 'file', path: request.zipPath, filename: 'artifacts.zip', contentType: 'application/zip', size: request.zipSize },
      signal: request.signal,
      onProgress: request.onStorageProgress,
    });
  } catch (error) {
    // Not with the caller's signal: a cancelled upload must still be closed on the server.
    await completeUpload(client, request.project, initiated.build.id, 'failed', { priority: 'user' })
      .catch((closing: unknown) => logger.warn(`completing build ${initiated.build.id} as failed: ${errorDetail(closing)}`));
    throw error;
  }
  const build = await completeUpload(client, request.project, initiated.build.id, 'success', { priority: 'user' });
  return { initiated, build };
}
