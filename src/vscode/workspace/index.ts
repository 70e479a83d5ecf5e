import * as vscode from 'vscode';
import { type BoundProjects } from '../../core/workspace/boundProject';
import { type StatusBarPresentation } from '../../core/workspace/workspaceWords';
import { type ProjectBuilds } from '../../core/branchBuilds/projectBuilds';
import { type WorkspaceRow, type WorkspaceSection } from '../../core/workspace/section';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { WORKSPACE_VIEW_ID } from '../viewIds';
import { CONFIG_FILE_SELECTOR, ConfigFileLenses } from './codeLens';
import { registerWorkspaceCommands } from './commands';
import { DocsConfigWatcher } from './docsConfigWatcher';
import { ConfigDiagnostics } from './configDiagnostics';
import { WorkspaceModel } from './workspaceModel';
import { WorkspaceStatus, currentBranchStatus } from './statusBar';
import { WorkspaceView } from './view';

/**
 * "This workspace": the projects built from the open repositories (the `BoundProjects` other
 * features start from), the "This Workspace" view, the status bar item of the current branch's
 * build, the `.readthedocs.yaml` CodeLens and the workspace commands. Nothing is read or sent
 * while activating: the binding starts when the view shows, a command runs, or the workspace
 * has a `.readthedocs.yaml`.
 */
export class WorkspaceFeatures extends Disposable {
  readonly model: WorkspaceModel;
  readonly rows: WorkspaceView;
  readonly view: vscode.TreeView<WorkspaceRow>;
  readonly status: WorkspaceStatus;
  readonly configErrors: ConfigDiagnostics;

  /** `builds`: the bound projects' recent builds; `sections`: what the features show under each bound project, in order. */
  constructor(services: Services, builds: ProjectBuilds, sections: readonly WorkspaceSection[]) {
    super();
    this.model = this.register(new WorkspaceModel(services, builds, sections));
    this.rows = this.register(new WorkspaceView(services, this.model));
    this.status = this.register(new WorkspaceStatus(this.model));
    this.view = this.register(vscode.window.createTreeView(WORKSPACE_VIEW_ID, { treeDataProvider: this.rows }));
    this.register(this.rows.onDidChangeTreeData(() => { this.view.badge = this.rows.badge; }));
    this.register(this.view.onDidChangeVisibility(() => { if (this.view.visible) this.model.start(); }));
    // Shown at start-up: the binding starts once activation is over.
    if (this.view.visible) setImmediate(() => this.model.start());
    this.register(vscode.languages.registerCodeLensProvider(CONFIG_FILE_SELECTOR, this.register(new ConfigFileLenses(this.model))));
    for (const command of registerWorkspaceCommands(services, this.model)) this.register(command);
    this.configErrors = this.register(new ConfigDiagnostics(services, this.model));
    this.register(new DocsConfigWatcher((folder) => {
      services.logger.debug(`${folder} holds a Read the Docs configuration: starting the workspace binding`);
      this.model.start();
    }, () => this.model.binding.started));
  }

  /** What logs, cross-references and redirects start from. */
  get boundProjects(): BoundProjects {
    return this.model.binding;
  }

  /** What the current-branch status bar item shows at `now` (undefined while hidden). */
  statusReading(now: number): StatusBarPresentation | undefined {
    const status = currentBranchStatus(this.model, now);
    return status && { text: status.text, tooltip: status.tooltip };
  }
}
