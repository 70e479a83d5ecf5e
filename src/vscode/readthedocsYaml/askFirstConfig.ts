import * as vscode from 'vscode';
import { configPlaceOf } from '../../core/readthedocsYaml/locate';
import { restrictedModeRefusal } from '../../core/workspace/folderTrust';
import { type Ui } from '../ui/ui';
import { draftSaved, lacksConfig, openFirstConfig } from './firstConfigFile';

/**
 * Before "Import this repository…" of a folder without a configuration (Read the Docs builds
 * right after the import, and fails without one): offers a first file (not in Restricted Mode),
 * opened for review, and goes on once it is saved and the person says the import may go on (the
 * server reads the file from the repository, so it has to be pushed). True: import now.
 */
export async function firstConfigBeforeImport(ui: Ui, folder: vscode.Uri): Promise<boolean> {
  if (!await lacksConfig(folder, undefined)) return true;
  const create = vscode.l10n.t('Create .readthedocs.yaml');
  const without = vscode.l10n.t('Import Without It');
  const offers = canCreate() ? [create, without] : [without];
  const choice = await ui.warn(vscode.l10n.t('{0} has no .readthedocs.yaml. Read the Docs builds right after the import and fails every build without one.', folder.fsPath), ...offers);
  if (choice === without) return true;
  if (choice !== create) return false;
  const draft = await openFirstConfig(ui, folder, undefined);
  if (!draft) return true;
  void ui.info(vscode.l10n.t('Review the new .readthedocs.yaml (each key says what it does) and save it: the import goes on once it is saved.'));
  if (!await draftSaved(draft)) return false;
  const importNow = vscode.l10n.t('Import Now');
  return await ui.info(vscode.l10n.t('Saved .readthedocs.yaml. Read the Docs reads it from the repository: commit and push it, then import, so the first build finds it.'), importNow) === importNow;
}

/**
 * Build Current Branch of a folder without its configuration: the build goes ahead (the pushed
 * branch may have one), with a warning that offers a first file (not in Restricted Mode).
 */
export async function warnIfNoConfig(ui: Ui, folder: vscode.Uri, readthedocsYamlPath: string | undefined): Promise<void> {
  if (!await lacksConfig(folder, readthedocsYamlPath)) return;
  const create = vscode.l10n.t('Create .readthedocs.yaml');
  const path = configPlaceOf(readthedocsYamlPath).createAt ?? '.readthedocs.yaml';
  void ui.warn(vscode.l10n.t('{0} has no {1} here: unless the pushed branch has one, Read the Docs fails this build.', folder.fsPath, path), ...(canCreate() ? [create] : [])).then(async (choice) => {
    if (choice === create) await openFirstConfig(ui, folder, readthedocsYamlPath);
  });
}

/** Create .readthedocs.yaml is offered only where it is not refused (Restricted Mode: `openFirstConfig`). */
function canCreate(): boolean {
  return !restrictedModeRefusal('createConfig', vscode.workspace.isTrusted);
}
