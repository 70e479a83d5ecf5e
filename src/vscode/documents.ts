import type * as vscode from 'vscode';
import { pathExists } from './folderFiles';

/**
 * Whether `document` still speaks for its file: it has unsaved edits, is no file, or its file
 * exists. VS Code keeps a document open for minutes after its editor closes, also when its file
 * was deleted meanwhile (a checkout, a `git rm`): such a document's text is no longer the folder's.
 */
export async function isLiveDocument(document: vscode.TextDocument): Promise<boolean> {
  if (document.isClosed) return false;
  return document.isDirty || document.uri.scheme !== 'file' || pathExists(document.uri);
}
