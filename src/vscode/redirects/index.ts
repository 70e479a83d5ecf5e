import * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { Disposable } from '../lifecycle';
import { DeletedPageQuickFixes } from '../pulls/deletedPageRedirects';
import { RedirectsDiagnostics } from './diagnostics';
import { applyRedirectsFile, compareRedirects, exportRedirects } from './fileCommands';
import { RedirectsFileTypes } from './fileTypes';
import { RenameOffers } from './renameOffers';
import { ServerRedirectsDocuments } from './serverDocument';
import { type RedirectsServices } from './target';
import { testRedirectUrl } from './testCommand';

/** The setting may name any file: the quick fixes answer only on the redirects file's own warnings. */
const REDIRECTS_FILE_SELECTOR: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'vscode-remote' }];

/**
 * Redirects as code: export, compare and apply a redirects file, test a URL against the rules,
 * diagnostics on the file, and redirects offered when documentation pages are renamed.
 */
export class RedirectsFeatures extends Disposable {
  readonly documents = this.register(new ServerRedirectsDocuments());

  constructor(services: RedirectsServices) {
    super();
    const types = this.register(new RedirectsFileTypes());
    const diagnostics = this.register(new RedirectsDiagnostics(types, services.pullRequests));
    this.register(vscode.languages.registerCodeActionsProvider(REDIRECTS_FILE_SELECTOR, new DeletedPageQuickFixes(diagnostics), DeletedPageQuickFixes.metadata));
    this.register(new RenameOffers(services));
    const { reporter } = services;
    this.register(registerCommand(CommandIds.exportRedirects, accepts.node, (node) => exportRedirects(services, types, node), reporter));
    this.register(registerCommand(CommandIds.compareRedirects, () => compareRedirects(services, this.documents), reporter));
    this.register(registerCommand(CommandIds.applyRedirectsFile, () => applyRedirectsFile(services, types), reporter));
    this.register(registerCommand(CommandIds.testRedirect, accepts.node, (node) => testRedirectUrl(services, types, node), reporter));
  }
}
