import * as vscode from 'vscode';
import { KeyedDebounce } from '../../core/util/debounce';
import { errorDetail } from '../../core/api/describeError';
import { type Logger } from '../../core/log';
import { type ChangedPage } from '../../core/pulls/addons';
import { deletedPagesOfDiff, redirectForDeletion, type NameStatus } from '../../core/pulls/deletedPages';
import { type FileRedirects, type PullRequests } from '../../core/pulls/pullRequests';
import { type DeletedPageRef } from '../../core/commandArgs';
import { restrictedModeRefusal } from '../../core/workspace/folderTrust';
import { REDIRECTS_FILE_CHECK_DELAY_MS } from '../../core/redirects/checkFile';
import { parseRedirectsFile, writeRedirectsFile } from '../../core/redirects/fileFormat';
import { publishedPath } from '../../core/docsLayout/publishedName';
import { type RedirectRule } from '../../core/redirects/rule';
import { Disposable } from '../lifecycle';
import { type DeletedPageWarning, type RedirectsDiagnostics } from '../redirects/diagnostics';
import { refusedInRestrictedMode } from '../ui/restrictedMode';
import { type Ui } from '../ui/ui';
import { docsLayoutOf, relativePath } from '../docsLayout';
import { findInFolder } from '../folderSearch';
import { GIT_STATUS, gitApi } from '../git/api';
import { findRedirectsFile, isRedirectsFile, readText } from '../redirects/target';

/** How long the diff against the default branch may take before it is given up. */
const GIT_DIFF_TIMEOUT_MS = 10_000;

/** The rules of each workspace folder's redirects file, for the pull requests' deleted-page check. */
export class WorkspaceFileRedirects extends Disposable implements FileRedirects {
  private readonly changed = this.register(new vscode.EventEmitter<string>());
  readonly onDidChange = this.changed.event;
  /** A folder's file is read again once typing in it pauses (each read parses the whole file). */
  private readonly pauses = this.register(new KeyedDebounce<string>(REDIRECTS_FILE_CHECK_DELAY_MS));

  constructor() {
    super();
    this.register(vscode.workspace.onDidChangeTextDocument((e) => {
      const folder = e.contentChanges.length > 0 && isRedirectsFile(e.document.uri) ? vscode.workspace.getWorkspaceFolder(e.document.uri) : undefined;
      if (!folder) return;
      const path = folder.uri.fsPath;
      this.pauses.schedule(path, () => this.changed.fire(path));
    }));
  }

  async rules(folderPath: string): Promise<readonly RedirectRule[]> {
    const file = await findRedirectsFile(vscode.Uri.file(folderPath));
    if (!file || 'refused' in file || !file.exists) return [];
    return parseRedirectsFile(await readText(file.uri)).entries.map((e) => e.rule);
  }
}

/**
 * The published pages the checked-out branch deletes or renames away since the project's default
 * branch (`origin/<default>` when the remote branch is known, else the local one), through the git
 * extension's `diffBetween` (`git diff --name-status <base>...HEAD`), given up after a time limit.
 */
export async function localDeletions(folderPath: string, defaultBranch: string, logger: Logger): Promise<readonly ChangedPage[] | undefined> {
  const folder = vscode.Uri.file(folderPath);
  const repository = (await gitApi(logger))?.getRepository(folder);
  if (!repository) return undefined;
  const layout = await docsLayoutOf(folder);
  if (!layout) return undefined;
  for (const base of [`origin/${defaultBranch}`, defaultBranch]) {
    let changes;
    try {
      changes = await withTimeout(repository.diffBetween(base, 'HEAD'), GIT_DIFF_TIMEOUT_MS);
    } catch (error) {
      logger.debug(`pull requests: git diff ${base}...HEAD in ${folderPath}: ${errorDetail(error)}`);
      continue;
    }
    if (changes === undefined) return undefined;
    const records: NameStatus[] = changes.flatMap((c): NameStatus[] => {
      if (c.status === GIT_STATUS.deleted || c.status === GIT_STATUS.indexDeleted) return [{ status: 'D', path: relativePath(folder, c.originalUri) }];
      if (c.status === GIT_STATUS.indexRenamed) return [{ status: 'R', path: relativePath(folder, c.originalUri), renamedTo: relativePath(folder, c.renameUri ?? c.uri) }];
      return [];
    });
    return deletedPagesOfDiff(records, layout);
  }
  return undefined;
}

/** The promise's value, or undefined once `ms` passed (the git process is left to the git extension). */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

