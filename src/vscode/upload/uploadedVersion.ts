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

/**
 * A build request (`send`) for a version Read the Docs may know as uploaded: not sent when it is
 * known here already, and the refusal (known, or the server's 400) remembered and said with the one
 * error-to-words function, offering Upload Local Build… (`uploadArg`: the version's row publishes
 * that version). Undefined then; any other failure is thrown.
 */
export async function unlessUploaded<T>(services: Services, place: BuildRequestPlace, action: string, send: () => Promise<T>, uploadArg?: unknown): Promise<T | undefined> {
  const client = services.editions.client(place.edition);
  const version = client && { server: client.host, project: place.projectSlug, version: place.versionSlug };
  try {
    if (version && services.uploaded.isUploaded(version)) throw new UploadedVersionError();
    return await send();
  } catch (error) {
    if (!(error instanceof UploadedVersionError)) throw error;
    if (version) void services.uploaded.remember(version);
    const upload = vscode.l10n.t('Upload Local Build…');
    void Promise.resolve(services.ui.current.warn(describeError(error, { action, host: client?.host }), upload)).then((choice) => {
      if (choice === upload) return vscode.commands.executeCommand(CommandIds.uploadLocalBuild, uploadArg);
      return undefined;
    });
    return undefined;
  }
}
