import { type StatusBarPresentation } from '../../core/workspace/present';
import { type WorkspaceCommands } from '../lazy/workspace';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { ConfigFileLenses } from './codeLens';
import { ConfigDiagnostics } from './configDiagnostics';
import { usedConfigYaml } from '../../core/notices/usedConfig';
import { workspaceCommands } from './commands';
import { WorkspaceSession } from './session';
import { WorkspaceStatus, currentBranchStatus } from './statusBar';
import { WorkspaceView } from './view';

/**
 * "This workspace": the projects built from the open repositories (the `BoundProjects` other
 * features start from), the "This Workspace" view, the status bar item of the current branch's
 * build, the `.readthedocs.yaml` CodeLens and the workspace commands (in
 * dist/features/workspace.js; src/vscode/lazy/workspace.ts creates the view, registers the
 * CodeLens provider and the commands, and loads it the first time one of them needs it).
 * Nothing is read or sent when it loads: the binding starts when the view shows, a command
 * runs, or the workspace has a `.readthedocs.yaml`.
 */
export class WorkspaceFeatures extends Disposable {
  readonly session: WorkspaceSession;
  readonly view: WorkspaceView;
  readonly status: WorkspaceStatus;
  readonly lenses: ConfigFileLenses;
  readonly commands: WorkspaceCommands;
  readonly configErrors: ConfigDiagnostics;
  /** The configuration a build used, as YAML beside the local file (for "Compare with the Configuration Read the Docs Used"). */
  readonly usedConfigYaml = usedConfigYaml;

  constructor(services: Services) {
    super();
    this.session = this.register(new WorkspaceSession(services));
    this.view = this.register(new WorkspaceView(services, this.session));
    this.status = this.register(new WorkspaceStatus(this.session));
    this.lenses = this.register(new ConfigFileLenses(this.session));
    this.commands = workspaceCommands(services, this.session);
    this.configErrors = this.register(new ConfigDiagnostics(services, this.session));
  }

  /** What the current-branch status bar item shows at `now` (undefined while hidden). */
  statusReading(now: number): StatusBarPresentation | undefined {
    const status = currentBranchStatus(this.session, now);
    return status && { text: status.text, tooltip: status.tooltip };
  }
}
