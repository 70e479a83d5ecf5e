import { CommandIds } from '../../core/commandIds';
import { type DocsNode } from '../../core/tree/nodes';
import { Disposable } from '../lifecycle';
import { type RedirectsCommandId } from '../lazy/redirects';
import { RedirectsDiagnostics } from './diagnostics';
import { applyRedirectsFile, compareRedirects, exportRedirects } from './fileCommands';
import { RedirectsFileTypes } from './fileTypes';
import { RenameOffers } from './renameOffers';
import { ServerRedirectsDocuments } from './serverDocument';
import { type RedirectsServices } from './target';
import { testRedirectUrl } from './testCommand';

/**
 * Redirects as code: export, compare and apply a redirects file, test a URL against the rules,
 * diagnostics on the file, and redirects offered when documentation pages are renamed (this file
 * is the entry of dist/features/redirects.js; src/vscode/lazy/redirects.ts registers the commands).
 */
export class RedirectsFeatures extends Disposable {
  readonly documents = this.register(new ServerRedirectsDocuments());
  readonly commands: Record<RedirectsCommandId, (node?: DocsNode) => Promise<unknown>>;

  constructor(services: RedirectsServices) {
    super();
    const types = this.register(new RedirectsFileTypes());
    this.register(new RedirectsDiagnostics(types));
    this.register(new RenameOffers(services));
    this.commands = {
      [CommandIds.exportRedirects]: (node) => exportRedirects(services, types, node),
      [CommandIds.compareRedirects]: () => compareRedirects(services, this.documents),
      [CommandIds.applyRedirectsFile]: () => applyRedirectsFile(services, types),
      [CommandIds.testRedirect]: (node) => testRedirectUrl(services, types, node),
    };
  }
}
