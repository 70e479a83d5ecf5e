import * as vscode from 'vscode';
import { BranchProblems, boundKey } from '../../core/logs/branchProblems';
import { type BoundProject, type BoundProjects } from '../../core/workspace/boundProject';
import { type BuildRef, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { BUILD_SCHEME, BuildDocuments, acceptsBuild, openBuildInBrowser, showBuild } from '../builds/buildDocument';
import { acceptsUri, registerCommand } from '../commands/register';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { showBuildLog, showBuildProblems } from './logCommands';
import { LogDocuments } from './logDocuments';
import { LOG_SCHEME } from '../builds/logUri';
import { BuildProblemsView } from './problemsView';
import { type PullRequests } from '../../core/pulls/pullRequests';
import { acceptsProjectRef, olderThanMergeBase, showNewWarnings } from './newWarnings';

/**
 * Build documents and logs: the `readthedocs-build:` documents (`readthedocs.showBuild`,
 * `readthedocs.openBuildInBrowser`), the `readthedocs-log:` documents (`readthedocs.showBuildLog`), the Problems panel
 * (`readthedocs.showBuildProblems` for any build, and the latest build of each bound project's
 * branch once `followBoundProjects` is given the workspace binding).
 */
export class LogFeatures extends Disposable {
  readonly buildDocuments: BuildDocuments;
  readonly documents: LogDocuments;
  readonly problems: BuildProblemsView;
  private bound: BoundProjects | undefined;

  constructor(private readonly services: Services) {
    super();
    const { reporter } = services;
    this.buildDocuments = this.register(new BuildDocuments(services));
    this.documents = this.register(new LogDocuments(services));
    this.problems = this.register(new BuildProblemsView(() => services.settings.current.problemsOnlyNew));
    let onlyNew = services.settings.current.problemsOnlyNew;
    this.register(services.settings.onDidChange((settings) => {
      if (settings.problemsOnlyNew === onlyNew) return;
      onlyNew = settings.problemsOnlyNew;
      void this.problems.showAgain();
    }));
    this.register(registerCommand(CommandIds.showNewWarnings, acceptsProjectRef, (ref) => showNewWarnings(services, this.problems, (r) => this.rootsOf({ ...r, buildId: 0 }), ref), reporter));
    this.register(vscode.workspace.registerTextDocumentContentProvider(BUILD_SCHEME, this.buildDocuments));
    this.register(vscode.workspace.registerTextDocumentContentProvider(LOG_SCHEME, this.documents));
    this.register(vscode.languages.registerFoldingRangeProvider({ scheme: LOG_SCHEME }, this.documents));
    this.register(registerCommand(CommandIds.showBuild, acceptsBuild, (arg) => showBuild(services, arg), reporter));
    this.register(registerCommand(
      CommandIds.openBuildInBrowser, accepts.either(acceptsUri, accepts.nodeOf('build'), accepts.buildRef), (arg) => openBuildInBrowser(services, this.buildDocuments, arg), reporter,
    ));
    const acceptsLog = accepts.either(acceptsUri, acceptsBuild);
    this.register(registerCommand(CommandIds.showBuildLog, acceptsLog, (arg) => showBuildLog(services, this.documents, arg), reporter));
    this.register(registerCommand(
      CommandIds.showBuildProblems, acceptsLog, (arg) => showBuildProblems(services, this.problems, (ref) => this.rootsOf(ref), (ref) => this.keyOf(ref), arg), reporter,
    ));
  }

  /**
   * Keeps the Problems panel on the latest finished build of each bound project's current branch
   * (replaced when a newer one finishes, cleared when it is clean). Disposing it clears them.
   */
  followBoundProjects(bound: BoundProjects, pullRequests?: Pick<PullRequests, 'held' | 'onDidChange'>): vscode.Disposable {
    this.bound = bound;
    const { services, problems } = this;
    const policy = new BranchProblems({
      bound,
      clientOf: (edition) => (services.editions.signedIn.includes(edition) ? services.editions.client(edition) : undefined),
      watcher: services.builds,
      sink: {
        show: async (key, entry, build, log, found) => { await problems.show(key, [entry.folderPath], log, build.urls.build, found); },
        clear: (key) => problems.clear(key),
      },
      newWarnings: services.warnings,
      builtAs: pullRequests && ((entry) => pullRequests.held(entry)?.number),
      olderThanMergeBase: (entry, commit) => olderThanMergeBase(entry.folderPath, entry.project.defaultBranch, commit, services.logger),
      logger: services.logger,
    });
    const subscription = pullRequests?.onDidChange(() => void policy.refreshBuiltAs());
    if (bound.started) void policy.refresh();
    return this.register({
      dispose: () => {
        subscription?.dispose();
        policy.dispose();
        if (this.bound === bound) this.bound = undefined;
      },
    });
  }

  private async boundTo(ref: BuildRef): Promise<readonly BoundProject[]> {
    const all = this.bound ? await this.bound.current() : [];
    return all.filter((b) => b.edition === ref.edition && b.project.slug === ref.projectSlug);
  }

  /** The folders bound to the build's project, else every workspace folder. */
  private async rootsOf(ref: BuildRef): Promise<readonly string[]> {
    const bound = await this.boundTo(ref);
    if (bound.length) return bound.map((b) => b.folderPath);
    return (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  }

  /** On demand, a build replaces what the Problems panel shows for its project. */
  private async keyOf(ref: BuildRef): Promise<string> {
    const [first] = await this.boundTo(ref);
    return first ? boundKey(first) : `build:${ref.edition}/${ref.projectSlug}`;
  }
}
