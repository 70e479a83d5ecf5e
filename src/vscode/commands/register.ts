import * as vscode from 'vscode';
import { type Accepts } from '../../core/commandArgs';
import { type CommandId } from '../../core/commandIds';
import { isDocsNode } from '../../core/tree/nodes';
import { type ErrorReporter } from '../errorReporter';
import { PROJECTS_VIEW_ID } from '../viewIds';
import { runStartedFromView } from '../ui/progress';

/** The rows selected with the one a context-menu command was run on (VS Code passes them second). */
type Selected<A> = readonly A[];

/**
 * The single choke point for commands: every handler's failure is logged and shown once through
 * the reporter, and nothing throws back into VS Code. A command that takes an argument declares
 * what it accepts (core/commandArgs.ts): this is the one place that turns what VS Code passed into
 * that type, and anything else (junk from another extension, nothing from the palette) reaches the
 * handler as `undefined`, so it asks as from the palette. A command without one gets no arguments.
 * A handler given a tree node was started from the projects view: its progress shows there too
 * (see `withProgress`).
 */
export function registerCommand(id: CommandId, run: () => unknown, reporter: ErrorReporter): vscode.Disposable;
export function registerCommand<A>(
  id: CommandId, accepts: Accepts<A>, run: (arg: A | undefined, selected: Selected<A>) => unknown, reporter: ErrorReporter,
): vscode.Disposable;
export function registerCommand<A>(
  id: CommandId,
  ...rest: [run: () => unknown, reporter: ErrorReporter] | [accepts: Accepts<A>, run: (arg: A | undefined, selected: Selected<A>) => unknown, reporter: ErrorReporter]
): vscode.Disposable {
  const [accepts, run, reporter] = rest.length === 3 ? rest : [undefined, rest[0], rest[1]];
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      await reporter.beforeCommand();
      const call = () => (accepts ? run(accepts(args[0]), decodeAll(accepts, args[1])) : (run as () => unknown)());
      return await (isDocsNode(args[0]) ? runStartedFromView(PROJECTS_VIEW_ID, call) : call());
    } catch (error) {
      reporter.report(error);
      return undefined;
    }
  });
}

function decodeAll<A>(accepts: Accepts<A>, values: unknown): Selected<A> {
  if (!Array.isArray(values)) return [];
  return values.map(accepts).filter((value): value is A => value !== undefined);
}

/** For commands run from an editor's title bar: the editor's document. */
export const acceptsUri: Accepts<vscode.Uri> = (value) => (value instanceof vscode.Uri ? value : undefined);
