import * as vscode from 'vscode';
import { RoutedDispatcher } from '../../core/api/dispatcher';
import { CommandIds } from '../../core/commandIds';
import { docsFileFetcher } from '../../core/inventory/docsFile';
import { FileInventoryDiskCache, InventoryStore } from '../../core/inventory/inventoryStore';
import { InventorySources } from '../../core/inventory/sources';
import { DocsSearch } from '../../core/search/docsSearch';
import { type BoundProjects } from '../../core/workspace/boundProject';
import { networkSettings, readFolderSettings } from '../config';
import { ESBONIO_EXTENSION_ID, completionInventories, crossReferenceCompletionOf } from '../../core/inventory/completionScope';
import { Disposable } from '../lifecycle';
import { type EmbedFeatures } from '../preview';
import { type Services } from '../services';
import { type DocumentInventories, WorkspaceDocs } from './documentInventories';
import { ReferenceCompletionProvider } from './referenceCompletion';
import { ReferenceDiagnostics } from './referenceDiagnostics';
import { ReferenceHoverProvider } from './referenceHover';
import { ReferenceLinkProvider } from './referenceLinks';
import { searchDocs } from './searchDocs';

/**
 * Writing docs: hover, completion, links and hints for cross-references from the published
 * inventories of the workspace's projects, and "Search Documentation…" (part of dist/features/docs.js;
 * src/vscode/lazy/authoring.ts registers the providers and the command).
 */
export class AuthoringFeatures extends Disposable {
  readonly hover: ReferenceHoverProvider;
  readonly completion: ReferenceCompletionProvider;
  readonly links: ReferenceLinkProvider;
  /** `readthedocs.searchDocs`. */
  readonly searchDocs: () => Promise<unknown>;
  private readonly store: InventoryStore;
  private readonly sources: InventorySources;
  private readonly workspaceDocs: WorkspaceDocs;
  private readonly search: DocsSearch;
  /** Docs hosts get no token, through VS Code's proxy and certificate settings. */
  private readonly docsHosts = new RoutedDispatcher({ network: networkSettings });

  constructor(services: Services, embed: EmbedFeatures, bound: BoundProjects) {
    super();
    const { editions, logger, context } = services;
    const version = String(context.extension.packageJSON.version ?? '0.0.0');
    const fetchFile = docsFileFetcher({
      // Docs hosts get no token; the request still counts in the budget of an edition that is on.
      budget: () => editions.client(editions.configured[0] ?? 'community')?.budget,
      dispatcher: (url) => this.docsHosts.for(url),
      userAgent: `readthedocs-vscode/${version} (VS Code ${vscode.version})`,
    });
    const storage = context.globalStorageUri;
    this.store = new InventoryStore({
      fetchFile,
      disk: storage.scheme === 'file' ? new FileInventoryDiskCache(vscode.Uri.joinPath(storage, 'inventories').fsPath) : undefined,
      logger,
    });
    this.workspaceDocs = this.register(new WorkspaceDocs());
    this.sources = new InventorySources({
      bound,
      store: this.store,
      clientOf: (edition) => editions.client(edition),
      namedRoots: this.workspaceDocs.namedRoots,
      logger,
    });
    const inventoriesOf = (document: vscode.TextDocument, signal: AbortSignal): Promise<DocumentInventories> =>
      this.workspaceDocs.inventoriesOf(this.sources, document, signal);
    // Links and hints come unasked as files open: they never start the binding (no token read).
    const passiveInventoriesOf = (document: vscode.TextDocument, signal: AbortSignal): Promise<DocumentInventories> =>
      this.workspaceDocs.inventoriesOf(this.sources, document, signal, false);
    this.hover = new ReferenceHoverProvider({ inventoriesOf, embed: embed.service, editions, logger });
    this.completion = new ReferenceCompletionProvider(inventoriesOf, (document, set) => completionInventories(
      set,
      crossReferenceCompletionOf(readFolderSettings(vscode.workspace.getWorkspaceFolder(document.uri)?.uri).crossReferenceCompletion),
      vscode.extensions.getExtension(ESBONIO_EXTENSION_ID)?.isActive === true,
    ));
    this.links = new ReferenceLinkProvider(passiveInventoriesOf);
    this.register(new ReferenceDiagnostics(passiveInventoriesOf, logger, bound.onDidChange));
    this.search = new DocsSearch({ clientOf: (edition) => editions.client(edition) });
    this.register({ dispose: () => { this.search.dispose(); void this.docsHosts.close(); } });
    this.searchDocs = () => searchDocs({
      search: this.search,
      bound,
      editions,
      ui: services.ui,
      describe: (error) => services.reporter.describe(error, { action: vscode.l10n.t('searching the documentation') }),
      preview: (url) => vscode.commands.executeCommand(CommandIds.previewDocs, url),
    });
  }
}
