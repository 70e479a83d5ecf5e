import * as vscode from 'vscode';
import { BuildNotTriggeredError } from '../../core/api/errors';
import { type ProjectSlugRef, type RepositoryPrefill, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type Build } from '../../core/models/build';
import { type Version } from '../../core/models/version';
import { type NodeOfKind, nodeIds } from '../../core/tree/nodes';
import { projectIdInTree } from '../tree/pickers';
import { realClock } from '../../core/util/clock';
import { type WorkspaceProject } from '../../core/workspace/binding';
import { resolveBranchVersion } from '../../core/workspace/branchVersion';
import { latestBuildOf } from '../../core/branchBuilds/projectBuilds';
import { SYNC_REREAD_SECONDS, syncVersionsUntilBranch } from '../../core/workspace/syncVersions';
import { remoteUrlToImport } from '../../core/workspace/match';
import { registerCommand } from '../commands/register';
import { firstConfigBeforeImport, warnIfNoConfig } from '../readthedocsYaml/askFirstConfig';
import { type Services } from '../services';
import { type WorkspaceModel } from './workspaceModel';

/**
 * Build Current Branch, Open Docs of Current Branch, Sync Versions, Show Log of Latest Build,
 * Activate (the branch's version), Import and Refresh for the workspace. Each takes `{ edition,
 * projectSlug }` (rows, CodeLens, status bar) or asks among the current folder's projects.
 */
