import * as vscode from 'vscode';
import { pathInside } from '../../core/util/paths';
import { readFolderFile } from '../folderFiles';
import { type DocsLayout, layoutFromConfPy, layoutFromConfig, layoutFromMkdocs, mkdocsConfigPath } from '../../core/redirects/publishedPath';

/**
 * How a workspace folder's documentation is built: `.readthedocs.yaml` (and the MkDocs config it
 * names), else a `mkdocs.yml` at the top, else the first Sphinx `conf.py`.
 */
export async function docsLayoutOf(folder: vscode.Uri, configPath?: string): Promise<DocsLayout | undefined> {
  for (const name of [configPath, '.readthedocs.yaml', '.readthedocs.yml'].filter((n): n is string => !!n)) {
    const text = await readFolderFile(vscode.Uri.joinPath(folder, name));
    if (text === undefined) continue;
    const mkdocs = mkdocsConfigPath(text);
    const mkdocsText = mkdocs === undefined ? undefined : await readFolderFile(vscode.Uri.joinPath(folder, mkdocs));
    const layout = layoutFromConfig(text, (path) => (path === mkdocs ? mkdocsText : undefined));
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
