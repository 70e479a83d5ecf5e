import { AsyncLocalStorage } from 'node:async_hooks';
import * as vscode from 'vscode';

/** The view an action was started from (its row's context menu or inline button), for the work it does. */
const startedFromView = new AsyncLocalStorage<string>();

/**
 * Runs an action started from a row of the view `viewId`: every `withProgress` inside it also
 * shows progress in that view, where the person clicked (the command registry calls this when a
 * handler receives a tree node).
 */
export function runStartedFromView<T>(viewId: string, action: () => T): T {
  return startedFromView.run(viewId, action);
}

/**
 * Runs `task` with a progress indicator, in the status bar area by default (writes are quick;
 * lists may page); inside an action started from a view, the view shows progress too.
 */
export function withProgress<T>(title: string, task: () => Promise<T>, location: vscode.ProgressLocation = vscode.ProgressLocation.Window): Promise<T> {
  const run = () => Promise.resolve(vscode.window.withProgress({ location, title }, task));
  const viewId = startedFromView.getStore();
  return viewId ? Promise.resolve(vscode.window.withProgress({ location: { viewId } }, run)) : run();
}
