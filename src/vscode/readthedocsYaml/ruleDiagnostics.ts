import * as vscode from 'vscode';
import { KeyedDebounce } from '../../core/util/debounce';
import { type PlacedFinding, checkConfig, parseConfig } from '../../core/readthedocsYaml/checkConfig';
import { isConfigPath } from '../../core/readthedocsYaml/locate';
import { checkedPaths } from '../../core/readthedocsYaml/serverRules';
import { pathInside } from '../../core/util/paths';
import { type BoundProject, type BoundProjects } from '../../core/workspace/boundProject';
import { isLiveDocument } from '../documents';
import { Disposable } from '../lifecycle';

/** A finding and the diagnostic that shows it. */
export interface ShownFinding {
  readonly finding: PlacedFinding;
  readonly diagnostic: vscode.Diagnostic;
}

/** Quiet time after the last keystroke before the file is checked again. */
const DEBOUNCE_MS = 250;

/** What the editor shows as the source of these diagnostics. */
export const RULES_SOURCE = 'Read the Docs';

/**
 * The server's configuration rules (`serverRuleFindings`) as errors on a folder's
 * `.readthedocs.yaml` while it is edited, each with the message id the build would fail with as
 * its code: on open, and after each edit once typing pauses. Reads no file but checks whether the
 * paths the file names exist in the folder (a stat, inside the folder only); sends nothing, so it
 * runs in Restricted Mode too.
 */
export class ConfigRuleDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('readthedocs-config-rules'));
  private readonly pauses = this.register(new KeyedDebounce<string>(DEBOUNCE_MS));
  private readonly findings = new Map<string, readonly ShownFinding[]>();
  private projects: readonly BoundProject[] = [];

  constructor(bound: BoundProjects) {
    super();
    this.register(bound.onDidChange((projects) => {
      this.projects = projects;
      this.checkOpen();
    }));
    this.register(vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document, 0)));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => { if (e.contentChanges.length > 0) this.schedule(e.document, DEBOUNCE_MS); }));
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri)));
    // A deleted file keeps its document open for a while: its findings go with the file.
    const deletions = this.register(vscode.workspace.createFileSystemWatcher('**/*.{yaml,yml}', true, true, false));
    this.register(deletions.onDidDelete((uri) => { this.pauses.cancel(uri.toString()); this.forget(uri); }));
    this.checkOpen();
  }

  /** What was found in the file as it was last checked, with where it is shown (the quick fixes read it). */
  findingsOf(uri: vscode.Uri): readonly ShownFinding[] {
    return this.findings.get(uri.toString()) ?? [];
  }

  private checkOpen(): void {
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    const folder = this.folderOf(document.uri);
    if (!folder) return;
    const key = document.uri.toString();
    this.pauses.schedule(key, () => void this.check(document, folder), delay);
  }

  /** The workspace folder whose configuration `uri` is (at its project's path when bound to one). */
  private folderOf(uri: vscode.Uri): vscode.Uri | undefined {
    if (uri.scheme !== 'file') return undefined;
    const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri;
    const path = folder && pathInside(folder.path, uri.path);
    if (!folder || path === undefined) return undefined;
    const custom = this.projects.filter((p) => p.folderPath === folder.fsPath).map((p) => p.project.readthedocsYamlPath);
    return (custom.length > 0 ? custom : [undefined]).some((yamlPath) => isConfigPath(path, yamlPath)) ? folder : undefined;
  }

  private async check(document: vscode.TextDocument, folder: vscode.Uri): Promise<void> {
    if (!(await isLiveDocument(document))) return this.forget(document.uri);
    const version = document.version;
    const text = document.getText();
    const parsed = parseConfig(text);
    if (!parsed) return this.forget(document.uri);
    const existing = new Set<string>();
    await Promise.all(checkedPaths(parsed.config).map(async (path) => {
      if (await isInFolder(vscode.Uri.joinPath(folder, path))) existing.add(path);
    }));
    if (document.isClosed || document.version !== version) return;
    const shown = checkConfig(parsed, (path) => existing.has(path)).map((finding) => ({ finding, diagnostic: diagnosticOf(document, finding) }));
    this.findings.set(document.uri.toString(), shown);
    this.collection.set(document.uri, shown.map((s) => s.diagnostic));
  }

  private forget(uri: vscode.Uri): void {
    this.findings.delete(uri.toString());
    this.collection.delete(uri);
  }
}

/** A file or folder of the workspace (a stat: nothing is read). */
async function isInFolder(uri: vscode.Uri): Promise<boolean> {
  try {
    const { type } = await vscode.workspace.fs.stat(uri);
    return (type & (vscode.FileType.File | vscode.FileType.Directory)) !== 0;
  } catch {
    return false;
  }
}

function diagnosticOf(document: vscode.TextDocument, finding: PlacedFinding): vscode.Diagnostic {
  const range = finding.span
    ? new vscode.Range(document.positionAt(finding.span.start), document.positionAt(finding.span.end))
    : document.lineAt(0).range;
  const diagnostic = new vscode.Diagnostic(range, finding.message, vscode.DiagnosticSeverity.Error);
  diagnostic.source = RULES_SOURCE;
  diagnostic.code = finding.id;
  return diagnostic;
}
