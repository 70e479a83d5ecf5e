import * as vscode from 'vscode';
import { BUILD_TOOLS, configGlob } from '../../core/docsLayout/buildTools';
import { type FolderDocsFacts, firstConfig } from '../../core/readthedocsYaml/firstConfig';
import { configPlaceOf } from '../../core/readthedocsYaml/locate';
import { pathInside, writableInside } from '../../core/util/paths';
import { pathExists, readFolderFile } from '../folderFiles';
import { findInFolder } from '../folderSearch';
import { refusedInRestrictedMode } from '../ui/restrictedMode';
import { type Ui } from '../ui/ui';

/**
 * How many files of each kind the first configuration reads the names of: enough that the docs'
 * own are among them in a clone with many (a monorepo's requirement files, test projects' conf.py),
 * since the search returns them in no particular order; names only, and the search walks the
 * folder once either way.
 */
const MAX_FOUND = 200;
const MAX_PYPROJECT_BYTES = 256 * 1024;

/** A draft of a first configuration, open for review. */
export interface ConfigDraft {
  readonly document: vscode.TextDocument;
  /** The file it becomes when saved. */
  readonly target: vscode.Uri;
}

/**
 * What a folder shows about its documentation: the names of each build tool's config files and of
 * its requirement files (found with the folder search, a few of each) and the text of its
 * `pyproject.toml` (a regular file under the cap).
 */
export async function folderDocsFacts(folder: vscode.Uri, token?: vscode.CancellationToken): Promise<FolderDocsFacts> {
  const find = async (glob: string) => (await findInFolder(folder, glob, MAX_FOUND, token)).map((found) => found.path);
  const [configs, namedRequirements, requirementsFolders, pyproject] = await Promise.all([
    Promise.all(BUILD_TOOLS.map(async (tool) => [`${tool.id}Configs`, await find(configGlob(tool))] as const)),
    find('**/*requirements*.{txt,in}'),
    find('**/requirements/*.{txt,in}'),
    readFolderFile(vscode.Uri.joinPath(folder, 'pyproject.toml'), MAX_PYPROJECT_BYTES),
  ]);
  return { ...Object.fromEntries(configs), requirementFiles: [...new Set([...namedRequirements, ...requirementsFolders])], pyproject };
}

/** Where a folder's first configuration goes (at the project's `readthedocs_yaml_path` when it sets one); undefined when that path leads out of the folder. */
export function configTarget(folder: vscode.Uri, readthedocsYamlPath: string | undefined): vscode.Uri | undefined {
  const at = configPlaceOf(readthedocsYamlPath).createAt;
  return at === undefined ? undefined : vscode.Uri.joinPath(folder, at);
}

/**
 * True when saving a file at `target` writes it inside `folder`: no symbolic link on the way (a
 * parent folder, or the path itself) leads out. Other file systems resolve no links of ours.
 */
async function savesInside(folder: vscode.Uri, target: vscode.Uri): Promise<boolean> {
  return folder.scheme !== 'file' || await writableInside(folder.fsPath, target.fsPath);
}

/** True when the folder has no configuration where Read the Docs reads it, and one can be made there. */
export async function lacksConfig(folder: vscode.Uri, readthedocsYamlPath: string | undefined): Promise<boolean> {
  const target = configTarget(folder, readthedocsYamlPath);
  return target !== undefined && await savesInside(folder, target) && !await configThere(folder, readthedocsYamlPath);
}

/** The first file where Read the Docs reads its configuration: one too large to read is there too. */
async function configThere(folder: vscode.Uri, readthedocsYamlPath: string | undefined): Promise<vscode.Uri | undefined> {
  for (const path of configPlaceOf(readthedocsYamlPath).candidates) {
    const uri = vscode.Uri.joinPath(folder, path);
    if (await pathExists(uri)) return uri;
  }
  return undefined;
}

/**
 * "Create .readthedocs.yaml": a first configuration made from what the folder shows
 * (`firstConfig`), opened as an unsaved editor that becomes the file when saved. Never
 * overwrites: a folder that has its configuration (or anything at that path) gets it opened
 * instead, and undefined is returned. Refused (undefined) in Restricted Mode, and where the file
 * would be saved outside the folder (a path that leads out, as written or through a symbolic link).
 */
export async function openFirstConfig(ui: Ui, folder: vscode.Uri, readthedocsYamlPath: string | undefined): Promise<ConfigDraft | undefined> {
  if (refusedInRestrictedMode(ui, 'createConfig')) return undefined;
  const target = configTarget(folder, readthedocsYamlPath);
  if (!target) {
    void ui.error(vscode.l10n.t('The project\'s configuration path ({0}) leads out of the folder: change it in the project\'s settings.', readthedocsYamlPath ?? ''));
    return undefined;
  }
  const made = async () => firstConfig(await folderDocsFacts(folder)).text;
  return openUnsavedDraft(ui, folder, target, await configThere(folder, readthedocsYamlPath), made);
}

/**
 * A file made for review: opened as an unsaved editor that becomes `target` when saved. Never
 * overwrites: when `existing` (the file, or another that stands for it) is there, that is opened
 * instead and undefined is returned; none is made where saving would write outside `folder`
 * through a symbolic link. `text` is made only when the draft is.
 */
export async function openUnsavedDraft(ui: Ui, folder: vscode.Uri, target: vscode.Uri, existing: vscode.Uri | undefined, text: () => Promise<string> | string): Promise<ConfigDraft | undefined> {
  if (!await savesInside(folder, target)) {
    void ui.error(vscode.l10n.t('{0} leads out of {1} through a symbolic link: a file saved there would be written outside the folder, so none is made.', pathInside(folder.path, target.path) ?? target.path, folder.fsPath));
    return undefined;
  }
  if (existing) {
    await vscode.window.showTextDocument(existing);
    void ui.info(vscode.l10n.t('{0} already has {1}: it is open, nothing was changed.', folder.fsPath, pathInside(folder.path, existing.path) ?? existing.path));
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(target.with({ scheme: 'untitled' }));
  if (document.getText() === '') {
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), await text());
    await vscode.workspace.applyEdit(edit);
  }
  await vscode.window.showTextDocument(document);
  return { document, target };
}

/**
 * Settles when the draft is saved (true) or closed unsaved (false). Saving an untitled document
 * closes it and opens the file, so a close counts as saved when the file is then there.
 */
export function draftSaved(draft: ConfigDraft): Promise<boolean> {
  return new Promise((resolve) => {
    const subscriptions: vscode.Disposable[] = [];
    const settle = (saved: boolean) => {
      for (const subscription of subscriptions) subscription.dispose();
      resolve(saved);
    };
    subscriptions.push(
      vscode.workspace.onDidSaveTextDocument((document) => { if (document.uri.toString() === draft.target.toString()) settle(true); }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document === draft.document) void pathExists(draft.target).then(settle);
      }),
    );
  });
}
