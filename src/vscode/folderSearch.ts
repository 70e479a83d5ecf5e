import * as vscode from 'vscode';
import { SEARCH_EXCLUDE } from '../core/docsLayout/buildTools';
import { pathInside } from '../core/util/paths';

/** A file a search found: its URI and its path relative to the folder searched (`/` separators). */
export interface FoundFile {
  readonly uri: vscode.Uri;
  readonly path: string;
}

/**
 * The files under `folder` matching `glob` (at most `max`, in no particular order), leaving out
 * the one list of folders no docs search looks in (`SEARCH_EXCLUDE`: virtualenvs, dependencies,
 * `.git`, every build tool's output). The only caller of `workspace.findFiles`. VS Code's globs
 * take no nested braces and no braces around a `/`: one glob per kind of name.
 */
export async function findInFolder(folder: vscode.Uri, glob: string, max: number, token?: vscode.CancellationToken): Promise<FoundFile[]> {
  return relativeTo(folder, await vscode.workspace.findFiles(new vscode.RelativePattern(folder, glob), SEARCH_EXCLUDE, max, token));
}

/**
 * The files of a built output folder (`docs/_build`) matching `glob`: the one search that looks
 * inside what the exclude list leaves out, since a build's own files are what it wants.
 */
export async function findInOutput(output: vscode.Uri, glob: string, max: number): Promise<FoundFile[]> {
  return relativeTo(output, await vscode.workspace.findFiles(new vscode.RelativePattern(output, glob), undefined, max));
}

function relativeTo(folder: vscode.Uri, uris: readonly vscode.Uri[]): FoundFile[] {
  return uris.flatMap((uri) => {
    const path = pathInside(folder.path, uri.path);
    return path ? [{ uri, path }] : [];
  });
}