/** A redirect for a deleted page, as an edit of the folder's redirects file the person sees. */
export interface DeletedPageRedirectEdit {
  readonly uri: vscode.Uri;
  readonly rule: RedirectRule;
  readonly edit: vscode.WorkspaceEdit;
}

/**
 * The edit that puts a `page` redirect for `filename` first in the folder's redirects file (kept as
 * written around it), creating the file when there is none; its target is the nearest parent index
 * the folder's sources still publish, else the version root. `{ refused }` when the file setting
 * points outside the folder.
 */
export async function deletedPageRedirectEdit(folder: vscode.Uri, filename: string, deleted: readonly string[]): Promise<DeletedPageRedirectEdit | { readonly refused: string } | undefined> {
  const file = await findRedirectsFile(folder);
  if (!file || 'refused' in file) return file;
  const published = await publishedIndexes(folder);
  const rule = redirectForDeletion(filename, deleted, (candidate) => published.has(candidate));
  const edit = new vscode.WorkspaceEdit();
  if (file.exists) {
    const document = await vscode.workspace.openTextDocument(file.uri);
    const text = document.getText();
    const existing = parseRedirectsFile(text).entries.map((e) => e.rule);
    edit.replace(file.uri, new vscode.Range(document.positionAt(0), document.positionAt(text.length)), writeRedirectsFile([rule, ...existing], text));
  } else {
    edit.createFile(file.uri, { ignoreIfExists: true });
    edit.insert(file.uri, new vscode.Position(0, 0), writeRedirectsFile([rule]));
  }
  return { uri: file.uri, rule, edit };
}

/** The index pages the folder's sources publish (`guide/index.html` or `guide/`). */
async function publishedIndexes(folder: vscode.Uri): Promise<Set<string>> {
  const layout = await docsLayoutOf(folder);
  if (!layout) return new Set();
  const found = await findInFolder(folder, `${layout.root ? `${layout.root}/` : ''}**/{index,README,readme}.*`, 2000);
  return new Set(found.map((file) => publishedPath(file.path, layout)?.replace(/^\/+/, '')).filter((p): p is string => p !== undefined));
}

/** The quick fix of one deleted-page warning; its edit is made when it is chosen (or previewed). */
class DeletedPageQuickFix extends vscode.CodeAction {
  constructor(readonly page: DeletedPageWarning, diagnostic: vscode.Diagnostic) {
    super(vscode.l10n.t('Add a Redirect for {0}', page.filename), vscode.CodeActionKind.QuickFix);
    this.diagnostics = [diagnostic];
    this.isPreferred = true;
  }
}

/**
 * "Add a Redirect" on the warning of a deleted page: the redirects file's edit, shown and undoable
 * like any other (nothing is sent to the server). Not offered in Restricted Mode.
 */
export class DeletedPageQuickFixes implements vscode.CodeActionProvider<DeletedPageQuickFix> {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly warnings: Pick<RedirectsDiagnostics, 'deletedPageOf'>) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): DeletedPageQuickFix[] {
    if (restrictedModeRefusal('deletedPageRedirect', vscode.workspace.isTrusted)) return [];
    return context.diagnostics.flatMap((diagnostic) => {
      const page = this.warnings.deletedPageOf(document.uri, diagnostic);
      return page ? [new DeletedPageQuickFix(page, diagnostic)] : [];
    });
  }

  async resolveCodeAction(action: DeletedPageQuickFix): Promise<DeletedPageQuickFix> {
    const made = await deletedPageRedirectEdit(action.page.folder, action.page.filename, action.page.deleted);
    if (made && !('refused' in made)) action.edit = made.edit;
    return action;
  }
}

/** The row command: the same edit, applied and shown in the editor (unsaved, for the person to review). */
export async function addRedirectForDeletedPage(ui: Ui, pullRequests: Pick<PullRequests, 'uncaughtIn'>, page: DeletedPageRef): Promise<boolean> {
  if (refusedInRestrictedMode(ui, 'deletedPageRedirect')) return false;
  const deleted = pullRequests.uncaughtIn(page.folderPath).find((pr) => pr.pages.some((p) => p.filename === page.filename))?.deleted ?? [page.filename];
  const made = await deletedPageRedirectEdit(vscode.Uri.file(page.folderPath), page.filename, deleted);
  if (!made) return false;
  if ('refused' in made) {
    void ui.warn(made.refused);
    return false;
  }
  if (!await vscode.workspace.applyEdit(made.edit)) return false;
  await vscode.window.showTextDocument(made.uri, { preview: false });
  return true;
}
