import * as vscode from 'vscode';
import { ReadTheDocsClient } from './core/api/client';
import { PollingBuildWatcher } from './core/builds/pollingWatcher';
import { type ClientFactory, Editions } from './core/editions/editions';
import { environmentTokenOf } from './core/editions/environmentToken';
import { CleartextWarnings } from './core/validation/urls';
import { configureSecrets } from './core/api/describeError';
import { configureL10n } from './core/l10n';
import { registerAuthCommands } from './vscode/auth/authCommands';
import { TokenStore } from './vscode/tokenStore';
import { DocsTokenStore } from './vscode/sharing/docsTokenStore';
import { PrivateDocs } from './vscode/sharing/privateDocs';
import { DocsHost } from './core/inventory/docsFile';
import { registerSharingCommands } from './vscode/sharing';
import { WorkspaceSettings, networkSettings } from './vscode/config';
import { registerBrowserCommands } from './vscode/browser/browserCommands';
import { registerBuildCommands } from './vscode/builds';
import { updateContextKeys } from './vscode/contextKeys';
import { ErrorReporter } from './vscode/errorReporter';
import { createLogger } from './vscode/log';
import { LogFeatures } from './vscode/logs';
import { registerManageCommands } from './vscode/manage';
import { EmbedFeatures } from './vscode/preview';
import { FiguresCache } from './core/buildTimes/figuresCache';
import { BuildTimesFeatures } from './vscode/buildTimes';
import { LiveBuilds } from './core/builds/liveBuilds';
import { type BuildKnowledge } from './core/builds/buildRow';
import { SkippedBuilds } from './core/builds/skippedBuilds';
import { BaseWarningsStore, NewWarnings, comparisonText } from './core/logs/newWarnings';
import { newWarningsSection } from './core/logs/newWarningsRows';
import { Disposables } from './core/util/disposables';
import { RedirectsFeatures } from './vscode/redirects';
import { type Services } from './vscode/services';
import { type TestingApi, testingApi } from './vscode/testing';
import { ProjectsTree } from './vscode/tree/projectsTree';
import { registerTreeCommands } from './vscode/tree/treeCommands';
import { type Ui, UiHost } from './vscode/ui/ui';
import { registerVersionCommands } from './vscode/versions';
import { AuthoringFeatures } from './vscode/authoring';
import { WorkspaceFeatures } from './vscode/workspace';
import { ProjectNotices } from './core/notices/projectNotices';
import { NoticeFeatures } from './vscode/notices';
import { PullRequestFeatures } from './vscode/pulls';
import { BranchBuildsFeatures } from './vscode/branchBuilds';
import { watchDocsLayouts } from './vscode/docsLayout';
import { ReadthedocsYamlFeatures } from './vscode/readthedocsYaml';
import { UploadedVersions } from './core/upload/uploadedVersions';
import { UploadFeatures } from './vscode/upload';

/** Returned by `activate`; `testing` only exists when VS Code runs the extension's tests. */
export interface ExtensionApi {
  readonly testing?: TestingApi;
}

