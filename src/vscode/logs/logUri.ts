import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { type BuildRef } from '../builds/notifier';

export const LOG_SCHEME = 'readthedocs-log';
/** The language (and TextMate grammar) of log documents; the extension picks it. */
export const LOG_LANGUAGE = 'readthedocs-log';

/** `readthedocs-log:/community/widgets/build-123.readthedocs-log`. */
export function logUri(ref: BuildRef): vscode.Uri {
  return vscode.Uri.from({ scheme: LOG_SCHEME, path: `/${ref.edition}/${encodeURIComponent(ref.projectSlug)}/build-${ref.buildId}.${LOG_LANGUAGE}` });
}

export function parseLogUri(uri: vscode.Uri): BuildRef | undefined {
  if (uri.scheme !== LOG_SCHEME) return undefined;
  const match = /^\/(community|business)\/([^/]+)\/build-(\d+)\.readthedocs-log$/.exec(uri.path);
  if (!match) return undefined;
  return { edition: match[1] as Edition, projectSlug: decodeURIComponent(match[2]), buildId: Number(match[3]) };
}
