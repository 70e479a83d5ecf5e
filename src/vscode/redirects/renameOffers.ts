import * as vscode from 'vscode';
import { redirectSummary } from '../../core/manage/redirects';
import { applyRedirectPlan } from '../../core/redirects/applyPlan';
import { parseRedirectsFile, writeRedirectsFile } from '../../core/redirects/fileFormat';
import { type PlanStep } from '../../core/redirects/plan';
import { isDocsSource } from '../../core/docsLayout/publishedName';
import { OfferedRenames, type Rename, redirectsForRenames } from '../../core/redirects/renameRedirects';
import { type RedirectRule, ruleLabel } from '../../core/redirects/rule';
import { outcomeReport } from '../../core/redirects/words';
import { Disposable } from '../lifecycle';
import { refusedInRestrictedMode } from '../ui/restrictedMode';
import { docsLayoutOf, relativePath } from '../docsLayout';
import { type RedirectsServices, displayName, findRedirectsFile, readText, resolveRedirectsProject } from './target';
import { errorDetail } from '../../core/api/describeError';
import { GIT_STATUS, type GitRepository, gitApi } from '../git/api';


/**
 * Renamed or moved documentation pages offer "Add a redirect from the old page": explorer renames
 * (`onDidRenameFiles`) and renames in a new commit (vscode.git). All renames of one event are one
 * offer; a rename is offered once; the offer is a notification, never a silent change. Not in
 * Restricted Mode: the folder's files would choose what is written.
 */
export class RenameOffers extends Disposable {
  private readonly offered = new OfferedRenames();
  /** In Restricted Mode the refusal is said once per window, not at every rename. */
  private refusalShown = false;

  constructor(private readonly services: RedirectsServices) {
    super();
    this.register(vscode.workspace.onDidRenameFiles((e) => void this.onRenamed(e.files).catch((error) => services.reporter.report(error))));
    void this.watchGit();
  }

  private async onRenamed(files: readonly { readonly oldUri: vscode.Uri; readonly newUri: vscode.Uri }[]): Promise<void> {
    const byFolder = new Map<string, { folder: vscode.Uri; renames: Rename[] }>();
    for (const { oldUri, newUri } of files) {
      const folder = vscode.workspace.getWorkspaceFolder(newUri)?.uri;
      if (!folder) continue;
      const isFolder = await vscode.workspace.fs.stat(newUri).then((s) => s.type === vscode.FileType.Directory, () => false);
      const entry = byFolder.get(folder.toString()) ?? { folder, renames: [] };
      entry.renames.push({ from: relativePath(folder, oldUri), to: relativePath(folder, newUri), folder: isFolder });
      byFolder.set(folder.toString(), entry);
    }
    for (const { folder, renames } of byFolder.values()) await this.offer(folder, renames);
  }

  private async offer(folder: vscode.Uri, renames: readonly Rename[]): Promise<void> {
    if (!await this.isDocsFolder(folder)) return;
    if (!vscode.workspace.isTrusted) {
      if (!this.refusalShown && renames.some((r) => isDocsSource(r.to))) this.refusalShown = refusedInRestrictedMode(this.services.ui.current, 'renameOffer');
      return;
    }
    const layout = await docsLayoutOf(folder);
    if (!layout) return;
    const rules = redirectsForRenames(this.offered.take(renames), layout);
    if (rules.length === 0) return;
    const file = await findRedirectsFile(folder);
    if (file && 'refused' in file) {
      void this.services.ui.current.warn(file.refused);
      return;
    }
    const list = rules.map((r) => redirectSummary(r)).join(', ');
    const toFile = file?.exists ? vscode.l10n.t('Add to {0}', displayName(file.uri)) : undefined;
    const toServer = vscode.l10n.t('Create on Read the Docs…');
    const choice = await this.services.ui.current.info(
      rules.length === 1 ? vscode.l10n.t('A documentation page moved. Add a redirect from the old page? {0}', list) : vscode.l10n.t('{0} documentation pages moved. Add a redirect from the old pages? {1}', rules.length, list),
      ...(toFile ? [toFile] : [toServer]), vscode.l10n.t('Not Now'),
    );
    if (choice === toFile && file) await this.addToFile(file.uri, rules);
    else if (choice === toServer) await this.createOnServer(folder, rules);
  }

