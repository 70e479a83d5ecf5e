import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { CancelledError } from '../../core/api/errors';
import { type UploadVersion } from '../../core/api/endpoints/upload';
import { buildLabel } from '../../core/builds/facts';
import { type WorkspaceProjectRef } from '../../core/commandArgs';
import { type Build } from '../../core/models/build';
import { type Version } from '../../core/models/version';
import { type PullRequests } from '../../core/pulls/pullRequests';
import { type NodeOfKind } from '../../core/tree/nodes';
import { PreflightError, collectArtifacts } from '../../core/upload/artifacts';
import { gitBuildsStopWords, listingOf, planWords } from '../../core/upload/plan';
import { formatBytes } from '../../core/util/byteSize';
import { runUpload } from '../../core/upload/run';
import { type HeadFacts, type UploadTarget, uploadTargets } from '../../core/upload/target';
import { writeZip } from '../../core/upload/zipWriter';
import { pathInside } from '../../core/util/paths';
import { type BoundProject, type BoundProjects } from '../../core/workspace/boundProject';
import { type Services } from '../services';
import { paletteProject } from '../tree/pickers';
import { withCancellableProgress } from '../ui/progress';
import { refusedInRestrictedMode } from '../ui/restrictedMode';
import { chooseOutput } from './findOutput';
import { readHeadFacts } from './headFacts';

/** What Upload Local Build… is started on: a bound project's row, a project or version of the tree, or nothing (the palette). */
export type UploadArg = WorkspaceProjectRef | NodeOfKind<'version' | 'project'> | undefined;

interface Place {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly folder: vscode.Uri;
  readonly bound?: BoundProject;
  /** The version row it was started on: that is the target. */
  readonly version?: Version;
}

/**
 * Upload Local Build…: finds the built site, asks what it publishes as, shows the plan, then zips
 * it (streamed, cancellable), uploads it (initiate → storage → complete, `failed` on any storage
 * failure or cancel) and hands the build to the build watcher, whose notification ends it.
 */
export class LocalBuildUpload {
  private running = false;

  constructor(private readonly services: Services, private readonly bound: BoundProjects, private readonly pulls: PullRequests) {}

  async run(arg: UploadArg): Promise<Build | undefined> {
    const ui = this.services.ui.current;
    if (refusedInRestrictedMode(ui, 'uploadBuild')) return undefined;
    if (this.running) {
      void ui.info(vscode.l10n.t('An upload is already running: wait for it, or cancel it from its notification.'));
      return undefined;
    }
    const place = await this.placeOf(arg);
    if (!place) return undefined;
    const output = await chooseOutput(ui, place.folder);
    if (!output) return undefined;
    const built = [output.html, ...(output.candidate?.extrasUnder ? [vscode.Uri.joinPath(place.folder, output.candidate.extrasUnder)] : [])];
    const facts = await readHeadFacts(place.folder, this.services.logger, place.bound ? this.pulls.held(place.bound)?.number : undefined, built);
    const target = await this.targetOf(place, facts);
    if (!target) return undefined;
    let entries;
    try {
      entries = await collectArtifacts({ folder: place.folder.fsPath, html: output.html.fsPath, extras: output.extras });
    } catch (error) {
      if (error instanceof PreflightError) void ui.error(error.message);
      else this.services.reporter.report(error, { action: vscode.l10n.t('reading the built site in {0}', output.html.fsPath) });
      return undefined;
    }
    const privacy = await this.privacyOf(place, target.target);
    if (privacy === null) return undefined;
    const plan = planWords({
      project: place.projectSlug, target: target.target, commit: target.commit, ...listingOf(entries),
      privacy, dirty: target.dirty, htmlFolder: pathInside(place.folder.path, output.html.path) ?? output.html.fsPath,
    });
    if (!await ui.confirm(plan.message, plan.detail, plan.confirm)) return undefined;
    if (!await this.confirmGitBuildsStop(place, target.target)) return undefined;
    const version: UploadVersion = { name: target.target.name, type: target.target.type, commit: target.commit, ...(privacy ? { privacyLevel: privacy } : {}) };
    this.running = true;
    try {
      return await this.upload(place, version, entries);
    } finally {
      this.running = false;
    }
  }

