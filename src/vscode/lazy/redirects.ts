import * as path from 'node:path';
import * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { Disposable } from '../lifecycle';
import { type RedirectsServices } from '../redirects/target';
import { loadOnce } from './load';

export const REDIRECTS_FILE_NAMES = ['redirects.yaml', 'redirects.yml'];

/** The redirects commands (dist/features/redirects.js, with the YAML library). */
export const REDIRECTS_COMMAND_IDS = [
  CommandIds.exportRedirects,
  CommandIds.compareRedirects,
  CommandIds.applyRedirectsFile,
  CommandIds.testRedirect,
] as const;
export type RedirectsCommandId = (typeof REDIRECTS_COMMAND_IDS)[number];

/**
 * Redirects as code, loaded on first use: when one of its commands runs, when a window has a
 * folder (renamed pages are offered redirects, the folder's redirects file gets diagnostics), once
 * activation is over, or when a file named like a redirects file opens in a window without one.
 */
export class LazyRedirects extends Disposable {
  private readonly feature = loadOnce(async () => {
    const { RedirectsFeatures } = await import('../redirects/index.js');
    return this.register(new RedirectsFeatures(this.services));
  });

  constructor(private readonly services: RedirectsServices) {
    super();
    for (const id of REDIRECTS_COMMAND_IDS) {
      this.register(registerCommand(id, accepts.node, async (node) => (await this.feature()).commands[id](node), services.reporter));
    }
    const load = (): void => { void this.feature().catch((error) => services.reporter.report(error)); };
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => { if (vscode.workspace.workspaceFolders?.length) load(); }));
    this.register(vscode.workspace.onDidOpenTextDocument((document) => {
      if (REDIRECTS_FILE_NAMES.includes(path.posix.basename(document.uri.path))) load();
    }));
    if (vscode.workspace.workspaceFolders?.length || vscode.workspace.textDocuments.some((d) => REDIRECTS_FILE_NAMES.includes(path.posix.basename(d.uri.path)))) {
      setImmediate(load);
    }
  }
}
