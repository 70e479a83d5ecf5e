import * as vscode from 'vscode';
import { BUILD_TOOLS, CONFIG_NAMES, configGlob, configsToRead, layoutFromConfig } from '../core/docsLayout/buildTools';
import { type DocsLayout } from '../core/docsLayout/layout';
import { pathInside } from '../core/util/paths';
import { type BoundProjects } from '../core/workspace/boundProject';
import { readFolderFile } from './folderFiles';
import { findInFolder } from './folderSearch';
import { findConfigFile } from './readthedocsYaml/locate';

/** The files a docs layout is read from: a change to one re-reads its folder's layout. */
const LAYOUT_FILES = `**/{.readthedocs.yaml,.readthedocs.yml,${CONFIG_NAMES.join(',')}}`;

/** Layouts read once per folder while `watchDocsLayouts` runs (keyed by folder URI and config path). */
const cache = new Map<string, Promise<DocsLayout | undefined>>();
let watching = 0;
/** The bound projects' `readthedocs_yaml_path` by folder path, as the binding last said (it is never started for this). */
const configPaths = new Map<string, string>();

/**
 * How a workspace folder's documentation is built: its `.readthedocs.yaml` (`findConfigFile`: the
 * bound project's `readthedocs_yaml_path` when it sets one) and the MkDocs config it names, else a `mkdocs.yml`
 * at the top, else the first Sphinx `conf.py`. Read once per folder while the layouts are watched.
 */
export function docsLayoutOf(folder: vscode.Uri): Promise<DocsLayout | undefined> {
  const readthedocsYamlPath = configPaths.get(folder.fsPath);
  if (!watching) return readDocsLayout(folder, readthedocsYamlPath);
  const key = `${folder.toString()}\n${readthedocsYamlPath ?? ''}`;
  let layout = cache.get(key);
  if (!layout) {
    cache.set(key, (layout = readDocsLayout(folder, readthedocsYamlPath)));
    layout.catch(() => cache.delete(key));
  }
  return layout;
}

/**
 * Keeps the folders' layouts read once, reading a folder's again when one of its layout files
 * changes or its bound project names another configuration path.
 */
export function watchDocsLayouts(bound: BoundProjects): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher(LAYOUT_FILES);
  const forget = (uri: vscode.Uri) => {
    const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri.toString();
    for (const key of [...cache.keys()]) if (folder === undefined || key.startsWith(`${folder}\n`)) cache.delete(key);
  };
  const saved = vscode.workspace.onDidSaveTextDocument((document) => {
    if (vscode.languages.match({ pattern: LAYOUT_FILES }, document)) forget(document.uri);
  });
  const projects = bound.onDidChange((list) => {
    configPaths.clear();
    for (const { folderPath, project } of list) if (project.readthedocsYamlPath) configPaths.set(folderPath, project.readthedocsYamlPath);
  });
  watching += 1;
  const subscriptions = [watcher, watcher.onDidChange(forget), watcher.onDidCreate(forget), watcher.onDidDelete(forget), saved, projects];
  return new vscode.Disposable(() => {
    watching -= 1;
    cache.clear();
    configPaths.clear();
    for (const subscription of subscriptions) subscription.dispose();
  });
}

async function readDocsLayout(folder: vscode.Uri, readthedocsYamlPath?: string): Promise<DocsLayout | undefined> {
  const config = await findConfigFile(folder, readthedocsYamlPath);
  if (config) {
    const named = new Map<string, string | undefined>();
    for (const { tool, path } of configsToRead(config.text)) {
      named.set(path, tool.configChars === undefined ? undefined : await readFolderFile(vscode.Uri.joinPath(folder, path), tool.configChars));
    }
    const layout = layoutFromConfig(config.text, (path) => named.get(path));
    if (layout) return layout;
  }
  for (const tool of BUILD_TOOLS.filter((t) => t.configAtTop)) {
    for (const name of tool.configNames) {
      const text = await readFolderFile(vscode.Uri.joinPath(folder, name), tool.configChars);
      if (text !== undefined) return tool.layout({ path: name, text });
    }
  }
  for (const tool of BUILD_TOOLS.filter((t) => !t.configAtTop)) {
    const [found] = await findInFolder(folder, configGlob(tool), 1);
    if (found) return tool.layout({ path: found.path, text: undefined });
  }
  return undefined;
}

/** `docs/guide.rst` for a URI inside `folder` (forward slashes); outside it, its absolute path (which no docs layout contains). */
export function relativePath(folder: vscode.Uri, uri: vscode.Uri): string {
  return pathInside(folder.path, uri.path) ?? uri.path;
}
