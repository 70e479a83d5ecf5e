import * as vscode from 'vscode';
import { pathInside } from '../../core/util/paths';
import { readFolderFile } from '../folderFiles';
import { findConfigFile } from '../readthedocsYaml/locate';
import { type DocsLayout, layoutFromConfPy, layoutFromConfig, layoutFromMkdocs, mkdocsConfigPath } from '../../core/redirects/publishedPath';

/**
 * How a workspace folder's documentation is built: its `.readthedocs.yaml` (`findConfigFile`, at
 * the project's `readthedocsYamlPath` when it sets one) and the MkDocs config it names, else a
 * `mkdocs.yml` at the top, else the first Sphinx `conf.py`.
 */
export async function docsLayoutOf(folder: vscode.Uri, readthedocsYamlPath?: string): Promise<DocsLayout | undefined> {
  const config = await findConfigFile(folder, readthedocsYamlPath);
  if (config) {
    const mkdocs = mkdocsConfigPath(config.text);
    const mkdocsInside = mkdocs === undefined ? undefined : pathInside('', mkdocs);
    const mkdocsText = mkdocsInside ? await readFolderFile(vscode.Uri.joinPath(folder, mkdocsInside)) : undefined;
    const layout = layoutFromConfig(config.text, (path) => (path === mkdocs ? mkdocsText : undefined));
    if (layout) return layout;
  }
  for (const name of ['mkdocs.yml', 'mkdocs.yaml']) {
    const text = await readFolderFile(vscode.Uri.joinPath(folder, name));
    if (text !== undefined) return layoutFromMkdocs(name, text);
  }
  const [conf] = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/conf.py'), '**/{node_modules,.venv,venv,.tox,site-packages}/**', 1);
  return conf ? layoutFromConfPy(relativePath(folder, conf)) : undefined;
}

/** `docs/guide.rst` for a URI inside `folder` (forward slashes); outside it, its absolute path (which no docs layout contains). */
export function relativePath(folder: vscode.Uri, uri: vscode.Uri): string {
  return pathInside(folder.path, uri.path) ?? uri.path;
}
