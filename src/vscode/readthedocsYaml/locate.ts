import * as vscode from 'vscode';
import { MAX_CONFIG_CHARS } from '../../core/docsLayout/configYaml';
import { configPlaceOf } from '../../core/readthedocsYaml/locate';
import { readFolderFile } from '../folderFiles';

/** A folder's configuration file, read. */
export interface FoundConfig {
  readonly uri: vscode.Uri;
  /** Relative to the folder, `/`-separated. */
  readonly path: string;
  readonly text: string;
}

/**
 * The configuration file Read the Docs reads in `folder` (`configPlaceOf`: the project's
 * `readthedocs_yaml_path` when it sets one, kept inside the folder), as a regular file under the
 * cap (`readFolderFile`: an open document's unsaved text counts). Undefined when there is none.
 */
export async function findConfigFile(folder: vscode.Uri, readthedocsYamlPath?: string): Promise<FoundConfig | undefined> {
  for (const path of configPlaceOf(readthedocsYamlPath).candidates) {
    const uri = vscode.Uri.joinPath(folder, path);
    const text = await readFolderFile(uri, MAX_CONFIG_CHARS);
    if (text !== undefined) return { uri, path, text };
  }
  return undefined;
}
