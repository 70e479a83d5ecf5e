import * as vscode from 'vscode';

/** The most a folder file read for what it says (conf.py, mkdocs.yml, a redirects file, a source file) may hold. */
export const FOLDER_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A file of the workspace as text: the open document's (unsaved edits included), else the file's
 * when it is a regular file of at most `maxBytes`. Undefined when it is missing, unreadable, not a
 * regular file (a FIFO or a device never blocks the reader) or larger.
 */
export async function readFolderFile(uri: vscode.Uri, maxBytes = FOLDER_FILE_MAX_BYTES): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type !== vscode.FileType.File || stat.size > maxBytes) return undefined;
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
