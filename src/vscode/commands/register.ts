import * as vscode from 'vscode';
import { type CommandId } from '../../core/commandIds';
import { isDocsNode } from '../../core/tree/nodes';
import { type ErrorReporter } from '../errorReporter';
import { PROJECTS_VIEW_ID } from '../tree/viewId';
import { runStartedFromView } from '../ui/progress';

/**
 * The single choke point for commands: every handler's failure is logged and shown once through
 * the reporter, and nothing throws back into VS Code. A handler given a tree node was started
 * from the projects view: its progress shows there too (see `withProgress`).
 */
export function registerCommand(
  id: CommandId,
  run: (...args: unknown[]) => Promise<unknown> | unknown,
  reporter: ErrorReporter,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      await reporter.beforeCommand();
      return await (isDocsNode(args[0]) ? runStartedFromView(PROJECTS_VIEW_ID, () => run(...args)) : run(...args));
    } catch (error) {
      reporter.report(error);
      return undefined;
    }
  });
}
