import * as vscode from 'vscode';
import { type WorkspaceRow } from '../../core/workspace/section';
import { lookOfWorkspaceRow } from '../../core/workspace/workspaceRowLook';
import { workspaceRows } from '../../core/workspace/workspaceRows';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { treeItemOf } from '../tree/treeItem';
import { type WorkspaceModel } from './workspaceModel';

/**
 * "This Workspace": the bound projects, each with the rows its sections give (the branch's
 * version, the pull request, the recent builds, the notices). The view is created in ./index.ts,
 * which starts the binding when it shows.
 */
export class WorkspaceView extends Disposable implements vscode.TreeDataProvider<WorkspaceRow> {
  private readonly changed = this.register(new vscode.EventEmitter<WorkspaceRow | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private rows: WorkspaceRow[] = [];
  private readonly parents = new Map<string, WorkspaceRow>();
  /** The view's badge: what the sections say wants attention (unread error and warning notices). */
  badge: vscode.ViewBadge | undefined;

  constructor(private readonly services: Services, private readonly model: WorkspaceModel) {
    super();
    this.register(model.onDidChange(() => this.update()));
  }

  getTreeItem(row: WorkspaceRow): vscode.TreeItem {
    return treeItemOf(lookOfWorkspaceRow(row));
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
    const { editions } = this.services;
    const state = this.model.state;
    this.rows = workspaceRows(state, this.model.sections, Date.now(), editions.signedIn.length);
    const problems = this.model.sections.reduce((sum, section) => sum + (section.attentionCount?.(state.projects) ?? 0), 0);
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
}
