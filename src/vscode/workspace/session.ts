import * as vscode from 'vscode';
import { type Edition, type WriteChange } from '../../core/api/client';
import { type ProjectSlugRef } from '../../core/commandArgs';
import { type Build } from '../../core/models/build';
import { WorkspaceBinding, type WorkspaceProject, type WorkspaceState } from '../../core/workspace/binding';
import { ProjectCatalog } from '../../core/workspace/projectCatalog';
import { ProjectBuilds, latestBuildOf } from '../../core/workspace/projectBuilds';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { GitFolders } from './gitFolders';
import { errorDetail } from '../../core/api/describeError';
import { docsFileFetcher } from '../../core/inventory/docsFile';
import { readBranchHints } from '../../core/pulls/branchPullRequest';
import { PullRequests } from '../../core/pulls/pullRequests';
import { WorkspaceFileRedirects, localDeletions } from '../pulls/deletedPageRedirects';

/** The command that opens a build's log (the build-log feature); `readthedocs.showBuild` stands in while it is absent. */
export const SHOW_BUILD_LOG = 'readthedocs.showBuildLog';

/** A build as the log commands take it. */
export interface BuildLogRef {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly buildId: number;
}

/**
 * The workspace's Read the Docs state for the view, the status bar, the CodeLens and the
 * commands: the binding (started on first need, never in `activate`), the project catalog it
 * matches against, and the bound projects' recent builds.
 */
export class WorkspaceSession extends Disposable {
  readonly catalog: ProjectCatalog;
  readonly folders: GitFolders;
  readonly binding: WorkspaceBinding;
  readonly builds: ProjectBuilds;
  /** The pull request of each bound project's branch. */
  readonly pullRequests: PullRequests;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The binding or a bound project's builds changed. */
  readonly onDidChange = this.changed.event;
  private logCommand: Promise<string> | undefined;

  constructor(private readonly services: Services) {
    super();
    const { editions, logger, builds } = services;
    this.catalog = this.register(new ProjectCatalog(editions));
    this.folders = this.register(new GitFolders(logger));
    this.binding = this.register(new WorkspaceBinding({
      editions, catalog: this.catalog, folders: this.folders, logger,
      entries: () => services.settings.current.workspaceProjects,
    }));
    this.builds = this.register(new ProjectBuilds(editions, builds));
    const fileRedirects = this.register(new WorkspaceFileRedirects());
    this.pullRequests = this.register(new PullRequests({
      editions, watcher: builds, logger, readHints: readBranchHints, fileRedirects,
      localDeletions: (folderPath, base) => localDeletions(folderPath, base, logger),
      // Docs hosts get no token; the request still counts in the edition's budget.
      fetchDocsFile: docsFileFetcher(() => editions.client(editions.configured[0] ?? 'community')?.transport, 'addonsJson'),
    }));
    this.register(this.pullRequests.onDidChange(() => this.changed.fire()));
    this.register(this.binding.onDidChangeState((state) => { this.loadBuilds(state); this.followPullRequests(state); this.changed.fire(); }));
    this.register(this.builds.onDidChange(() => this.changed.fire()));
    this.register(services.notices.onDidChange(() => this.changed.fire()));
    this.register(editions.onDidWrite((change) => this.follow(change)));
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

  /** Opens a build's log: the build-log command when it exists, else the build document. */
  async openLog(ref: BuildLogRef): Promise<void> {
    await vscode.commands.executeCommand(await this.logCommandId(), ref);
  }

  logCommandId(): Promise<string> {
    this.logCommand ??= Promise.resolve(vscode.commands.getCommands(true)).then((all) => (all.includes(SHOW_BUILD_LOG) ? SHOW_BUILD_LOG : 'readthedocs.showBuild'));
    return this.logCommand;
  }

  /** Forgets every list and version held and binds again (Refresh). */
  async refresh(): Promise<void> {
    this.builds.forget();
    this.pullRequests.forget();
    this.services.notices.forget();
    this.start();
    // The state may come back unchanged (no event): read the builds again all the same.
    const state = await this.binding.refresh();
    this.loadBuilds(state);
    this.followPullRequests(state);
    this.changed.fire();
  }

  /**
   * A write reloads what it changed here: a new project may be this folder's (bind again), a bound
   * project's settings or versions decide its branch's version. Builds follow the watcher, notices
   * their own dismissal.
   */
  private follow(change: WriteChange): void {
    if (!this.binding.started) return;
    const failed = (error: unknown) => this.services.logger.warn(`workspace: binding again after ${change.method} ${change.path} failed: ${errorDetail(error)}`);
    if (change.projectSlug === undefined) {
      this.refresh().catch(failed);
      return;
    }
    const bound = this.state.projects.some((p) => p.edition === change.edition && p.project.slug === change.projectSlug);
    if (bound && (change.lists.length === 0 || change.lists.includes('versions'))) this.binding.forgetVersions(change.edition, change.projectSlug).catch(failed);
  }

  private followPullRequests(state: WorkspaceState): void {
    for (const bound of state.projects) {
      this.pullRequests.follow(bound).catch((error: unknown) => this.services.logger.warn(`workspace: the pull request of ${bound.project.slug} not read: ${errorDetail(error)}`));
    }
  }

  private loadBuilds(state: WorkspaceState): void {
    for (const bound of state.projects) {
      this.loadNotices(bound);
      if (this.builds.held(bound.edition, bound.project.slug)) continue;
      this.builds.recent(bound.edition, bound.project.slug).then(
        () => this.changed.fire(),
        (error: unknown) => this.services.logger.warn(`workspace: builds of ${bound.project.slug} not read: ${errorDetail(error)}`),
      );
    }
  }

  /** The project's unread notices, read with its builds (when the view shows or is refreshed), never polled. */
  private loadNotices(bound: WorkspaceProject): void {
    const { notices, logger } = this.services;
    if (notices.held(bound.edition, bound.project.slug)) return;
    notices.unread(bound.edition, bound.project.slug).catch((error: unknown) => logger.warn(`workspace: notices of ${bound.project.slug} not read: ${errorDetail(error)}`));
  }
}
