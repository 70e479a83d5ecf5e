import * as vscode from 'vscode';
import { type FolderSteeredAction, MANAGE_TRUST_COMMAND, restrictedModeRefusal } from '../../core/workspace/folderTrust';
import { type Ui } from './ui';

/**
 * In an untrusted workspace (Restricted Mode), refuses `action`: says why, with a button that opens
 * the workspace trust editor. True when refused.
 */
export function refusedInRestrictedMode(ui: Ui, action: FolderSteeredAction): boolean {
  const refusal = restrictedModeRefusal(action, vscode.workspace.isTrusted);
  if (!refusal) return false;
  void Promise.resolve(ui.warn(refusal.message, refusal.manageTrust)).then((choice) => {
    if (choice === refusal.manageTrust) return vscode.commands.executeCommand(MANAGE_TRUST_COMMAND);
    return undefined;
  });
  return true;
}
