import * as vscode from 'vscode';
import { type StepUi, windowStepUi } from './quickInput';

/**
 * Every prompt the commands show goes through this seam. In production it is VS Code's window;
 * extension-host tests swap in a scripted one (the quick input cannot be typed into from there).
 */
export interface Ui extends StepUi {
  inputBox(options: vscode.InputBoxOptions): Thenable<string | undefined>;
  quickPick<T extends vscode.QuickPickItem>(items: readonly T[] | Thenable<readonly T[]>, options: vscode.QuickPickOptions): Thenable<T | undefined>;
  quickPickMany<T extends vscode.QuickPickItem>(items: readonly T[] | Thenable<readonly T[]>, options: vscode.QuickPickOptions): Thenable<readonly T[] | undefined>;
  /** A modal warning; resolves true only when the person chose `confirmLabel`. */
  confirm(message: string, detail: string, confirmLabel: string): Thenable<boolean>;
  info(message: string, ...actions: string[]): Thenable<string | undefined>;
  warn(message: string, ...actions: string[]): Thenable<string | undefined>;
  error(message: string, ...actions: string[]): Thenable<string | undefined>;
  /** Opens a web page in the browser (VS Code may ask the person first). */
  openExternal(url: string): Thenable<boolean>;
}

export const windowUi: Ui = {
  ...windowStepUi,
  inputBox: (options) => vscode.window.showInputBox({ ignoreFocusOut: true, ...options }),
  quickPick: (items, options) => vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...options, canPickMany: false }),
  quickPickMany: (items, options) => vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...options, canPickMany: true }),
  confirm: (message, detail, confirmLabel) =>
    vscode.window.showWarningMessage(message, { modal: true, detail }, confirmLabel).then((choice) => choice === confirmLabel),
  info: (message, ...actions) => vscode.window.showInformationMessage(message, ...actions),
  warn: (message, ...actions) => vscode.window.showWarningMessage(message, ...actions),
  error: (message, ...actions) => vscode.window.showErrorMessage(message, ...actions),
  openExternal: (url) => vscode.env.openExternal(vscode.Uri.parse(url, true)),
};

/** Holds the current Ui so tests can replace it after activation. */
export class UiHost {
  current: Ui = windowUi;
}
