import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { Disposable } from '../lifecycle';
import { RedirectsDiagnostics } from './diagnostics';
import { applyRedirectsFile, compareRedirects, exportRedirects } from './fileCommands';
import { RedirectsFileTypes } from './fileTypes';
import { RenameOffers } from './renameOffers';
import { ServerRedirectsDocuments } from './serverDocument';
import { type RedirectsServices } from './target';
import { testRedirectUrl } from './testCommand';

/**
 * Redirects as code: export, compare and apply a redirects file, test a URL against the rules,
 * diagnostics on the file, and redirects offered when documentation pages are renamed.
 */
export class RedirectsFeatures extends Disposable {
  readonly documents = this.register(new ServerRedirectsDocuments());
  readonly diagnostics: RedirectsDiagnostics;

  constructor(services: RedirectsServices) {
    super();
    const types = this.register(new RedirectsFileTypes());
    /** The warnings on the redirects file (the pull requests' deleted pages add theirs and their quick fixes). */
    this.diagnostics = this.register(new RedirectsDiagnostics(types, services.pullRequests));
    this.register(new RenameOffers(services));
    const { reporter } = services;
    this.register(registerCommand(CommandIds.exportRedirects, accepts.node, (node) => exportRedirects(services, types, node), reporter));
    this.register(registerCommand(CommandIds.compareRedirects, () => compareRedirects(services, this.documents), reporter));
    this.register(registerCommand(CommandIds.applyRedirectsFile, () => applyRedirectsFile(services, types), reporter));
    this.register(registerCommand(CommandIds.testRedirect, accepts.node, (node) => testRedirectUrl(services, types, node), reporter));
  }
}
