import * as vscode from 'vscode';
import { BuildNotTriggeredError } from '../../core/api/errors';
import { type ProjectSlugRef, type RepositoryPrefill } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type Build } from '../../core/models/build';
import { type Version } from '../../core/models/version';
import { type NodeOfKind, nodeIds } from '../../core/tree/nodes';
import { realClock } from '../../core/util/clock';
import { type WorkspaceProject } from '../../core/workspace/binding';
import { resolveBranchVersion } from '../../core/workspace/branchVersion';
import { latestBuildOf } from '../../core/workspace/projectBuilds';
import { SYNC_REREAD_SECONDS, syncVersionsUntilBranch } from '../../core/workspace/syncVersions';
import { type WorkspaceCommands } from '../lazy/workspace';
import { type Services } from '../services';
import { type WorkspaceSession } from './session';

/**
 * Build Current Branch, Open Docs of Current Branch, Sync Versions, Show Log of Latest Build,
 * Activate (the branch's version) and Refresh for the workspace. Each takes `{ edition,
 * projectSlug }` (rows, CodeLens, status bar) or asks among the current folder's projects.
 * src/vscode/lazy/workspace.ts registers them.
 */
export function workspaceCommands(services: Services, session: WorkspaceSession): WorkspaceCommands {
  const { reporter } = services;
  const ui = () => services.ui.current;
  const refOf = (bound: WorkspaceProject) => ({ edition: bound.edition, projectSlug: bound.project.slug });

  /** The branch's version when it builds, else says what is missing (with the action that fixes it). */
  async function activeVersion(bound: WorkspaceProject, doing: string): Promise<Version | undefined> {
    const result = bound.branchVersion;
    const slug = bound.project.slug;
    if (!result) {
      reporter.report(bound.versionError, `reading the versions of ${slug}`);
      return undefined;
    }
    switch (result.kind) {
      case 'active':
        return result.version;
      case 'detached':
        void ui().info(`No branch is checked out in ${bound.folderPath}, so there is no branch to ${doing}.`);
        return undefined;
      case 'missing':
        if (await ui().info(`${slug} has no version for the branch ${result.branch} yet: Sync Versions makes Read the Docs read the repository's branches.`, 'Sync Versions') === 'Sync Versions') {
          await vscode.commands.executeCommand(CommandIds.syncVersions, refOf(bound));
        }
        return undefined;
      case 'inactive':
        if (await ui().info(`The version ${result.version.verboseName} of ${slug} (branch ${result.branch}) is not active, so it does not build.`, 'Activate') === 'Activate') {
          await vscode.commands.executeCommand(CommandIds.activateBranchVersion, refOf(bound));
        }
        return undefined;
    }
  }

  async function buildCurrentBranch(arg?: ProjectSlugRef): Promise<Build | undefined> {
    const bound = await session.pickProject('Build the current branch of which project?', arg);
    const version = bound && await activeVersion(bound, 'build');
    if (!bound || !version) return undefined;
    // The existing trigger path: exactly one POST, watched, explained when refused.
    const build = await vscode.commands.executeCommand<Build | undefined>(CommandIds.triggerBuild, versionNode(services, bound, version));
    if (build) session.builds.record(bound.edition, bound.project.slug, build);
    return build;
  }

  async function openDocs(arg?: ProjectSlugRef): Promise<void> {
    const bound = await session.pickProject('Open the docs of the current branch of which project?', arg);
    const version = bound && await activeVersion(bound, 'open the docs of');
    if (!bound || !version) return;
    const url = version.urls.documentation;
    if (!url) {
      void ui().info(`Read the Docs gave no documentation URL for ${bound.project.slug} (${version.slug}).`);
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(url));
  }

  async function syncVersions(arg?: ProjectSlugRef): Promise<void> {
    const bound = await session.pickProject('Sync the versions of which project?', arg);
    if (!bound) return;
    const { edition, project, branch } = bound;
    const client = services.editions.requireClient(edition);
    try {
      const outcome = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Syncing the versions of ${project.slug}${branch ? ` until ${branch} shows` : ''}…` },
        () => syncVersionsUntilBranch({
          projects: client.projects,
          projectSlug: project.slug,
          clock: realClock,
          delays: branch ? SYNC_REREAD_SECONDS : [],
          readBranch: () => resolveBranchVersion(client.versions, project, branch, { priority: 'user' }),
        }),
      );
      await session.binding.forgetVersions(edition, project.slug);
      if (!branch) {
        void ui().info(`Read the Docs is syncing the versions of ${project.slug}.`);
      } else if (outcome.kind === 'notYet') {
        const waited = SYNC_REREAD_SECONDS.reduce((a, b) => a + b, 0);
        void ui().warn(`Read the Docs accepted the sync of ${project.slug}, but after ${waited} s it has no version for ${branch} yet. Is the branch pushed? The sync runs in the background: Refresh "This Workspace" in a minute.`);
      } else if (outcome.result.kind === 'inactive') {
        const choice = await ui().info(`${project.slug} now has the version ${outcome.result.version.verboseName} for ${branch}; it is not active yet.`, 'Activate');
        if (choice === 'Activate') await vscode.commands.executeCommand(CommandIds.activateBranchVersion, refOf(bound));
      } else {
        void ui().info(`${project.slug} builds ${branch} as ${outcome.result.version.slug}.`);
      }
    } catch (error) {
      if (error instanceof BuildNotTriggeredError) {
        void ui().error(`${client.host} did not sync the versions of ${project.slug}: the project is inactive, has no "latest" version, or syncing is turned off for it.`);
      } else {
        reporter.report(error, `syncing the versions of ${project.slug}`);
      }
    }
  }

  async function activate(arg?: ProjectSlugRef): Promise<void> {
    const bound = await session.pickProject('Activate the current branch\'s version of which project?', arg);
    const result = bound?.branchVersion;
    if (!bound || !result) return;
    if (result.kind !== 'inactive') {
      void ui().info(result.kind === 'active' ? `${result.version.slug} of ${bound.project.slug} is already active.` : `${bound.project.slug} has no version to activate for this branch.`);
      return;
    }
    // The existing version command: one PATCH, the version read back, its first build watched.
    await vscode.commands.executeCommand(CommandIds.activateVersion, versionNode(services, bound, result.version));
    await session.binding.forgetVersions(bound.edition, bound.project.slug);
  }

  async function showLatestLog(arg?: ProjectSlugRef): Promise<void> {
    const bound = await session.pickProject('Show the latest build log of which project?', arg);
    const version = bound && await activeVersion(bound, 'show a build of');
    if (!bound || !version) return;
    const latest = session.latestBuild(bound) ?? latestBuildOf(await session.builds.recent(bound.edition, bound.project.slug), version.slug);
    if (!latest) {
      if (await ui().info(`${bound.project.slug} (${version.slug}) has no recent build.`, 'Build') === 'Build') await buildCurrentBranch(refOf(bound));
      return;
    }
    await session.openLog({ edition: bound.edition, projectSlug: bound.project.slug, buildId: latest.id });
  }

  /** "Import this repository…": the import flow filled in with the clone's remote URL, then the workspace bound again. */
  async function importRepository(arg?: RepositoryPrefill): Promise<unknown> {
    const imported = await vscode.commands.executeCommand(CommandIds.importProject, arg);
    if (imported) await session.refresh();
    return imported;
  }

  return {
    [CommandIds.importWorkspaceRepository]: importRepository,
    [CommandIds.buildCurrentBranch]: buildCurrentBranch,
    [CommandIds.openCurrentBranchDocs]: openDocs,
    [CommandIds.syncVersions]: syncVersions,
    [CommandIds.activateBranchVersion]: activate,
    [CommandIds.showLatestBuildLog]: showLatestLog,
  };
}

/** The version as a projects-tree node, the argument the existing build and version commands take. */
function versionNode(services: Services, bound: WorkspaceProject, version: Version): NodeOfKind<'version'> {
  const projectId = nodeIds.projectOf(bound.edition, bound.project.slug, bound.project.organization, (id) => services.tree.find(id) !== undefined);
  return {
    kind: 'version', id: nodeIds.version(projectId, version.slug), edition: bound.edition,
    parentId: nodeIds.folder(projectId, 'versions'), projectSlug: bound.project.slug, projectId, version,
  };
}
