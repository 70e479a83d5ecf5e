import * as vscode from 'vscode';
import { checkRedirectsFile } from '../../core/redirects/checkFile';
import { parseRedirectsFile } from '../../core/redirects/fileFormat';
import { Disposable } from '../lifecycle';
import { type RedirectsFileTypes } from './fileTypes';
import { isRedirectsFile } from './target';

/**
 * The extension's own checks of open redirects files (the same rules as the redirect input, plus
 * duplicates and shape), as diagnostics; the JSON Schema gives completion where a YAML language
 * server is installed, this works without one.
 */
export class RedirectsDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('readthedocs-redirects'));

  constructor(private readonly types: RedirectsFileTypes) {
    super();
    this.register(types.onDidChange((uri) => {
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (document) this.check(document);
    }));
    this.register(vscode.workspace.onDidOpenTextDocument((d) => this.check(d)));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => this.check(e.document)));
    this.register(vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)));
    for (const document of vscode.workspace.textDocuments) this.check(document);
  }

  private check(document: vscode.TextDocument): void {
    if (!isRedirectsFile(document.uri)) return;
    const problems = checkRedirectsFile(parseRedirectsFile(document.getText()), undefined, this.types.of(document.uri));
    this.collection.set(document.uri, problems.map((p) => {
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(document.positionAt(p.range.start), document.positionAt(p.range.end)),
        p.message,
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      );
      diagnostic.source = 'Read the Docs';
      return diagnostic;
    }));
  }
}
