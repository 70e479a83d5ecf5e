import * as vscode from 'vscode';
import { KeyedDebounce } from '../../core/util/debounce';
import { REDIRECTS_FILE_CHECK_DELAY_MS, checkRedirectsFile } from '../../core/redirects/checkFile';
import { parseRedirectsFile } from '../../core/redirects/fileFormat';
import { isLiveDocument } from '../documents';
import { Disposable } from '../lifecycle';
import { type RedirectsFileTypes } from './fileTypes';
import { isRedirectsFile } from './target';
import { type PullRequests } from '../../core/pulls/pullRequests';

/** The code of the warning for a deleted page no redirect catches (its quick fix adds one). */
export const DELETED_PAGE_CODE = 'deleted-page-without-redirect';

/** The deleted page a warning on a redirects file is about. */
export interface DeletedPageWarning {
  readonly folder: vscode.Uri;
  readonly filename: string;
  /** Every page the pull request deletes. */
  readonly deleted: readonly string[];
}

/**
 * The extension's own checks of open redirects files (the same rules as the redirect input, plus
 * duplicates and shape), as diagnostics; the JSON Schema gives completion where a YAML language
 * server is installed, this works without one. With the pull requests, a page the folder's pull
 * request deletes that no redirect catches is a warning on the file's first line.
 */
export class RedirectsDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('readthedocs-redirects'));
  /** The deleted-page warnings of each file, by message (the quick fix gets copies of the diagnostics). */
  private readonly deletedPages = new Map<string, Map<string, DeletedPageWarning>>();
  /** Edits are checked once typing pauses: a file of 10,000 entries takes a while to parse. */
  private readonly pauses = this.register(new KeyedDebounce<string>(REDIRECTS_FILE_CHECK_DELAY_MS));

  constructor(private readonly types: RedirectsFileTypes, private readonly pullRequests?: PullRequests) {
    super();
    if (pullRequests) this.register(pullRequests.onDidChange(() => { for (const document of vscode.workspace.textDocuments) this.check(document); }));
    this.register(types.onDidChange((uri) => {
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (document) this.check(document);
    }));
    this.register(vscode.workspace.onDidOpenTextDocument((d) => this.check(d)));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => this.checkSoon(e.document)));
    this.register(vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)));
    for (const document of vscode.workspace.textDocuments) this.check(document);
  }

  private checkSoon(document: vscode.TextDocument): void {
    if (!isRedirectsFile(document.uri)) return;
    const key = document.uri.toString();
    this.pauses.schedule(key, () => { if (!document.isClosed) this.check(document); });
  }

  private forget(uri: vscode.Uri): void {
    this.pauses.cancel(uri.toString());
    this.collection.delete(uri);
    this.deletedPages.delete(uri.toString());
  }

  private check(document: vscode.TextDocument): void {
    if (!isRedirectsFile(document.uri)) return;
    void isLiveDocument(document).then((live) => (live ? this.show(document) : this.forget(document.uri)));
  }

  private show(document: vscode.TextDocument): void {
    const problems = checkRedirectsFile(parseRedirectsFile(document.getText()), undefined, this.types.of(document.uri));
    this.collection.set(document.uri, problems.map((p) => {
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(document.positionAt(p.range.start), document.positionAt(p.range.end)),
        p.message,
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      );
      diagnostic.source = 'Read the Docs';
      return diagnostic;
    }).concat(this.deletedPageWarnings(document)));
  }

  /** The deleted-page warning `diagnostic` stands for (by its message), when it is one. */
  deletedPageOf(uri: vscode.Uri, diagnostic: vscode.Diagnostic): DeletedPageWarning | undefined {
    return diagnostic.code === DELETED_PAGE_CODE ? this.deletedPages.get(uri.toString())?.get(diagnostic.message) : undefined;
  }

  private deletedPageWarnings(document: vscode.TextDocument): vscode.Diagnostic[] {
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    const byMessage = new Map<string, DeletedPageWarning>();
    this.deletedPages.set(document.uri.toString(), byMessage);
    if (!folder || !this.pullRequests) return [];
    return this.pullRequests.uncaughtIn(folder.uri.fsPath).flatMap((pr) => pr.pages.map((page) => {
      const message = vscode.l10n.t('{0} is deleted by pull request #{1} of {2} and no redirect catches it: its visitors will get a 404 once it is merged.', page.filename, pr.pullRequest, pr.projectSlug);
      byMessage.set(message, { folder: folder.uri, filename: page.filename, deleted: pr.deleted });
      const diagnostic = new vscode.Diagnostic(document.lineAt(0).range, message, vscode.DiagnosticSeverity.Warning);
      diagnostic.source = 'Read the Docs';
      diagnostic.code = DELETED_PAGE_CODE;
      return diagnostic;
    }));
  }
}
