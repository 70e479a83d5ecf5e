import { ProjectBuilds } from '../../core/branchBuilds/projectBuilds';
import { BranchBuildsSections } from '../../core/branchBuilds/sections';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';

/**
 * The bound projects' recent builds (one list request per project, then the build watcher) and
 * their two sections of This Workspace: the branch's version above the pull request, the recent
 * builds below it.
 */
export class BranchBuildsFeatures extends Disposable {
  readonly builds: ProjectBuilds;
  readonly sections: BranchBuildsSections;

  constructor(services: Services) {
    super();
    this.builds = this.register(new ProjectBuilds(services.editions, services.builds));
    this.sections = this.register(new BranchBuildsSections(this.builds, services.logger, services.known));
  }
}
