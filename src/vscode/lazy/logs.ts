import * as vscode from 'vscode';
import { type Accepted, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type BoundProjects } from '../../core/workspace/boundProject';
import { acceptsUri, registerCommand } from '../commands/register';
import { Disposable } from '../lifecycle';
import { BUILD_SCHEME, LOG_SCHEME } from '../logs/schemes';
import { type Services } from '../services';
import { loadOnce } from './load';

/** What `readthedocs.showBuild` accepts: a build row, a project row (a build of it is picked), or a `BuildRef` (a notification's). */
export const acceptsBuild = accepts.either(accepts.nodeOf('build', 'project'), accepts.buildRef);
export type BuildArg = Accepted<typeof acceptsBuild>;

/**
 * Build documents and logs (dist/features/workspace.js, with This Workspace), loaded on first use: the `readthedocs-build:`
 * and `readthedocs-log:` content providers, the log folding provider and the four commands are
 * registered here and load it when first called; the Problems panel follower of the workspace
 * binding loads it once the binding has started.
 */
export class LazyLogs extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  private readonly buildChanged = this.register(new vscode.EventEmitter<vscode.Uri>());
  private readonly feature = loadOnce(async () => {
    const { LogFeatures } = await import('../workspace/features.js');
    const logs = this.register(new LogFeatures(this.services));
    this.register(logs.documents.onDidChange((uri) => this.changed.fire(uri)));
    this.register(logs.buildDocuments.onDidChange((uri) => this.buildChanged.fire(uri)));
    return logs;
  });

  constructor(private readonly services: Services) {
    super();
    const { reporter } = services;
    this.register(vscode.workspace.registerTextDocumentContentProvider(BUILD_SCHEME, {
      onDidChange: this.buildChanged.event,
      provideTextDocumentContent: async (uri, token) => (await this.feature()).buildDocuments.provideTextDocumentContent(uri, token),
    }));
    this.register(registerCommand(CommandIds.showBuild, acceptsBuild, async (arg) => (await this.feature()).showBuild(arg), reporter));
    this.register(registerCommand(
      CommandIds.openBuildInBrowser, accepts.either(acceptsUri, accepts.nodeOf('build'), accepts.buildRef), async (arg) => (await this.feature()).openBuildInBrowser(arg), reporter,
    ));
    this.register(vscode.workspace.registerTextDocumentContentProvider(LOG_SCHEME, {
      onDidChange: this.changed.event,
      provideTextDocumentContent: async (uri, token) => (await this.feature()).documents.provideTextDocumentContent(uri, token),
    }));
    this.register(vscode.languages.registerFoldingRangeProvider({ scheme: LOG_SCHEME }, {
      provideFoldingRanges: async (document) => (await this.feature()).documents.provideFoldingRanges(document),
    }));
    const acceptsLog = accepts.either(acceptsUri, acceptsBuild);
    this.register(registerCommand(CommandIds.showBuildLog, acceptsLog, async (arg) => (await this.feature()).showBuildLog(arg), reporter));
    this.register(registerCommand(CommandIds.showBuildProblems, acceptsLog, async (arg) => (await this.feature()).showBuildProblems(arg), reporter));
  }

  /**
   * The Problems panel follows the binding from the moment it starts (loading the feature then,
   * once activation is over when it has started already).
   */
  followBoundProjects(bound: BoundProjects): void {
    let following = false;
    const start = (): void => {
      if (following) return;
      following = true;
      waiting?.dispose();
      void this.feature().then((logs) => logs.followBoundProjects(bound)).catch((error) => this.services.reporter.report(error));
    };
    const waiting = bound.started ? undefined : this.register(bound.onDidChange(start));
    if (!waiting) setImmediate(start);
  }
}
