import * as vscode from 'vscode';
import { Disposable } from '../lifecycle';

export const SERVER_REDIRECTS_SCHEME = 'readthedocs-redirects';

/**
 * The server's redirects rendered in the file format, as read-only documents
 * (`readthedocs-redirects:/<edition>/<slug>/redirects.yaml`), the left side of the compare editor.
 */
export class ServerRedirectsDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(SERVER_REDIRECTS_SCHEME, this));
  }

  /** Sets what the document for this project shows and returns its URI. */
  show(edition: string, slug: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: SERVER_REDIRECTS_SCHEME, path: `/${edition}/${slug}/redirects.yaml` });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? vscode.l10n.t('# Run "Read the Docs: Compare Redirects File with Server" to load the redirects of this project.\n');
  }
}
