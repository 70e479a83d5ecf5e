import * as vscode from 'vscode';
import { realPathInside } from '../core/util/paths';

/** The most a folder file read for what it says (conf.py, mkdocs.yml, a redirects file, a source file) may hold. */
export const FOLDER_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A file of the workspace as text: the open document's when it has unsaved edits, else the file's
 * when it is a regular file of at most `maxBytes` that really lies in its workspace folder (an open
 * document without edits may outlive its deleted file: the disk says what is there).
 * Undefined when it is missing, unreadable, not a regular file (a FIFO or a device never blocks
 * the reader), larger, or reached through a symbolic link (of the file or of a parent folder)
 * that leads out of the folder.
 */
export async function readFolderFile(uri: vscode.Uri, maxBytes = FOLDER_FILE_MAX_BYTES): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open?.isDirty) return open.getText();
  if (!(await insideItsFolder(uri))) return undefined;
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type !== vscode.FileType.File || stat.size > maxBytes) return undefined;
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** A local file's real path lies inside its workspace folder's real path (other file systems resolve no links of ours). */
async function insideItsFolder(uri: vscode.Uri): Promise<boolean> {
  if (uri.scheme !== 'file') return true;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  return folder !== undefined && await realPathInside(folder.uri.fsPath, uri.fsPath) !== undefined;
}

/** Whether something is at `uri` (a stat, nothing read). */
export async function pathExists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
