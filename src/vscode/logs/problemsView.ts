import * as vscode from 'vscode';
import { type DocsLayout } from '../../core/docsLayout/layout';
import { type BuildLog } from '../../core/models/buildLog';
import { toolDirectories } from '../../core/logs/paths';
import { type ProblemFiles, placeProblem } from '../../core/logs/place';
import { type LogProblem } from '../../core/logs/logProblem';
import { findProblems } from '../../core/logs/problems';
import { type FoundProblems } from '../../core/logs/branchProblems';
import { webUrlOf } from '../../core/validation/urls';
import { readFolderFile } from '../folderFiles';
import { docsLayoutOf } from '../docsLayout';
import { Disposable } from '../lifecycle';

export const DIAGNOSTIC_SOURCE = 'Read the Docs';

export interface ShownProblems {
  /** Problems placed on workspace files. */
  readonly placed: number;
  /** Problems whose file is not in the workspace (or that name none): they stay in the log only. */
  readonly logOnly: number;
}

/**
 * The Problems panel side of build logs: one DiagnosticCollection, one set of diagnostics per
 * key (a bound project of a folder, or a build shown on demand), each replaced as a whole.
 */
export class BuildProblemsView extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('readthedocs'));
  private readonly byKey = new Map<string, Map<string, vscode.Diagnostic[]>>();
  /** What each key shows, to show it again when `readthedocs.problems.onlyNew` changes (no request). */
  private readonly inputs = new Map<string, { roots: readonly string[]; log: BuildLog; buildUrl: string | undefined; found: FoundProblems | undefined }>();
  /** Where each problem shown was placed (a new warning's row opens it there). */
  private readonly places = new WeakMap<LogProblem, vscode.Location>();

  /** `onlyNew`: the setting that hides the warnings a base build had too. */
  constructor(private readonly onlyNew: () => boolean) {
    super();
  }

  /**
   * Puts the log's problems on the files they name under `roots` (workspace folder paths, best
   * first), replacing what `key` showed before. A path that exists in none stays in the log only.
   * With a comparison (`found`), a warning its base build lacks says `[new]` (the Problems filter
   * finds it), and the setting can hide the others.
   */
  async show(key: string, roots: readonly string[], log: BuildLog, buildUrl: string | undefined, found?: FoundProblems): Promise<ShownProblems> {
    this.inputs.set(key, { roots, log, buildUrl, found });
    const dirs = toolDirectories(log.config, await firstLayout(roots));
    const workspaceFiles = filesUnder(roots);
    const files = new Map<string, vscode.Diagnostic[]>();
    const added = found?.comparison?.kind === 'compared' ? new Set(found.comparison.added) : undefined;
    const onlyNew = added !== undefined && this.onlyNew();
    let logOnly = 0;
    for (const problem of found?.problems ?? findProblems(log.commands)) {
      if (onlyNew && !added.has(problem)) continue;
      const placed = await placeProblem(problem, dirs, workspaceFiles);
      const file = placed && await workspaceFiles.uri(placed.path);
      if (!placed || !file) {
        logOnly += 1;
        continue;
      }
      const list = files.get(file.toString()) ?? [];
      const shown = diagnostic(problem, placed.line - 1, placed.column, buildUrl, added?.has(problem) === true);
      list.push(shown);
      this.places.set(problem, new vscode.Location(file, shown.range));
      files.set(file.toString(), list);
    }
    this.replace(key, files);
    return { placed: [...files.values()].reduce((n, list) => n + list.length, 0), logOnly };
  }

  /** Where a problem shown was placed. */
  placeOf(problem: LogProblem): vscode.Location | undefined {
    return this.places.get(problem);
  }

  /** Shows every key again (the setting changed): no request. */
  async showAgain(): Promise<void> {
    for (const [key, { roots, log, buildUrl, found }] of [...this.inputs]) await this.show(key, roots, log, buildUrl, found);
  }

  clear(key: string): void {
    this.inputs.delete(key);
    this.replace(key, new Map());
  }

  private replace(key: string, files: Map<string, vscode.Diagnostic[]>): void {
    const touched = new Set([...(this.byKey.get(key)?.keys() ?? []), ...files.keys()]);
    if (files.size) this.byKey.set(key, files);
    else this.byKey.delete(key);
    for (const uri of touched) {
      const all = [...this.byKey.values()].flatMap((m) => m.get(uri) ?? []);
      this.collection.set(vscode.Uri.parse(uri), all.length ? all : undefined);
    }
  }
}

function diagnostic(problem: LogProblem, line: number, column: number | undefined, buildUrl: string | undefined, isNew: boolean): vscode.Diagnostic {
  const severity = problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
  const message = isNew ? vscode.l10n.t('[new] {0}', problem.message) : problem.message;
  const result = new vscode.Diagnostic(new vscode.Range(line, column ?? 0, line, Number.MAX_SAFE_INTEGER), message, severity);
  result.source = DIAGNOSTIC_SOURCE;
  const buildPage = buildUrl === undefined ? undefined : webUrlOf(buildUrl);
  result.code = buildPage ? { value: problem.code, target: vscode.Uri.parse(buildPage.href, true) } : problem.code;
  return result;
}

/** The files under `roots` (best first) by repository-relative path, each looked up and read once per call. */
function filesUnder(roots: readonly string[]): ProblemFiles & { uri(path: string): Promise<vscode.Uri | undefined> } {
  const found = new Map<string, Promise<vscode.Uri | undefined>>();
  const texts = new Map<string, Promise<string | undefined>>();
  const uri = (path: string) => memo(found, path, async () => {
    for (const root of roots) {
      const candidate = vscode.Uri.joinPath(vscode.Uri.file(root), ...path.split('/'));
      try {
        if ((await vscode.workspace.fs.stat(candidate)).type & vscode.FileType.File) return candidate;
      } catch {
        // not there: try the next root
      }
    }
    return undefined;
  });
  return {
    uri,
    exists: async (path) => (await uri(path)) !== undefined,
    read: (path) => memo(texts, path, async () => {
      const file = await uri(path);
      return file && readFolderFile(file);
    }),
  };
}

/** The docs layout of the first root that has one (where MkDocs' docs_dir is). */
async function firstLayout(roots: readonly string[]): Promise<DocsLayout | undefined> {
  for (const root of roots) {
    const layout = await docsLayoutOf(vscode.Uri.file(root));
    if (layout) return layout;
  }
  return undefined;
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) cache.set(key, (value = make()));
  return value;
}
