import { errorDetail } from '../api/describeError';
import { type Logger } from '../log';
import { Emitter } from '../util/events';
import { type WorkspaceProject } from '../workspace/binding';
import { type WorkspaceSection } from '../workspace/section';
import { branchRows, recentBuildRows } from './branchRows';
import { type ProjectBuilds } from './projectBuilds';

/**
 * The branch builds' two sections of This Workspace: the branch's version (above the pull request)
 * and the recent builds (below it), both from `ProjectBuilds`: one list request per bound project,
 * then kept fresh by the build watcher.
 */
export class BranchBuildsSections {
  private readonly changed = new Emitter<void>();
  readonly branch: WorkspaceSection;
  readonly recent: WorkspaceSection;
  private readonly subscription: { dispose(): void };

  constructor(private readonly builds: ProjectBuilds, private readonly logger: Logger) {
    this.subscription = builds.onDidChange(() => this.changed.fire());
    const held = (edition: WorkspaceProject['edition'], slug: string) => builds.held(edition, slug);
    this.branch = { ...branchRows(held), onDidChange: this.changed.event, follow: (projects) => this.follow(projects), forget: () => builds.forget() };
    this.recent = { ...recentBuildRows(held), onDidChange: this.changed.event };
  }

  private follow(projects: readonly WorkspaceProject[]): void {
    for (const bound of projects) {
      if (this.builds.held(bound.edition, bound.project.slug)) continue;
      this.builds.recent(bound.edition, bound.project.slug).then(
        () => this.changed.fire(),
        (error: unknown) => this.logger.warn(`workspace: builds of ${bound.project.slug} not read: ${errorDetail(error)}`),
      );
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
