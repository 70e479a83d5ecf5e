import * as vscode from 'vscode';
import { CommandIds } from '../../core/commandIds';
import { FileInventoryDiskCache, InventoryStore, followGrants } from '../../core/inventory/inventoryStore';
import { InventorySources } from '../../core/inventory/sources';
import { PublishedVersions } from '../../core/workspace/publishedVersion';
import { DocsSearch } from '../../core/search/docsSearch';
import { type BoundProjects } from '../../core/workspace/boundProject';
import { registerCommand } from '../commands/register';
import { readFolderSettings } from '../config';
import { ESBONIO_EXTENSION_ID, ZENSICAL_STUDIO_EXTENSION_ID, completionInventories, crossReferenceCompletionOf } from '../../core/inventory/completionScope';
import { Disposable } from '../lifecycle';
import { type EmbedFeatures } from '../preview';
import { type Services } from '../services';
import { AuthoringRegistration, type DocumentInventories, WorkspaceDocs } from './documentInventories';
import { ReferenceCompletionProvider } from './referenceCompletion';
import { ReferenceDiagnostics } from './referenceDiagnostics';
import { ReferenceHoverProvider } from './referenceHover';
import { ReferenceLinkProvider } from './referenceLinks';
import { searchDocs } from './searchDocs';

/**
 * Writing docs: hover, completion, links and hints for cross-references from the published
 * inventories of the workspace's projects, and "Search Documentation…".
 */
export class AuthoringFeatures extends Disposable {
  private readonly store: InventoryStore;
  private readonly sources: InventorySources;
  private readonly workspaceDocs: WorkspaceDocs;
  private readonly search: DocsSearch;

  constructor(services: Services, embed: EmbedFeatures, bound: BoundProjects) {
    super();
    const { editions, logger, context, grants } = services;
    const storage = context.globalStorageUri;
    // An inventory inside a private-docs grant goes with its header and stays in memory (the fetch says so).
    this.store = new InventoryStore({
      fetchFile: services.docsHost.files('inventory'),
      disk: storage.scheme === 'file' ? new FileInventoryDiskCache(vscode.Uri.joinPath(storage, 'inventories').fsPath) : undefined,
      logger,
    });
    this.register(followGrants(this.store, grants, logger));
    this.workspaceDocs = this.register(new WorkspaceDocs());
    const published = new PublishedVersions({ bound, clientOf: (edition) => editions.client(edition), logger });
    this.sources = new InventorySources({
      bound,
      store: this.store,
      published,
      clientOf: (edition) => editions.client(edition),
      namedRoots: this.workspaceDocs.namedRoots,
      folderTrusted: () => vscode.workspace.isTrusted,
      logger,
    });
    const inventoriesOf = (document: vscode.TextDocument, signal: AbortSignal): Promise<DocumentInventories> =>
      this.workspaceDocs.inventoriesOf(this.sources, document, signal);
    // Links and hints come unasked as files open: they never start the binding (no token read).
    const passiveInventoriesOf = (document: vscode.TextDocument, signal: AbortSignal): Promise<DocumentInventories> =>
      this.workspaceDocs.inventoriesOf(this.sources, document, signal, false);
    this.register(new AuthoringRegistration(services.settings, (selector) => [
      vscode.languages.registerHoverProvider(selector, new ReferenceHoverProvider({ inventoriesOf, embed: embed.service, sections: embed.sections })),
      vscode.languages.registerCompletionItemProvider(selector, new ReferenceCompletionProvider(inventoriesOf, (document, set) => completionInventories(
        set,
        crossReferenceCompletionOf(readFolderSettings(vscode.workspace.getWorkspaceFolder(document.uri)?.uri).crossReferenceCompletion),
        vscode.extensions.getExtension(ESBONIO_EXTENSION_ID)?.isActive === true,
      )), ...ReferenceCompletionProvider.triggerCharacters),
      vscode.languages.registerDocumentLinkProvider(selector, new ReferenceLinkProvider(passiveInventoriesOf)),
    ]));
    // Hints are checked again when the binding changes, and when the folder becomes trusted (its named inventories count from then on).
    const recheck = this.register(new vscode.EventEmitter<void>());
    this.register(bound.onDidChange(() => recheck.fire()));
    this.register(vscode.workspace.onDidGrantWorkspaceTrust(() => recheck.fire()));
    this.register(new ReferenceDiagnostics(passiveInventoriesOf, logger, recheck.event, () => vscode.extensions.getExtension(ZENSICAL_STUDIO_EXTENSION_ID)?.isActive === true));
    this.search = new DocsSearch({ clientOf: (edition) => editions.client(edition) });
    this.register({ dispose: () => this.search.dispose() });
    this.register(registerCommand(CommandIds.searchDocs, () => searchDocs({
      search: this.search,
      bound,
      published,
      editions,
      ui: services.ui,
      describe: (error) => services.reporter.describe(error, { action: vscode.l10n.t('searching the documentation') }),
      preview: (url) => vscode.commands.executeCommand(CommandIds.previewDocs, url),
    }), services.reporter));
  }
}
