import * as vscode from 'vscode';
import { documentReferences } from '../../core/inventory/referenceAt';
import { resolveReference } from '../../core/inventory/resolve';
import { authoringLanguageOf, type DocumentInventories, documentTextOf } from './documentInventories';
import { abortSignalOf } from '../cancellation';

/** Ctrl+click on a cross-reference opens the published page at its target. */
export class ReferenceLinkProvider implements vscode.DocumentLinkProvider {
  constructor(private readonly inventoriesOf: (document: vscode.TextDocument, signal: AbortSignal) => Promise<DocumentInventories>) {}

  async provideDocumentLinks(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.DocumentLink[]> {
    const language = authoringLanguageOf(document);
    if (!language) return [];
    const cancel = abortSignalOf(token);
    try {
      const { set, docName, language: dialect } = await this.inventoriesOf(document, cancel.signal);
      if (!set.own && set.named.size === 0) return [];
      const links: vscode.DocumentLink[] = [];
      for (const { line, reference } of documentReferences(documentTextOf(document), dialect)) {
        if (token.isCancellationRequested) break;
        const resolution = resolveReference(reference, set, docName, false);
        if (resolution?.kind !== 'resolved' || resolution.url === undefined) continue;
        const link = new vscode.DocumentLink(new vscode.Range(line, reference.targetStart, line, reference.targetEnd), vscode.Uri.parse(resolution.url, true));
        link.tooltip = vscode.l10n.t('Open {0} in the browser', resolution.entry.displayName);
        links.push(link);
      }
      return links;
    } finally {
      cancel.dispose();
    }
  }
}
