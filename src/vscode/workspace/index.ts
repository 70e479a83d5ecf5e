import { type BoundProjects } from '../../core/workspace/boundProject';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { ConfigFileLenses } from './codeLens';
import { DocsConfigWatcher } from './docsConfigWatcher';
import { registerWorkspaceCommands } from './commands';
import { WorkspaceSession } from './session';
import { WorkspaceStatus } from './statusBar';
import { WorkspaceView } from './view';

/**
 * "This workspace": the projects built from the open repositories (the `BoundProjects` other
 * features start from), the "This Workspace" view, the status bar item of the current branch's
 * build, the `.readthedocs.yaml` CodeLens and the workspace commands. Nothing is read or sent
 * while activating: the binding starts when the view shows, a command runs, or the workspace
 * has a `.readthedocs.yaml` (looked for once activation is over).
 */
export class WorkspaceFeatures extends Disposable {
  readonly session: WorkspaceSession;
  readonly view: WorkspaceView;
  readonly status: WorkspaceStatus;

  constructor(services: Services) {
    super();
    this.session = this.register(new WorkspaceSession(services));
    this.view = this.register(new WorkspaceView(services, this.session));
    this.status = this.register(new WorkspaceStatus(this.session));
    this.register(new ConfigFileLenses(this.session));
    for (const command of registerWorkspaceCommands(services, this.session)) this.register(command);
    this.register(new DocsConfigWatcher((folder) => {
      services.logger.debug(`${folder} holds a Read the Docs configuration: starting the workspace binding`);
      this.session.start();
    }, () => this.session.binding.started));
  }

  /** What logs, cross-references and redirects start from. */
  get boundProjects(): BoundProjects {
    return this.session.binding;
  }
}