  private async upload(place: Place, version: UploadVersion, entries: Awaited<ReturnType<typeof collectArtifacts>>): Promise<Build | undefined> {
    const { services } = this;
    const client = services.editions.requireClient(place.edition);
    const dir = await mkdtemp(join(tmpdir(), 'readthedocs-upload-'));
    const action = vscode.l10n.t('uploading the local build of {0} as {1}', place.projectSlug, version.name);
    try {
      const result = await withCancellableProgress(vscode.l10n.t('Read the Docs: uploading {0} ({1})', place.projectSlug, version.name), async (report, signal) => {
        const zipPath = join(dir, 'artifacts.zip');
        const zipSize = await writeZip(entries, zipPath, signal, (read, total) => report(vscode.l10n.t('Writing the zip… {0}%', Math.floor((read / Math.max(1, total)) * 100)), (read / Math.max(1, total)) * 40))
          .catch((error: unknown) => { throw signal.aborted ? new CancelledError() : error; });
        report(vscode.l10n.t('Starting the upload…'));
        return runUpload(client, {
          project: place.projectSlug, version, zipPath, zipSize, signal,
          onStorageProgress: (sent, total) => report(vscode.l10n.t('Sending {0} of {1}…', formatBytes(sent), formatBytes(total)), 40 + (sent / Math.max(1, total)) * 55),
        }, services.logger);
      });
      await services.uploaded.remember({ server: client.host, project: place.projectSlug, version: result.initiated.version.slug });
      services.builds.watch(place.edition, place.projectSlug, result.build);
      vscode.window.setStatusBarMessage(vscode.l10n.t('$(cloud-upload) Read the Docs: {0} uploaded, building', buildLabel(result.build, place.projectSlug)), 5000);
      return result.build;
    } catch (error) {
      services.reporter.report(error, { action, host: client.host, write: true });
      return undefined;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The project and folder: the row's, else the bound project of the folder (asked when several). */
  private async placeOf(arg: UploadArg): Promise<Place | undefined> {
    const bound = await this.bound.current();
    if (arg && 'folderPath' in arg) {
      const found = bound.find((b) => b.edition === arg.edition && b.project.slug === arg.projectSlug && b.folderPath === arg.folderPath);
      return { edition: arg.edition, projectSlug: arg.projectSlug, folder: vscode.Uri.file(arg.folderPath), bound: found };
    }
    if (arg) {
      const projectSlug = arg.kind === 'project' ? arg.project.slug : arg.projectSlug;
      const found = bound.find((b) => b.edition === arg.edition && b.project.slug === projectSlug);
      const folder = found ? vscode.Uri.file(found.folderPath) : await this.askFolder();
      if (!folder) return undefined;
      return { edition: arg.edition, projectSlug, folder, bound: found, version: arg.kind === 'version' ? arg.version : undefined };
    }
    const picked = (await paletteProject(this.services, {
      title: vscode.l10n.t('Upload Local Build'),
      placeHolder: vscode.l10n.t('Upload to which project?'),
      workspaceOnly: true,
      none: vscode.l10n.t('No folder of this workspace is built by one of your Read the Docs projects: run Upload Local Build… from a project or version in the Projects view.'),
    }))?.bound;
    return picked && { edition: picked.edition, projectSlug: picked.project.slug, folder: vscode.Uri.file(picked.folderPath), bound: picked };
  }

  private async askFolder(): Promise<vscode.Uri | undefined> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length <= 1) return folders[0]?.uri;
    return (await this.services.ui.current.quickPick(folders.map((f) => ({ label: f.name, description: f.uri.fsPath, uri: f.uri })), { placeHolder: vscode.l10n.t('Upload from which folder?') }))?.uri;
  }

  /** The version row's version, else what git says (several: asked, never inferred). */
  private async targetOf(place: Place, facts: HeadFacts): Promise<{ target: UploadTarget; commit: string; dirty: boolean | undefined } | undefined> {
    const ui = this.services.ui.current;
    const resolution = uploadTargets(facts);
    if (resolution.kind === 'refused') {
      void ui.error(resolution.message);
      return undefined;
    }
    const { commit, dirty } = resolution;
    if (place.version) {
      const type = uploadTypeOf(place.version.type);
      if (!type) {
        void ui.error(vscode.l10n.t('{0} is not a branch, a tag or a pull request, so nothing can be uploaded to it.', place.version.verboseName));
        return undefined;
      }
      return { target: { name: place.version.verboseName, type, label: place.version.verboseName }, commit, dirty };
    }
    if (!resolution.mustAsk) return { target: resolution.targets[0], commit, dirty };
    const picked = await ui.quickPick(resolution.targets.map((target) => ({ label: target.label, target })), {
      title: vscode.l10n.t('Upload Local Build'), placeHolder: vscode.l10n.t('Publish {0} as which version?', commit.slice(0, 12)),
    });
    return picked && { target: picked.target, commit, dirty };
  }

  /** Business: the version's privacy after the upload (the server makes it private when none is sent); null: cancelled. */
  private async privacyOf(place: Place, target: UploadTarget): Promise<'public' | 'private' | undefined | null> {
    if (place.edition !== 'business') return undefined;
    const current = place.version?.privacyLevel ?? (place.bound?.version?.verboseName === target.name ? place.bound.version.privacyLevel : undefined);
    const order = current === 'public' ? ['public', 'private'] as const : ['private', 'public'] as const;
    const picked = await this.services.ui.current.quickPick(order.map((level) => ({ label: level === 'private' ? vscode.l10n.t('Private') : vscode.l10n.t('Public'), level })), {
      title: vscode.l10n.t('Upload Local Build'), placeHolder: vscode.l10n.t('Privacy of {0} after the upload', target.name),
    });
    return picked ? picked.level : null;
  }

  /**
   * The first upload to a version Read the Docs builds from git (one it has, not yet known as
   * uploaded) asks first. The row's version or the branch's (the binding holds it) cost nothing; a
   * tag or another branch is looked up (one GET); a pull request's preview is not listed by the API
   * (FACTS section 22): pushes build it, and the upload takes over as well, said in the plan's target.
   */
  private async confirmGitBuildsStop(place: Place, target: UploadTarget): Promise<boolean> {
    const client = this.services.editions.requireClient(place.edition);
    const known = place.version ?? (place.bound?.version?.verboseName === target.name && place.bound.version.type === target.type ? place.bound.version : undefined);
    const existing = known ?? (target.type === 'external' ? undefined
      : (await client.versions.list(place.projectSlug, { verboseName: target.name, type: target.type }, { priority: 'user' })).items.find((v) => v.verboseName === target.name && v.type === target.type));
    if (!existing) return true;
    const server = client.host;
    if (this.services.uploaded.isUploaded({ server, project: place.projectSlug, version: existing.slug })) return true;
    const words = gitBuildsStopWords(place.projectSlug, existing.verboseName);
    return this.services.ui.current.confirm(words.message, words.detail, words.confirm);
  }
}

function uploadTypeOf(type: string): UploadVersion['type'] | undefined {
  return type === 'branch' || type === 'tag' || type === 'external' ? type : undefined;
}
