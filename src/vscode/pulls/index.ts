import { docsFileFetcher } from '../../core/inventory/docsFile';
import { readBranchHints } from '../../core/pulls/branchPullRequest';
import { PullRequests } from '../../core/pulls/pullRequests';
import { pullRequestsSection } from '../../core/pulls/pullRequestRows';
import { type WorkspaceSection } from '../../core/workspace/section';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { PullRequestCommands } from './commands';
import { WorkspaceFileRedirects, localDeletions } from './deletedPageRedirects';

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
      // Docs hosts get no token; the request still counts in the edition's budget.
      fetchDocsFile: docsFileFetcher(() => editions.client(editions.configured[0] ?? 'community')?.transport, 'addonsJson'),
    }));
    this.section = pullRequestsSection(this.pullRequests, logger);
    this.register(new PullRequestCommands(services, this.pullRequests));
  }
}
