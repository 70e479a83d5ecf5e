import * as vscode from 'vscode';
import { readBranchHints } from '../../core/pulls/branchPullRequest';
import { PullRequests } from '../../core/pulls/pullRequests';
import { pullRequestsSection } from '../../core/pulls/pullRequestRows';
import { type WorkspaceSection } from '../../core/workspace/section';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { PullRequestCommands } from './commands';
import { DeletedPageQuickFixes, WorkspaceFileRedirects, localDeletions } from './deletedPageRedirects';
import { type RedirectsDiagnostics } from '../redirects/diagnostics';

/** The setting may name any file: the quick fixes answer only on the redirects file's own warnings. */
const REDIRECTS_FILE_SELECTOR: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'vscode-remote' }];

/**
 * Pull requests: the pull request of each bound project's branch (found when the checkout changes,
 * its running build watched), its section of This Workspace and the commands of its rows.
 */
export class PullRequestFeatures extends Disposable {
  readonly pullRequests: PullRequests;
  readonly section: WorkspaceSection;

  constructor(services: Services) {
    super();
    const { editions, builds, logger } = services;
    const fileRedirects = this.register(new WorkspaceFileRedirects());
    this.pullRequests = this.register(new PullRequests({
      editions, watcher: builds, logger, readHints: readBranchHints, fileRedirects,
      localDeletions: (folderPath, base) => localDeletions(folderPath, base, logger),
      // Docs hosts get no API token; a project's own addons API gets its private-docs header (unverified upstream:
      // a refusal there is the preview's, said on its row, not taken for a revoked token).
      fetchDocsFile: services.docsHost.files('addonsJson', 'ignore'),
    }));
    this.section = pullRequestsSection(this.pullRequests, (bound, build) => services.known.of(bound.edition, bound.project.slug, build), logger);
    this.register(new PullRequestCommands(services, this.pullRequests));
  }

  /** Offers "Add a Redirect" on the redirects file's warnings about deleted pages. */
  offerQuickFixes(warnings: Pick<RedirectsDiagnostics, 'deletedPageOf'>): void {
    this.register(vscode.languages.registerCodeActionsProvider(REDIRECTS_FILE_SELECTOR, new DeletedPageQuickFixes(warnings), DeletedPageQuickFixes.metadata));
  }
}
