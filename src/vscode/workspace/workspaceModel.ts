import * as vscode from 'vscode';
import { type WriteChange } from '../../core/api/client';
import { errorDetail } from '../../core/api/describeError';
import { type BuildRef, type ProjectSlugRef } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type Build } from '../../core/models/build';
import { WorkspaceBinding, type WorkspaceProject, type WorkspaceState } from '../../core/workspace/binding';
import { ProjectCatalog } from '../../core/workspace/projectCatalog';
import { type ProjectBuilds, latestBuildOf } from '../../core/branchBuilds/projectBuilds';
import { type BranchBuild, type WorkspaceSection } from '../../core/workspace/section';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { type BuildKnown } from '../../core/builds/buildRow';
import { GitFolders } from '../git/folders';

/**
 * The workspace's Read the Docs state for the view, the status bar, the CodeLens and the
 * commands: the binding (started on first need, never in `activate`), the project catalog it
 * matches against, the bound projects' recent builds, and the sections of This Workspace that
 * the features contribute (each told when the bound projects change).
 */
export class WorkspaceModel extends Disposable {
  readonly catalog: ProjectCatalog;
  readonly folders: GitFolders;
  readonly binding: WorkspaceBinding;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The binding or a section's rows changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly services: Services,
    /** The bound projects' recent builds (the branch builds' sections read them too). */
    readonly builds: ProjectBuilds,
    /** What the features show under each bound project, in order. */
    readonly sections: readonly WorkspaceSection[],
  ) {
    super();
    const { editions, logger } = services;
    this.catalog = this.register(new ProjectCatalog(editions));
    this.folders = this.register(new GitFolders(logger));
    this.binding = this.register(new WorkspaceBinding({
      editions, catalog: this.catalog, folders: this.folders, logger,
      entries: () => services.settings.current.workspaceProjects,
    }));
    for (const section of sections) this.register(section.onDidChange(() => this.changed.fire()));
    this.register(this.binding.onDidChangeState((state) => { this.follow(state); this.changed.fire(); }));
    this.register(editions.onDidWrite((change) => this.written(change)));
    this.register(vscode.workspace.onDidChangeConfiguration((e) => {
      if (this.binding.started && e.affectsConfiguration('readthedocs.projects')) void this.binding.recompute();
    }));
  }

  get state(): WorkspaceState {
    return this.binding.snapshot;
  }

  /** Starts the binding (idempotent): the view became visible, a command ran, a `.readthedocs.yaml` is here. */
  start(): void {
    this.binding.start();
  }

  /** The bound projects of the folder being worked in: the active editor's folder, else every bound project. */
  currentProjects(): readonly WorkspaceProject[] {
    const projects = this.state.projects;
    const uri = vscode.window.activeTextEditor?.document.uri;
    const folder = uri && vscode.workspace.getWorkspaceFolder(uri);
    const inFolder = folder ? projects.filter((p) => p.folderPath === folder.uri.fsPath) : [];
    return inFolder.length > 0 ? inFolder : projects;
  }

  /** The newest held build of the project's branch version (no request). */
  latestBuild(bound: WorkspaceProject): Build | undefined {
    return latestBuildOf(this.builds.held(bound.edition, bound.project.slug), bound.versionSlug);
  }

  /** What is known of a build of a bound project beyond its API object (its live words, …). */
  known(bound: WorkspaceProject, build: Build): BuildKnown {
    return this.services.known.of(bound.edition, bound.project.slug, build);
  }

  /** What a section says the branch is built as when it has no active version of its own (its pull request's build). */
  branchBuild(bound: WorkspaceProject): BranchBuild | undefined {
    if (bound.branchVersion?.kind === 'active') return undefined;
    return this.sections.map((section) => section.branchBuild?.(bound)).find((found) => found !== undefined);
  }

  /** Every bound project (computing the binding when needed), and one of them picked when there are several. */
  async pickProject(placeHolder: string, named?: ProjectSlugRef): Promise<WorkspaceProject | undefined> {
    this.start();
    await this.binding.currentState();
    if (named) return this.state.projects.find((p) => p.edition === named.edition && p.project.slug === named.projectSlug);
    const candidates = this.currentProjects();
    if (candidates.length === 0) {
      void this.services.ui.current.info(this.services.editions.signedIn.length === 0
        ? vscode.l10n.t('Sign in to Read the Docs first: the workspace is matched against your projects.')
        : vscode.l10n.t('No Read the Docs project is built from this workspace\'s repositories (see the "This Workspace" view, or the readthedocs.projects setting).'));
      return undefined;
    }
    if (candidates.length === 1) return candidates[0];
    const picked = await this.services.ui.current.quickPick(
      candidates.map((p) => ({ label: p.project.name, description: [p.project.slug, p.branch].filter(Boolean).join(' · '), project: p })),
      { placeHolder },
    );
    return picked?.project;
  }

  /** Opens a build's log. */
  async openLog(ref: BuildRef): Promise<void> {
    await vscode.commands.executeCommand(CommandIds.showBuildLog, ref);
  }

  /** Forgets what every section holds and binds again (Refresh). */
  async refresh(): Promise<void> {
    for (const section of this.sections) section.forget?.();
    this.start();
    // The state may come back unchanged (no event): the sections read again all the same.
    this.follow(await this.binding.refresh());
    this.changed.fire();
  }

  /**
   * A write reloads what it changed here: a new project may be this folder's (bind again), a bound
   * project's settings or versions decide its branch's version. Builds follow the watcher, notices
   * their own dismissal.
   */
  private written(change: WriteChange): void {
    if (!this.binding.started) return;
    const failed = (error: unknown) => this.services.logger.warn(`workspace: binding again after ${change.method} ${change.path} failed: ${errorDetail(error)}`);
    if (change.projectSlug === undefined) {
      this.refresh().catch(failed);
      return;
    }
    const bound = this.state.projects.some((p) => p.edition === change.edition && p.project.slug === change.projectSlug);
    if (bound && (change.lists.length === 0 || change.lists.includes('versions'))) this.binding.forgetVersions(change.edition, change.projectSlug).catch(failed);
  }

  private follow(state: WorkspaceState): void {
    for (const section of this.sections) section.follow?.(state.projects, state.unmatched);
  }
}
