import * as vscode from 'vscode';
import { type BuildAddress, formatBuildAddress, parseBuildAddress, serverOf } from '../../core/logs/documentAddress';
import { type BuildRef } from '../../core/commandArgs';

/** The scheme of the read-only log documents. */
export const LOG_SCHEME = 'readthedocs-log';

/** The language (and TextMate grammar) of log documents; the extension picks it. */
export const LOG_LANGUAGE = 'readthedocs-log';

/**
 * `readthedocs-log://app.readthedocs.org/community/widgets/build-123.readthedocs-log`: the
 * authority is the server of `origin`, the edition's base URL now.
 */
export function logUri(ref: BuildRef, origin: string | undefined): vscode.Uri {
  return vscode.Uri.from({ scheme: LOG_SCHEME, ...formatBuildAddress({ ...ref, server: serverOf(origin) }, LOG_LANGUAGE) });
}

export function parseLogUri(uri: vscode.Uri): BuildAddress | undefined {
  return uri.scheme === LOG_SCHEME ? parseBuildAddress(uri.authority, uri.path, LOG_LANGUAGE) : undefined;
}
