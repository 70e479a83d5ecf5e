import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { describeError } from '../../core/api/describeError';
import { UploadedVersionError } from '../../core/api/errors';
import { CommandIds } from '../../core/commandIds';
import { type Services } from '../services';

/** A build request for a version: where it goes. */
export interface BuildRequestPlace {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly versionSlug: string;
}

/** True when the version is known to be published by uploads (no request). */
export function knownUploaded(services: Pick<Services, 'editions' | 'uploaded'>, place: BuildRequestPlace): boolean {
  const client = services.editions.client(place.edition);
  return client !== undefined && services.uploaded.isUploaded({ server: client.host, project: place.projectSlug, version: place.versionSlug });
}

/**
 * A build request for an uploaded version (known before sending, or the server's 400): remembered,
 * and said with the one error-to-words function, offering Upload Local Build… (given `uploadArg`,
 * the version's row, it publishes that version). False when `error` is something else.
 */
export function explainUploadedVersion(services: Services, place: BuildRequestPlace, error: unknown, action: string, uploadArg?: unknown): boolean {
  if (!(error instanceof UploadedVersionError)) return false;
  const client = services.editions.client(place.edition);
  if (client) void services.uploaded.remember({ server: client.host, project: place.projectSlug, version: place.versionSlug });
  const upload = vscode.l10n.t('Upload Local Build…');
  void Promise.resolve(services.ui.current.warn(describeError(error, { action, host: client?.host }), upload)).then((choice) => {
    if (choice === upload) return vscode.commands.executeCommand(CommandIds.uploadLocalBuild, uploadArg);
    return undefined;
  });
  return true;
}

/** The refusal of a build request for a version known as uploaded, before anything is sent. */
export function uploadedVersionRefusal(): UploadedVersionError {
  return new UploadedVersionError();
}
