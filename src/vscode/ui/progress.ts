import * as vscode from 'vscode';

/** Runs `task` with a progress indicator in the status bar area (writes are quick; lists may page). */
export function withProgress<T>(title: string, task: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, task));
}
