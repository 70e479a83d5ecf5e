import * as vscode from 'vscode';
import { type CommandId } from '../../core/commandIds';
import { type ErrorReporter } from '../errorReporter';

/**
 * The single choke point for commands: every handler's failure is logged and shown once through
 * the reporter, and nothing throws back into VS Code.
 */
export function registerCommand(
  id: CommandId,
  run: (...args: unknown[]) => Promise<unknown> | unknown,
  reporter: ErrorReporter,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      await reporter.beforeCommand();
      return await run(...args);
    } catch (error) {
      reporter.report(error);
      return undefined;
    }
  });
}
