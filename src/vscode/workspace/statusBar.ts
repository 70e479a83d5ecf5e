import * as vscode from 'vscode';
import { CommandIds } from '../../core/commandIds';
import { type Build } from '../../core/models/build';
import { type StatusBarPresentation, buildPresentation, statusBarPresentation } from '../../core/workspace/workspaceWords';
import { type WorkspaceProject } from '../../core/workspace/binding';
import { Disposable } from '../lifecycle';
import { type WorkspaceModel } from './workspaceModel';
import { type BranchBuild } from '../../core/workspace/section';

/**
 * The current folder's project in the status bar: the latest build of the current branch's
 * version (spinning while it runs, check or cross after, "3 minutes ago"); a click opens its log
 * (or builds the branch when it has no build). Follows checkouts and editor switches; the
 * build's state comes from the build watcher, which polls only while it runs.
 */
export class WorkspaceStatus extends Disposable {
  private readonly item: vscode.StatusBarItem;
  /** Re-renders "N min ago" once a minute while shown; sends nothing. */
  private clock: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly model: WorkspaceModel) {
    super();
    this.item = this.register(vscode.window.createStatusBarItem('readthedocs.workspaceBuild', vscode.StatusBarAlignment.Left, 11));
    this.item.name = vscode.l10n.t('Read the Docs: Current Branch');
    this.register(model.onDidChange(() => this.update()));
    this.register(vscode.window.onDidChangeActiveTextEditor(() => this.update()));
    this.register({ dispose: () => { if (this.clock) clearInterval(this.clock); } });
    this.update();
  }

  private update(): void {
    const status = currentBranchStatus(this.model, Date.now());
    if (!status) {
      this.item.hide();
      if (this.clock) clearInterval(this.clock);
      this.clock = undefined;
      return;
    }
    const { bound, latest, text, tooltip, builtAs } = status;
    this.item.text = text;
    this.item.tooltip = tooltip;
    const ref = { edition: bound.edition, projectSlug: bound.project.slug };
    this.item.command = builtAs && latest
      ? { command: CommandIds.showBuildLog, title: vscode.l10n.t('Show Build Log'), arguments: [{ ...ref, buildId: latest.id }] }
      : latest
      ? { command: CommandIds.showLatestBuildLog, title: vscode.l10n.t('Show Log of Latest Build'), arguments: [ref] }
      : bound.branchVersion?.kind === 'active'
        ? { command: CommandIds.buildCurrentBranch, title: vscode.l10n.t('Build Current Branch'), arguments: [ref] }
        : { command: 'workbench.view.extension.readthedocs', title: vscode.l10n.t('Show This Workspace') };
    this.item.show();
    this.clock ??= setInterval(() => this.update(), 60_000);
  }
}

/**
 * What the item shows: the first bound project of the folder being worked in and the latest build
 * of its branch's version; undefined (hidden) when no project is bound.
 */
export function currentBranchStatus(model: Pick<WorkspaceModel, 'currentProjects' | 'latestBuild' | 'branchBuild' | 'known'>, now: number): (StatusBarPresentation & { bound: WorkspaceProject; latest: Build | undefined; builtAs?: BranchBuild }) | undefined {
  const bound = model.currentProjects()[0];
  if (!bound) return undefined;
  // A branch without a version of its own builds through its pull request, if it has one.
  const branchBuild = model.branchBuild(bound);
  if (branchBuild) return { bound, latest: branchBuild.build, builtAs: branchBuild, ...buildPresentation(bound.project.slug, branchBuild.name, branchBuild.build, now, model.known(bound, branchBuild.build)) };
  const latest = model.latestBuild(bound);
  return { bound, latest, ...statusBarPresentation(bound, latest, now, (build) => model.known(bound, build)) };
}
