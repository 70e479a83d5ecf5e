import * as vscode from 'vscode';
import { referenceLinks } from '../../core/inventory/referenceLinks';
import { webUrlOf } from '../../core/validation/urls';
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
      return referenceLinks(documentTextOf(document), dialect, set, docName, cancel.signal).flatMap(({ line, start, end, url, title }) => {
        // An inventory's address (a docs host's file): a link only to the http(s) URL as checked.
        const target = webUrlOf(url)?.href;
        if (!target) return [];
        const link = new vscode.DocumentLink(new vscode.Range(line, start, line, end), vscode.Uri.parse(target, true));
        link.tooltip = vscode.l10n.t('Open {0} in the browser', title);
        return [link];
      });
    } finally {
      cancel.dispose();
    }
  }
}
