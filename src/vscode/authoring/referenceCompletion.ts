import * as vscode from 'vscode';
import { completionsFor } from '../../core/inventory/complete';
import { dialectsOf, documentReferenceAt, referenceForCompletion } from '../../core/inventory/referenceAt';
import { type InventorySet, isCrossReferenceRole } from '../../core/inventory/resolve';
import { authoringLanguageOf, type DocumentInventories, documentTextOf } from './documentInventories';
import { abortSignalOf } from '../cancellation';

const KINDS: Readonly<Record<string, vscode.CompletionItemKind>> = {
  'std:label': vscode.CompletionItemKind.Reference,
  'std:doc': vscode.CompletionItemKind.File,
  'std:term': vscode.CompletionItemKind.Text,
  'py:module': vscode.CompletionItemKind.Module,
  'py:class': vscode.CompletionItemKind.Class,
  'py:exception': vscode.CompletionItemKind.Class,
  'py:function': vscode.CompletionItemKind.Function,
  'py:method': vscode.CompletionItemKind.Method,
  'py:classmethod': vscode.CompletionItemKind.Method,
  'py:staticmethod': vscode.CompletionItemKind.Method,
  'py:attribute': vscode.CompletionItemKind.Field,
  'py:property': vscode.CompletionItemKind.Property,
  'py:data': vscode.CompletionItemKind.Variable,
};

/** Targets of the role being typed (labels with their section titles, documents, terms, Python objects). */
export class ReferenceCompletionProvider implements vscode.CompletionItemProvider {
  /** What opens cross-reference completion (`:ref:` targets, `<…>` targets, anchors, paths, autorefs' `][`). */
  static readonly triggerCharacters = ['`', '<', '#', ':', '/', '.', '['];

  constructor(
    private readonly inventoriesOf: (document: vscode.TextDocument, signal: AbortSignal) => Promise<DocumentInventories>,
    /** The part of the document's inventories completion offers (see `completionInventories`); undefined: none. */
    private readonly offered: (document: vscode.TextDocument, set: InventorySet) => InventorySet | undefined = (_document, set) => set,
  ) {}

  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionList | undefined> {
    const language = authoringLanguageOf(document);
    if (!language) return undefined;
    const line = document.lineAt(position.line).text;
    if (!dialectsOf(language).some((dialect) => isCrossReferenceRole(referenceForCompletion(line, position.character, dialect)?.role ?? ''))) return undefined;
    const cancel = abortSignalOf(token);
    try {
      const { set: all, docName, language: dialect } = await this.inventoriesOf(document, cancel.signal);
      const reference = documentReferenceAt(documentTextOf(document), position.line, position.character, dialect, true);
      const set = this.offered(document, all);
      if (token.isCancellationRequested || !set || !reference || !isCrossReferenceRole(reference.role)) return undefined;
      const typed = line.slice(reference.targetStart, position.character);
      const range = new vscode.Range(position.line, reference.targetStart, position.line, Math.max(position.character, reference.targetEnd));
      const items = completionsFor(reference, typed, set, docName).map((completion) => {
        const item = new vscode.CompletionItem({ label: completion.insertText, description: completion.detail }, KINDS[completion.type] ?? vscode.CompletionItemKind.Reference);
        item.insertText = completion.insertText;
        item.filterText = completion.filterText;
        item.detail = `${completion.type}${completion.inventoryName ? ` · ${completion.inventoryName}` : ''}`;
        item.range = range;
        return item;
      });
      // Limited lists: ask again as the person types.
      return new vscode.CompletionList(items, true);
    } finally {
      cancel.dispose();
    }
  }
}