export async function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  configureL10n(vscode.l10n.t); // before anything words a sentence in src/core
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const settings = new WorkspaceSettings();
  context.subscriptions.push(settings);

  const tokens = new TokenStore(context.secrets, environmentTokenOf(process.env));
  const docsTokens = new DocsTokenStore(context.secrets);
  const secrets = () => [...tokens.secretsToRedact(), ...docsTokens.secretsToRedact()];
  configureSecrets(secrets); // every sentence describeError makes leaves the tokens out
  const { logger, channel, lines } = createLogger(secrets, context.extensionMode === vscode.ExtensionMode.Test);
  context.subscriptions.push(channel);

  const cleartext = new CleartextWarnings();
  const makeClient: ClientFactory = (edition, baseUrl, getToken) => {
    const warning = cleartext.check(baseUrl);
    if (warning) { logger.warn(warning); void vscode.window.showWarningMessage(warning); }
    return new ReadTheDocsClient({
      edition,
      baseUrl,
      getToken,
      userAgent: `readthedocs-vscode/${version} (VS Code ${vscode.version})`,
      network: networkSettings,
      pageSize: settings.current.pageSize,
      requestsPerMinute: settings.current.requestsPerMinute,
      logger,
    });
  };
  const editions = new Editions(settings, tokens, makeClient);
  context.subscriptions.push(editions);

  const ui = new UiHost();
  const reporter = new ErrorReporter(editions, ui, logger);
  const privateDocs = new PrivateDocs({ editions, ui, reporter, logger }, docsTokens);
  context.subscriptions.push(privateDocs, ...registerAuthCommands({ editions, tokens, makeClient, ui, reporter, beforeSignOut: (edition) => privateDocs.forgetEdition(edition) }));

  const builds = new PollingBuildWatcher({
    // A signed-out edition's builds are dropped at their next turn, without a request (no 401 popup).
    clientOf: (edition) => (editions.signedIn.includes(edition) ? editions.client(edition) : undefined),
    floorSeconds: () => settings.current.buildPollSeconds,
    // Community builds are mostly public: one v2 request says the state and the running command.
    publicDetail: (edition) => edition === 'community',
    logger,
    onProblem: (error) => reporter.report(error, 'checking a running build'),
  });
  // What running builds are doing (a wait for a free builder, the running command), at the watcher's pace.
  const live: LiveBuilds = new LiveBuilds({
    watcher: builds,
    clientOf: (edition) => (editions.signedIn.includes(edition) ? editions.client(edition) : undefined),
    // Asked only when a row is drawn, after the tree exists.
    knownProjects: (edition) => tree.model.loadedProjects(edition),
    logger,
  });
  // What every view says of a build beyond its API object: one place, so a new fact reaches every view.
  // The warnings a branch's build added and fixed against its base build; base builds' warnings persist (finished logs never change).
  const newWarnings = new NewWarnings(new BaseWarningsStore(context.globalState));
  const skipped = new SkippedBuilds({ clientOf: (edition) => (editions.signedIn.includes(edition) ? editions.client(edition) : undefined), watcher: builds, logger });
  const known: BuildKnowledge = {
    of: (edition, projectSlug, build) => {
      const comparison = newWarnings.comparisonOf(edition, projectSlug, build.id);
      return {
        live: live.text(projectSlug, build, edition),
        skipped: skipped.isSkipped(edition, projectSlug, build),
        warnings: comparison?.kind === 'compared' ? comparisonText(comparison) : undefined,
      };
    },
    onDidChange: (listener) => {
      const both = new Disposables();
      both.add(live.onDidChange((w) => listener({ edition: w.edition, projectSlug: w.projectSlug, buildId: w.build.id })));
      both.add(skipped.onDidChange(listener));
      both.add(newWarnings.onDidChange(() => { for (const [ref, comparison] of newWarnings.entries()) listener({ ...ref, buildId: comparison.head }); }));
      return both;
    },
  };
  const tree: ProjectsTree = new ProjectsTree({ editions, builds, reporter, logger, known });
  context.subscriptions.push(builds, live, skipped, newWarnings, tree);

  const notices = new ProjectNotices(editions);
  context.subscriptions.push(notices);
  const uploaded = new UploadedVersions(context.globalState);
  const services: Services = {
    context, logger, settings, editions, tokens, makeClient, ui, reporter, builds, live, skipped, warnings: newWarnings, known, tree, notices, uploaded, grants: privateDocs.grants, docsHost: new DocsHost(editions, privateDocs.grants),
    // Asked only by commands, after activation built the workspace features.
    workspaceProjects: {
      bound: () => workspace.boundProjects.current(),
      account: (edition) => workspace.model.catalog.projects(edition, { priority: 'user' }),
    },
  };
  context.subscriptions.push(
    ...registerTreeCommands(services, tree),
    ...registerBrowserCommands(services),
    ...registerBuildCommands(services),
    ...registerVersionCommands(services),
    ...registerManageCommands(services),
    ...registerSharingCommands(services, privateDocs),
  );
  const docs = new EmbedFeatures(services);
  const buildTimes = new BuildTimesFeatures(services, new FiguresCache(context.globalState));
  context.subscriptions.push(docs, buildTimes);
  // This Workspace shows, under each bound project, the sections of these features in this order.
  const branchBuilds = new BranchBuildsFeatures(services);
  const pulls = new PullRequestFeatures(services);
  const projectNotices = new NoticeFeatures(services);
  const readthedocsYaml = new ReadthedocsYamlFeatures(services);
  context.subscriptions.push(branchBuilds, pulls, projectNotices, readthedocsYaml);
  // The projects built from the open folders: what logs, cross-references and redirects start from.
  const workspace = new WorkspaceFeatures(services, branchBuilds.builds, [branchBuilds.sections.branch, pulls.section, newWarningsSection(newWarnings), branchBuilds.sections.recent, privateDocs.section, projectNotices.section, readthedocsYaml.section]);
  context.subscriptions.push(projectNotices.followBoundProjects(workspace.boundProjects), readthedocsYaml.followBoundProjects(workspace.boundProjects));
  // Each folder's docs layout (sources, published names) is read once for Problems, redirects, pull requests and cross-references.
  context.subscriptions.push(watchDocsLayouts(workspace.boundProjects));
  const bound = workspace.boundProjects;
  const logs = new LogFeatures(services);
  context.subscriptions.push(workspace, logs, logs.followBoundProjects(bound, pulls.pullRequests));
  const authoring = new AuthoringFeatures(services, docs, bound);
  const redirects = new RedirectsFeatures({ ...services, bound, pullRequests: pulls.pullRequests });
  pulls.offerQuickFixes(redirects.diagnostics);
  context.subscriptions.push(authoring, redirects, new UploadFeatures(services, bound, pulls.pullRequests));

  context.subscriptions.push(
    editions.onDidChange(() => { builds.dropGone(); void updateContextKeys(editions); }),
    // Tokens not read yet are read when first needed, with whatever the other window stored.
    tokens.onDidChange(() => { if (editions.tokensRead) void editions.reloadTokens(); }),
  );
  // No secret is read here: the views, a command, a hovered link or a docs workspace's binding read them.
  await updateContextKeys(editions);

  return context.extensionMode === vscode.ExtensionMode.Test
    ? { testing: testingApi({ logLines: lines, setUi: (next: Ui) => { ui.current = next; }, tree, builds, known, docs, workspace, buildTimes, globalStorage: context.globalStorageUri }) }
    : {};
}

export function deactivate(): void {}
