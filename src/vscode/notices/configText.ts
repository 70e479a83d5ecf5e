import * as vscode from 'vscode';
import { MAX_CONFIG_CHARS } from '../../core/notices/configErrors';

/** A `.readthedocs.yaml`'s text: the open document's, else the file's (a regular file under the size cap; undefined otherwise). */
export async function readConfigText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type !== vscode.FileType.File || stat.size > MAX_CONFIG_CHARS) return undefined;
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