export function registerWorkspaceCommands(services: Services, model: WorkspaceModel): vscode.Disposable[] {
  const { reporter } = services;
  const ui = () => services.ui.current;
  const refOf = (bound: WorkspaceProject) => ({ edition: bound.edition, projectSlug: bound.project.slug });

  /** The branch's version when it builds, else says what is missing (with the action that fixes it). */
  async function activeVersion(bound: WorkspaceProject, doing: string): Promise<Version | undefined> {
    const result = bound.branchVersion;
    const slug = bound.project.slug;
    if (!result) {
      reporter.report(bound.versionError, vscode.l10n.t('reading the versions of {0}', slug));
      return undefined;
    }
    switch (result.kind) {
      case 'active':
        return result.version;
      case 'detached':
        void ui().info(vscode.l10n.t('No branch is checked out in {0}, so there is no branch to {1}.', bound.folderPath, doing));
        return undefined;
      case 'missing':
        if (await ui().info(vscode.l10n.t('{0} has no version for the branch {1} yet: Sync Versions makes Read the Docs read the repository\'s branches.', slug, result.branch), vscode.l10n.t('Sync Versions')) === vscode.l10n.t('Sync Versions')) {
          await vscode.commands.executeCommand(CommandIds.syncVersions, refOf(bound));
        }
        return undefined;
      case 'inactive':
        if (await ui().info(vscode.l10n.t('The version {0} of {1} (branch {2}) is not active, so it does not build.', result.version.verboseName, slug, result.branch), vscode.l10n.t('Activate')) === vscode.l10n.t('Activate')) {
          await vscode.commands.executeCommand(CommandIds.activateBranchVersion, refOf(bound));
        }
        return undefined;
    }
  }

  async function buildCurrentBranch(arg?: ProjectSlugRef): Promise<Build | undefined> {
    const bound = await model.pickProject(vscode.l10n.t('Build the current branch of which project?'), arg);
    const version = bound && await activeVersion(bound, 'build');
    if (!bound || !version) return undefined;
    await warnIfNoConfig(ui(), vscode.Uri.file(bound.folderPath), bound.project.readthedocsYamlPath);
    // The existing trigger path: exactly one POST, watched, explained when refused.
    // The watcher reports the new build; the workspace's builds and the tree follow it.
    return vscode.commands.executeCommand<Build | undefined>(CommandIds.triggerBuild, versionNode(services, bound, version));
  }

  async function openDocs(arg?: ProjectSlugRef): Promise<void> {
    const bound = await model.pickProject(vscode.l10n.t('Open the docs of the current branch of which project?'), arg);
    const version = bound && await activeVersion(bound, vscode.l10n.t('open the docs of'));
    if (!bound || !version) return;
    const url = version.urls.documentation;
    if (!url) {
      void ui().info(vscode.l10n.t('Read the Docs gave no documentation URL for {0} ({1}).', bound.project.slug, version.slug));
      return;
    }
    await ui().openExternal(url);
  }

  async function syncVersions(arg?: ProjectSlugRef): Promise<void> {
    const bound = await model.pickProject(vscode.l10n.t('Sync the versions of which project?'), arg);
    if (!bound) return;
    const { edition, project, branch } = bound;
    const client = services.editions.requireClient(edition);
    try {
      const outcome = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: branch ? vscode.l10n.t('Syncing the versions of {0} until {1} shows…', project.slug, branch) : vscode.l10n.t('Syncing the versions of {0}…', project.slug) },
        () => syncVersionsUntilBranch({
          projects: client.projects,
          projectSlug: project.slug,
          clock: realClock,
          delays: branch ? SYNC_REREAD_SECONDS : [],
          readBranch: () => resolveBranchVersion(client.versions, project, branch, { priority: 'user' }),
        }),
      );
      await model.binding.forgetVersions(edition, project.slug);
      if (!branch) {
        void ui().info(vscode.l10n.t('Read the Docs is syncing the versions of {0}.', project.slug));
      } else if (outcome.kind === 'notYet') {
        const waited = SYNC_REREAD_SECONDS.reduce((a, b) => a + b, 0);
        void ui().warn(vscode.l10n.t('Read the Docs accepted the sync of {0}, but after {1} s it has no version for {2} yet. Is the branch pushed? The sync runs in the background: Refresh "This Workspace" in a minute.', project.slug, waited, branch));
      } else if (outcome.result.kind === 'inactive') {
        const choice = await ui().info(vscode.l10n.t('{0} now has the version {1} for {2}; it is not active yet.', project.slug, outcome.result.version.verboseName, branch), vscode.l10n.t('Activate'));
        if (choice === vscode.l10n.t('Activate')) await vscode.commands.executeCommand(CommandIds.activateBranchVersion, refOf(bound));
      } else {
        void ui().info(vscode.l10n.t('{0} builds {1} as {2}.', project.slug, branch, outcome.result.version.slug));
      }
    } catch (error) {
      if (error instanceof BuildNotTriggeredError) {
        void ui().error(vscode.l10n.t('{0} did not sync the versions of {1}: the project is inactive, has no "latest" version, or syncing is turned off for it.', client.host, project.slug));
      } else {
        reporter.report(error, vscode.l10n.t('syncing the versions of {0}', project.slug));
      }
    }
  }

  async function activate(arg?: ProjectSlugRef): Promise<void> {
    const bound = await model.pickProject(vscode.l10n.t('Activate the current branch\'s version of which project?'), arg);
    const result = bound?.branchVersion;
    if (!bound || !result) return;
    if (result.kind !== 'inactive') {
      void ui().info(result.kind === 'active' ? vscode.l10n.t('{0} of {1} is already active.', result.version.slug, bound.project.slug) : vscode.l10n.t('{0} has no version to activate for this branch.', bound.project.slug));
      return;
    }
    // The existing version command: one PATCH, the version read back, its first build watched.
    await vscode.commands.executeCommand(CommandIds.activateVersion, versionNode(services, bound, result.version));
  }

  async function showLatestLog(arg?: ProjectSlugRef): Promise<void> {
    const bound = await model.pickProject(vscode.l10n.t('Show the latest build log of which project?'), arg);
    const version = bound && await activeVersion(bound, vscode.l10n.t('show a build of'));
    if (!bound || !version) return;
    const latest = model.latestBuild(bound) ?? latestBuildOf(await model.builds.recent(bound.edition, bound.project.slug), version.slug);
    if (!latest) {
      if (await ui().info(vscode.l10n.t('{0} ({1}) has no recent build.', bound.project.slug, version.slug), vscode.l10n.t('Build')) === vscode.l10n.t('Build')) await buildCurrentBranch(refOf(bound));
      return;
    }
    await model.openLog({ edition: bound.edition, projectSlug: bound.project.slug, buildId: latest.id });
  }

  /** "Import this repository…": a first `.readthedocs.yaml` offered, then the import flow filled in with the clone's remote URL (its write binds the workspace again). */
  async function importRepository(arg?: RepositoryPrefill): Promise<unknown> {
    const folder = model.state.unmatched.find((f) => arg && remoteUrlToImport(f) === arg.repositoryUrl);
    if (folder && !await firstConfigBeforeImport(ui(), vscode.Uri.file(folder.folderPath))) return undefined;
    return vscode.commands.executeCommand(CommandIds.importProject, arg);
  }

  return [
    registerCommand(CommandIds.importWorkspaceRepository, accepts.repository, importRepository, reporter),
    registerCommand(CommandIds.buildCurrentBranch, accepts.projectSlugRef, buildCurrentBranch, reporter),
    registerCommand(CommandIds.openCurrentBranchDocs, accepts.projectSlugRef, openDocs, reporter),
    registerCommand(CommandIds.syncVersions, accepts.projectSlugRef, syncVersions, reporter),
    registerCommand(CommandIds.activateBranchVersion, accepts.projectSlugRef, activate, reporter),
    registerCommand(CommandIds.showLatestBuildLog, accepts.projectSlugRef, showLatestLog, reporter),
    registerCommand(CommandIds.refreshWorkspace, () => model.refresh(), reporter),
  ];
}

/** The version as a projects-tree node, the argument the existing build and version commands take. */
function versionNode(services: Services, bound: WorkspaceProject, version: Version): NodeOfKind<'version'> {
  const projectId = projectIdInTree(services.tree, bound.edition, bound.project);
  return {
    kind: 'version', id: nodeIds.version(projectId, version.slug), edition: bound.edition,
    parentId: nodeIds.folder(projectId, 'versions'), projectSlug: bound.project.slug, projectId, version,
  };
}
