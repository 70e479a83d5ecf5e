import * as vscode from 'vscode';
import { type Accepts, type ProjectSlugRef, type RepositoryPrefill, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type BoundProject, type BoundProjects } from '../../core/workspace/boundProject';
import { type WorkspaceRow } from '../../core/workspace/rows';
import { registerCommand } from '../commands/register';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { WORKSPACE_VIEW_ID } from '../tree/viewId';
import { DocsConfigWatcher } from '../workspace/docsConfigWatcher';
import { loadOnce } from './load';

/** The workspace commands (dist/features/workspace.js). */
export const WORKSPACE_COMMAND_IDS = [
  CommandIds.importWorkspaceRepository,
  CommandIds.buildCurrentBranch,
  CommandIds.openCurrentBranchDocs,
  CommandIds.syncVersions,
  CommandIds.activateBranchVersion,
  CommandIds.showLatestBuildLog,
] as const;
export type WorkspaceCommandId = (typeof WORKSPACE_COMMAND_IDS)[number];

/** What each takes: the project (rows, CodeLens, status bar) or the repository to import. */
type WorkspaceArgs = { readonly [Id in WorkspaceCommandId]: Id extends typeof CommandIds.importWorkspaceRepository ? RepositoryPrefill : ProjectSlugRef };
const ACCEPTS: { readonly [Id in WorkspaceCommandId]: Accepts<WorkspaceArgs[Id]> } = {
  [CommandIds.importWorkspaceRepository]: accepts.repository,
  [CommandIds.buildCurrentBranch]: accepts.projectSlugRef,
  [CommandIds.openCurrentBranchDocs]: accepts.projectSlugRef,
  [CommandIds.syncVersions]: accepts.projectSlugRef,
  [CommandIds.activateBranchVersion]: accepts.projectSlugRef,
  [CommandIds.showLatestBuildLog]: accepts.projectSlugRef,
};

/** The handlers dist/features/workspace.js gives for them. */
export type WorkspaceCommands = { readonly [Id in WorkspaceCommandId]: (arg?: WorkspaceArgs[Id]) => Promise<unknown> };

/** `.readthedocs.yaml` / `.yml`, wherever it sits in the workspace. */
export const CONFIG_FILE_SELECTOR: vscode.DocumentSelector = [{ pattern: '**/.readthedocs.{yaml,yml}' }];

/**
 * "This Workspace" (dist/features/workspace.js: the binding, the view's rows, the status bar item,
 * the CodeLens and the commands), loaded on first need. The view, the CodeLens provider and the
 * commands are registered here; the feature loads, and the binding starts, when the view shows,
 * a `.readthedocs.yaml` is in the workspace (or opens: its CodeLens), a command runs, or another
 * feature asks for the bound projects (`boundProjects.current()`).
 */
export class LazyWorkspace extends Disposable {
  readonly feature = loadOnce(async () => {
    const { WorkspaceFeatures } = await import('../workspace/features.js');
    const workspace = this.register(new WorkspaceFeatures(this.services));
    this.register(workspace.view.onDidChangeTreeData((row) => { this.view.badge = workspace.view.badge; this.rowsChanged.fire(row); }));
    this.register(workspace.lenses.onDidChangeCodeLenses(() => this.lensesChanged.fire()));
    this.register(this.bound.follow(workspace.session.binding));
    return workspace;
  });
  private readonly rowsChanged = this.register(new vscode.EventEmitter<WorkspaceRow | undefined>());
  /** The rows of "This Workspace", as VS Code asks for them (the first ask loads the feature). */
  readonly rows: vscode.TreeDataProvider<WorkspaceRow> = {
    onDidChangeTreeData: this.rowsChanged.event,
    getChildren: async (row) => (await this.feature()).view.getChildren(row),
    getTreeItem: async (row) => (await this.feature()).view.getTreeItem(row),
    getParent: async (row) => (await this.feature()).view.getParent(row),
  };
  /** The "This Workspace" view. */
  readonly view: vscode.TreeView<WorkspaceRow>;
  private readonly lensesChanged = this.register(new vscode.EventEmitter<void>());
  private readonly bound = this.register(new DeferredBoundProjects(async () => (await this.feature()).session.binding));

  constructor(private readonly services: Services) {
    super();
    const { reporter, logger } = services;
    this.view = this.register(vscode.window.createTreeView(WORKSPACE_VIEW_ID, { treeDataProvider: this.rows }));
    this.register(this.view.onDidChangeVisibility(() => { if (this.view.visible) this.start(); }));
    // Shown at start-up: loaded once activation is over.
    if (this.view.visible) setImmediate(() => this.start());
    this.register(vscode.languages.registerCodeLensProvider(CONFIG_FILE_SELECTOR, {
      onDidChangeCodeLenses: this.lensesChanged.event,
      provideCodeLenses: async (document) => (await this.feature()).lenses.provideCodeLenses(document),
    }));
    const register = <Id extends WorkspaceCommandId>(id: Id) =>
      registerCommand(id, ACCEPTS[id], async (arg) => (await this.feature()).commands[id](arg), reporter);
    for (const id of WORKSPACE_COMMAND_IDS) this.register(register(id));
    this.register(registerCommand(CommandIds.refreshWorkspace, async () => (await this.feature()).session.refresh(), reporter));
    this.register(new DocsConfigWatcher((folder) => {
      logger.debug(`${folder} holds a Read the Docs configuration: starting the workspace binding`);
      this.start();
    }, () => this.bound.started));
  }

  /** What logs, cross-references and redirects start from. */
  get boundProjects(): BoundProjects {
    return this.bound;
  }

  /** Loads the feature and starts the binding (idempotent). */
  private start(): void {
    void this.feature().then((workspace) => workspace.session.start()).catch((error) => this.services.reporter.report(error));
  }
}

/**
 * The binding as the other features hold it from activation on: `current()` loads the workspace
 * feature (and so starts the binding); `started` and `onDidChange` are the real binding's once
 * it is loaded (not started before that).
 */
class DeferredBoundProjects extends Disposable implements BoundProjects {
  private readonly changed = this.register(new vscode.EventEmitter<readonly BoundProject[]>());
  readonly onDidChange = this.changed.event;
  private real: BoundProjects | undefined;

  constructor(private readonly load: () => Promise<BoundProjects>) {
    super();
  }

  get started(): boolean {
    return this.real?.started ?? false;
  }

  async current(): Promise<readonly BoundProject[]> {
    return (await this.load()).current();
  }

  /** Passes on the loaded binding's events. */
  follow(real: BoundProjects): vscode.Disposable {
    this.real = real;
    return real.onDidChange((projects) => this.changed.fire(projects));
  }
}
