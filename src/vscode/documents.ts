import * as vscode from 'vscode';

/**
 * Whether `document` still speaks for its file: it has unsaved edits, is no file, or its file
 * exists. VS Code keeps a document open for minutes after its editor closes, also when its file
 * was deleted meanwhile (a checkout, a `git rm`): such a document's text is no longer the folder's.
 */
export async function isLiveDocument(document: vscode.TextDocument): Promise<boolean> {
  if (document.isClosed) return false;
  if (document.isDirty || document.uri.scheme !== 'file') return true;
  try {
    await vscode.workspace.fs.stat(document.uri);
    return true;
  } catch {
    return false;
  }
}
