import * as vscode from 'vscode';
import { KeyedDebounce } from '../../core/util/debounce';
import { referenceHints } from '../../core/inventory/referenceHints';
import { hintsLeftToStudio } from '../../core/inventory/completionScope';
import { type Logger } from '../../core/log';
import { type Event } from '../../core/util/events';
import { readFolderSettings } from '../config';
import { isLiveDocument } from '../documents';
import { Disposable } from '../lifecycle';
import { authoringLanguageOf, type DocumentInventories } from './documentInventories';
import { errorDetail } from '../../core/api/describeError';


/** Hints (off with `readthedocs.crossReferences.diagnostics`) for `:ref:`/`:doc:` targets that no inventory publishes. */
export class ReferenceDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('readthedocs-references'));
  /** Hints wait for a pause in typing. */
  private readonly pauses = this.register(new KeyedDebounce<string>(500));

  /** `onDidChangeBinding`: the workspace's projects changed, so every open document is judged again (or cleared). */
  constructor(
    private readonly inventoriesOf: (document: vscode.TextDocument, signal: AbortSignal) => Promise<DocumentInventories>,
    private readonly logger: Logger,
    onDidChangeBinding: Event<unknown>,
    /** Whether Zensical Studio is active: it then checks Markdown pages' references itself (`hintsLeftToStudio`). */
    private readonly studioActive: () => boolean,
  ) {
    super();
    this.register(onDidChangeBinding(() => { for (const d of vscode.workspace.textDocuments) this.schedule(d); }));
    this.register(vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d)));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document)));
    this.register(vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)));
    this.register(vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('readthedocs.crossReferences.diagnostics')) for (const d of vscode.workspace.textDocuments) this.schedule(d);
    }));
    for (const document of vscode.workspace.textDocuments) this.schedule(document);
  }

  private schedule(document: vscode.TextDocument): void {
    if (!authoringLanguageOf(document)) return;
    const key = document.uri.toString();
    this.pauses.schedule(key, () => {
      this.check(document).catch((error: unknown) => this.logger.debug(`cross-reference diagnostics: ${errorDetail(error)}`));
    });
  }

  private async check(document: vscode.TextDocument): Promise<void> {
    const language = authoringLanguageOf(document);
    if (!language || !readFolderSettings(document.uri).crossReferenceDiagnostics || !(await isLiveDocument(document))) {
      this.collection.delete(document.uri);
      return;
    }
    const version = document.version;
    const { set, docName, language: dialect } = await this.inventoriesOf(document, new AbortController().signal);
    if (document.version !== version || document.isClosed) return;
    // Without the project's own inventory there is nothing to judge a local target against.
    if (!set.own || hintsLeftToStudio(dialect, this.studioActive())) {
      this.collection.delete(document.uri);
      return;
    }
    const hints = referenceHints((line) => document.lineAt(line).text, document.lineCount, dialect, set, docName);
    const diagnostics = hints.map((hint) => {
      const diagnostic = new vscode.Diagnostic(new vscode.Range(hint.line, hint.start, hint.line, hint.end),
        vscode.l10n.t('{0} is in none of the published inventories (its hover names the nearest ones).', hint.name), vscode.DiagnosticSeverity.Hint);
      diagnostic.source = 'Read the Docs';
      return diagnostic;
    });
    this.collection.set(document.uri, diagnostics);
  }
}
