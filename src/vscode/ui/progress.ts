import { AsyncLocalStorage } from 'node:async_hooks';
import * as vscode from 'vscode';
import { abortSignalOf } from '../cancellation';

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

/**
 * A long task (an upload, a plan of writes) in a notification with a Cancel button: `report` says where it is (a
 * percentage, when known, moves the bar), `signal` aborts when the person cancels.
 */
export function withCancellableProgress<T>(title: string, task: (report: (message: string, percent?: number) => void, signal: AbortSignal) => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    const abort = abortSignalOf(token);
    let shown = 0;
    const report = (message: string, percent?: number) => {
      const increment = percent === undefined ? undefined : Math.max(0, percent - shown);
      if (percent !== undefined) shown = Math.max(shown, percent);
      progress.report({ message, increment });
    };
    try {
      return await task(report, abort.signal);
    } finally {
      abort.dispose();
    }
  }));
}
