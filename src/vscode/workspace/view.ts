import * as vscode from 'vscode';
import { CommandIds } from '../../core/commandIds';
import { type RowAction, type WorkspaceRow, workspaceRows } from '../../core/workspace/workspaceRows';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { type WorkspaceModel } from './workspaceModel';

/**
 * "This Workspace": the bound projects, the current branch's version (or what it lacks, with
 * the action that fixes it) and their recent builds (the view is created in ./index.ts, which
 * starts the binding when it shows).
 */
export class WorkspaceView extends Disposable implements vscode.TreeDataProvider<WorkspaceRow> {
  private readonly changed = this.register(new vscode.EventEmitter<WorkspaceRow | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private rows: WorkspaceRow[] = [];
  private readonly parents = new Map<string, WorkspaceRow>();
  private logCommand = 'readthedocs.showBuild';
  /** The view's badge: the bound projects' unread error and warning notices. */
  badge: vscode.ViewBadge | undefined;

  constructor(private readonly services: Services, private readonly model: WorkspaceModel) {
    super();
    this.register(model.onDidChange(() => this.update()));
  }

  getTreeItem(row: WorkspaceRow): vscode.TreeItem {
    const item = new vscode.TreeItem(row.label, row.children?.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    item.description = row.description;
    item.tooltip = row.tooltip;
    if (row.icon) item.iconPath = new vscode.ThemeIcon(row.icon.id, row.icon.color ? new vscode.ThemeColor(row.icon.color) : undefined);
    if (row.action) item.command = this.commandOf(row.action, row.label);
    item.contextValue = row.contextValue;
    return item;
  }

  getChildren(row?: WorkspaceRow): WorkspaceRow[] {
    if (row) return [...(row.children ?? [])];
    if (!this.model.binding.started) return [];
    return this.rows;
  }

  getParent(row: WorkspaceRow): WorkspaceRow | undefined {
    return this.parents.get(row.id);
  }

  /** The rows shown now (for tests and the welcome content's absence). */
  get shown(): readonly WorkspaceRow[] {
    return this.rows;
  }

  private update(): void {
    // Asked once the binding runs (after activation), when every command is registered.
    void this.model.logCommandId().then((id) => {
      if (id === this.logCommand) return;
      this.logCommand = id;
      this.changed.fire(undefined);
    });
    const { editions } = this.services;
    const state = this.model.state;
    this.rows = workspaceRows(state, (edition, slug) => this.model.builds.held(edition, slug), Date.now(), editions.signedIn.length,
      (bound) => this.model.pullRequests.held(bound), (edition, slug) => this.services.notices.held(edition, slug));
    const problems = this.services.notices.problemCount(state.projects.map((p) => ({ edition: p.edition, projectSlug: p.project.slug })));
    this.badge = problems > 0 ? { value: problems, tooltip: problems === 1 ? vscode.l10n.t('1 unread error or warning from Read the Docs') : vscode.l10n.t('{0} unread errors and warnings from Read the Docs', problems) } : undefined;
    if (this.rows.length === 0 && this.model.binding.started && editions.signedIn.length > 0 && vscode.workspace.workspaceFolders?.length) {
      this.rows = [{ id: 'empty', label: vscode.l10n.t('No project of yours is built from this workspace\'s repositories.'), tooltip: vscode.l10n.t('Open a clone of a documented project, or list projects in the readthedocs.projects setting.') }];
    }
    this.parents.clear();
    const walk = (rows: readonly WorkspaceRow[], parent?: WorkspaceRow) => {
      for (const row of rows) {
        if (parent) this.parents.set(row.id, parent);
        walk(row.children ?? [], row);
      }
    };
    walk(this.rows);
    this.changed.fire(undefined);
  }

  private commandOf(action: RowAction, title: string): vscode.Command {
    switch (action.kind) {
      case 'showLog':
        return { command: this.logCommand, title, arguments: [{ edition: action.edition, projectSlug: action.projectSlug, buildId: action.buildId }] };
      case 'syncVersions':
        return { command: CommandIds.syncVersions, title, arguments: [{ edition: action.project.edition, projectSlug: action.project.project.slug }] };
      case 'activate':
        return { command: CommandIds.activateBranchVersion, title, arguments: [{ edition: action.project.edition, projectSlug: action.project.project.slug }] };
      case 'build':
        return { command: CommandIds.buildCurrentBranch, title, arguments: [{ edition: action.project.edition, projectSlug: action.project.project.slug }] };
      case 'import':
        return { command: CommandIds.importWorkspaceRepository, title, arguments: [{ repositoryUrl: action.repositoryUrl }] };
      case 'retry':
        return { command: CommandIds.refreshWorkspace, title };
      case 'command':
        return { command: action.command, title, arguments: [...action.args] };
    }
  }
}
