import { errorDetail } from '../api/describeError';
import { type Logger } from '../log';
import { Emitter } from '../util/events';
import { type WorkspaceProject } from '../workspace/binding';
import { type KnownOf, type WorkspaceSection } from '../workspace/section';
import { branchRows, recentBuildRows } from './branchRows';
import { type BuildKnowledge } from '../builds/buildRow';
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
  private readonly subscriptions: { dispose(): void }[];

  /** `known`: what is known of builds beyond their API objects (what running ones are doing now, …), said in their rows and said again when it changes. */
  constructor(private readonly builds: ProjectBuilds, private readonly logger: Logger, known: BuildKnowledge) {
    this.subscriptions = [builds.onDidChange(() => this.changed.fire()), known.onDidChange(() => this.changed.fire())];
    const held = (edition: WorkspaceProject['edition'], slug: string) => builds.held(edition, slug);
    const knownOf: KnownOf = (bound, build) => known.of(bound.edition, bound.project.slug, build);
    this.branch = { ...branchRows(held, knownOf), onDidChange: this.changed.event, follow: (projects) => this.follow(projects), forget: () => builds.forget() };
    this.recent = { ...recentBuildRows(held, knownOf), onDidChange: this.changed.event };
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
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