  /** With a binding, only the folders of bound projects hold "documentation of the project"; without one, any folder with docs. */
  private async isDocsFolder(folder: vscode.Uri): Promise<boolean> {
    if (!this.services.bound) return true;
    const bound = await this.services.bound.current().catch(() => []);
    return bound.length === 0 || bound.some((b) => vscode.Uri.file(b.folderPath).toString() === folder.toString());
  }

  /** New rules go first, where Read the Docs puts new redirects too, so a wildcard further down cannot hide them. */
  private async addToFile(uri: vscode.Uri, rules: readonly RedirectRule[]): Promise<void> {
    const text = await readText(uri);
    const existing = parseRedirectsFile(text).entries.map((e) => e.rule);
    const document = await vscode.workspace.openTextDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(text.length)), writeRedirectsFile([...rules, ...existing], text));
    await vscode.workspace.applyEdit(edit);
    await document.save();
    await vscode.window.showTextDocument(document, { preview: false });
    void this.services.ui.current.info(rules.length === 1 ? vscode.l10n.t('Added 1 redirect to {0}. Apply the file to send it to Read the Docs.', displayName(uri))
      : vscode.l10n.t('Added {0} redirects to {1}. Apply the file to send them to Read the Docs.', rules.length, displayName(uri)));
  }

  private async createOnServer(folder: vscode.Uri, rules: readonly RedirectRule[]): Promise<void> {
    const target = await resolveRedirectsProject(this.services, vscode.l10n.t('Create the redirects in which project?'));
    if (!target) return;
    const confirmed = await this.services.ui.current.confirm(
      rules.length === 1 ? vscode.l10n.t('Create 1 redirect in {0}?', target.projectSlug) : vscode.l10n.t('Create {0} redirects in {1}?', rules.length, target.projectSlug),
      rules.map(ruleLabel).join('\n'),
      vscode.l10n.t('Create'),
    );
    if (!confirmed) return;
    const steps: PlanStep[] = rules.map((rule, position) => ({ kind: 'create', rule, position, entry: position }));
    const outcome = await target.client.batchWrites(() => applyRedirectPlan(target.projectSlug, steps, target.client.redirects));
    if (outcome.done.length === steps.length) {
      void this.services.ui.current.info(rules.length === 1 ? vscode.l10n.t('Created 1 redirect in {0}: {1}.', target.projectSlug, rules.map(ruleLabel).join('; '))
        : vscode.l10n.t('Created {0} redirects in {1}: {2}.', rules.length, target.projectSlug, rules.map(ruleLabel).join('; ')));
      return;
    }
    const report = outcomeReport(outcome, target.projectSlug, vscode.l10n.t('the redirects for the renames in {0}', vscode.workspace.asRelativePath(folder)), undefined);
    void this.services.ui.current[report.severity](report.text);
  }

  /**
   * Renames in each commit made on top of the one checked out (not the one checked out at start,
   * nor a branch checked out or reset to: those renames were made elsewhere or earlier).
   */
  private async watchGit(): Promise<void> {
    const api = await gitApi(this.services.logger);
    if (!api) return;
    const watch = (repository: GitRepository) => {
      let seen = repository.state.HEAD?.commit;
      this.register(repository.state.onDidChange(() => {
        const commit = repository.state.HEAD?.commit;
        if (!commit || commit === seen) return;
        const previous = seen;
        seen = commit;
        if (previous !== undefined) void this.offerCommit(repository, commit, previous).catch((error) => this.services.logger.debug(`redirects: reading the renames of ${commit} failed: ${errorDetail(error)}`));
      }));
    };
    api.repositories.forEach(watch);
    this.register(api.onDidOpenRepository(watch));
  }

  private async offerCommit(repository: GitRepository, commit: string, previous: string): Promise<void> {
    if (!(await repository.getCommit(commit)).parents.includes(previous)) return;
    const changes = await repository.diffBetween(`${commit}~1`, commit);
    const folder = vscode.workspace.getWorkspaceFolder(repository.rootUri)?.uri ?? repository.rootUri;
    const renames = changes
      .filter((c) => c.status === GIT_STATUS.indexRenamed && c.renameUri)
      .map((c) => ({ from: relativePath(folder, c.originalUri), to: relativePath(folder, c.renameUri ?? c.uri) }));
    if (renames.length) await this.offer(folder, renames);
  }
}
