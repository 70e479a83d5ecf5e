import * as vscode from 'vscode';
import { unlessUploaded } from '../upload/uploadedVersion';
import { type ChangedPageRef, type PullRequestRef, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type PullRequests } from '../../core/pulls/pullRequests';
import { visualDiffUrl } from '../../core/pulls/previewRoot';
import { registerCommand } from '../commands/register';
import { PREVIEW_SIDE_BY_SIDE } from '../preview/viewType';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { withProgress } from '../ui/progress';
import { addRedirectForDeletedPage } from './deletedPageRedirects';

/**
 * The commands of a pull request's rows in This Workspace: Rebuild (one POST, never retried),
 * a preview or page in the browser, a changed page beside its base version in the preview
 * panel, and the visual diff of a page. Registered when the workspace feature is built.
 */
export class PullRequestCommands extends Disposable {
  /** Pull requests a rebuild is on its way for: a second click sends nothing. */
  private readonly rebuilding = new Set<string>();

  constructor(private readonly services: Services, private readonly pullRequests: PullRequests) {
    super();
    const { reporter } = services;
    this.register(registerCommand(CommandIds.rebuildPullRequest, accepts.pullRequestRef, (ref) => this.rebuild(ref), reporter));
    this.register(registerCommand(CommandIds.openPullRequestInBrowser, accepts.webPage, (page) => this.openInBrowser(page?.url), reporter));
    this.register(registerCommand(CommandIds.openVisualDiff, accepts.webPage, (page) => this.openInBrowser(page && visualDiffUrl(page.url)), reporter));
    this.register(registerCommand(CommandIds.comparePullRequestPage, accepts.changedPage, (page) => this.compare(page), reporter));
    this.register(registerCommand(CommandIds.addRedirectForDeletedPage, accepts.deletedPage, (page) => page && addRedirectForDeletedPage(services.ui.current, pullRequests, page), reporter));
  }

  /** Rebuilds the commit of the pull request's last build (Read the Docs does not build a newer push this way). */
  private async rebuild(ref: PullRequestRef | undefined): Promise<unknown> {
    if (!ref) {
      void this.services.ui.current.info(vscode.l10n.t('Rebuild a pull request from its row in the "This Workspace" view.'));
      return undefined;
    }
    const key = `${ref.edition}/${ref.projectSlug}/${ref.pullRequest}`;
    if (this.rebuilding.has(key)) return undefined;
    const action = vscode.l10n.t('rebuilding pull request #{0} of {1}', ref.pullRequest, ref.projectSlug);
    const place = { edition: ref.edition, projectSlug: ref.projectSlug, versionSlug: ref.pullRequest };
    this.rebuilding.add(key);
    const client = this.services.editions.requireClient(ref.edition);
    try {
      // A preview published by uploads is never built from git.
      const triggered = await unlessUploaded(this.services, place, action, () => withProgress(
        vscode.l10n.t('Rebuilding pull request #{0} of {1}…', ref.pullRequest, ref.projectSlug),
        () => client.builds.trigger(ref.projectSlug, ref.pullRequest, { priority: 'user' }),
      ));
      if (!triggered) return undefined;
      const { build } = triggered;
      this.services.builds.watch(ref.edition, ref.projectSlug, build, { whileVisibleOnly: false });
      this.pullRequests.record(ref.edition, ref.projectSlug, build);
      void this.services.ui.current.info(build.commit
        ? vscode.l10n.t('Read the Docs is building pull request #{0} again (build #{1}) from commit {2}, the commit of its last build: a newer push builds on its own.', ref.pullRequest, build.id, build.commit.slice(0, 7))
        : vscode.l10n.t('Read the Docs is building pull request #{0} again (build #{1}) from the commit of its last build: a newer push builds on its own.', ref.pullRequest, build.id));
      return build;
    } catch (error) {
      this.services.reporter.report(error, { action, host: client.host, write: true });
      return undefined;
    } finally {
      this.rebuilding.delete(key);
    }
  }

  private async openInBrowser(url: string | undefined): Promise<boolean> {
    if (!url) return false;
    return this.services.ui.current.openExternal(url);
  }

  /**
   * The pull request's page in the preview panel and the base version's beside it; a deleted
   * page has only the base one. The side-by-side command belongs to the preview feature: while
   * that feature is not loaded yet, previewing the page loads it.
   */
  private async compare(page: ChangedPageRef | undefined): Promise<unknown> {
    if (!page) return undefined;
    if (!page.current || !page.base) return vscode.commands.executeCommand(CommandIds.previewDocs, page.current ?? page.base);
    if (!(await vscode.commands.getCommands(true)).includes(PREVIEW_SIDE_BY_SIDE)) {
      await vscode.commands.executeCommand(CommandIds.previewDocs, page.current);
    }
    return vscode.commands.executeCommand(PREVIEW_SIDE_BY_SIDE, { left: page.current, right: page.base });
  }
}
