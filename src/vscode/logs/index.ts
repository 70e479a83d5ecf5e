import * as vscode from 'vscode';
import { BranchProblems, boundKey } from '../../core/logs/branchProblems';
import { type BoundProject, type BoundProjects } from '../../core/workspace/boundProject';
import { type NodeOfKind } from '../../core/tree/nodes';
import { type BuildRef } from '../../core/commandArgs';
import { BuildDocuments, openBuildInBrowser, showBuild } from '../builds/buildDocument';
import { type BuildArg } from '../lazy/logs';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { type LogArg, showBuildLog, showBuildProblems } from './logCommands';
import { LogDocuments } from './logDocuments';
import { BuildProblemsView, type ShownProblems } from './problemsView';

/**
 * Build documents and logs (in dist/features/workspace.js, see src/vscode/lazy/logs.ts): the
 * `readthedocs-build:` documents (`readthedocs.showBuild`, `readthedocs.openBuildInBrowser`), the
 * `readthedocs-log:` documents (`readthedocs.showBuildLog`), the Problems panel
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
    this.buildDocuments = this.register(new BuildDocuments(services));
    this.documents = this.register(new LogDocuments(services));
    this.problems = this.register(new BuildProblemsView());
  }

  /** `readthedocs.showBuild` (registered by the shim, src/vscode/lazy/logs.ts, like the others). */
  showBuild(arg?: BuildArg): Promise<vscode.Uri | undefined> {
    return showBuild(this.services, arg);
  }

  /** `readthedocs.openBuildInBrowser`. */
  openBuildInBrowser(arg?: vscode.Uri | NodeOfKind<'build'> | BuildRef): Promise<string | undefined> {
    return openBuildInBrowser(this.services, this.buildDocuments, arg);
  }

  /** `readthedocs.showBuildLog`. */
  showBuildLog(arg?: LogArg): Promise<vscode.Uri | undefined> {
    return showBuildLog(this.services, this.documents, arg);
  }

  /** `readthedocs.showBuildProblems` (registered by the shim). */
  showBuildProblems(arg?: LogArg): Promise<ShownProblems | undefined> {
    return showBuildProblems(this.services, this.problems, (ref) => this.rootsOf(ref), (ref) => this.keyOf(ref), arg);
  }

  /**
   * Keeps the Problems panel on the latest finished build of each bound project's current branch
   * (replaced when a newer one finishes, cleared when it is clean). Disposing it clears them.
   */
  followBoundProjects(bound: BoundProjects): vscode.Disposable {
    this.bound = bound;
    const { services, problems } = this;
    const policy = new BranchProblems({
      bound,
      clientOf: (edition) => (services.editions.signedIn.includes(edition) ? services.editions.client(edition) : undefined),
      watcher: services.builds,
      sink: {
        show: async (key, entry, build, log) => { await problems.show(key, [entry.folderPath], log, build.urls.build); },
        clear: (key) => problems.clear(key),
      },
      logger: services.logger,
    });
    if (bound.started) void policy.refresh();
    return this.register({
      dispose: () => {
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
