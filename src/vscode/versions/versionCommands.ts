import * as vscode from 'vscode';
import { type Edition, type ReadTheDocsClient } from '../../core/api/client';
import { type Project } from '../../core/models/project';
import { type Version } from '../../core/models/version';
import {
  type VersionAction, type VersionWrites, VERSION_ACTIONS, batchReport, batchTitle, deactivateQuestion, nothingToDoText, runVersionBatch,
} from '../../core/versions/versionActions';
import { type NodeOfKind, freshestRow } from '../../core/tree/nodes';
import { pickVersions } from '../builds/pickers';
import { type Services } from '../services';
import { withProgress } from '../ui/progress';
import { pickProject } from '../tree/pickers';
import { errorDetail } from '../../core/api/describeError';
import { componentLogger } from '../../core/log';

type VersionRow = NodeOfKind<'version' | 'project'>;

interface Targets {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly versions: readonly Version[];
}

/**
 * Activate, deactivate, hide, unhide: on version nodes (several when several rows are selected),
 * on a project node, or from the palette (project, then a multi-select pick of the versions the
 * action applies to). Deactivating asks first. One PATCH per version, never retried; after each
 * 204 the version is read again and the tree shows what the server says, not a guess.
 */
export async function runVersionAction(services: Services, action: VersionAction, arg: VersionRow | undefined, selection: readonly VersionRow[]): Promise<Version[] | undefined> {
  const targets = await resolveTargets(services, action, arg, selection);
  if (!targets || targets.versions.length === 0) return undefined;
  const { edition, projectSlug, versions } = targets;
  if (action === 'deactivate') {
    const server = services.editions.requireClient(edition).host;
    const question = deactivateQuestion(projectSlug, versions, (v) => services.uploaded.isUploaded({ server, project: projectSlug, version: v.slug }));
    if (!await services.ui.current.confirm(question.message, question.detail, question.confirm)) return undefined;
  }
  const client = services.editions.requireClient(edition);
  const writes: VersionWrites = {
    update: (slug, update) => client.versions.update(projectSlug, slug, update, { priority: 'user' }),
    get: (slug) => client.versions.get(projectSlug, slug, [], { priority: 'user' }),
  };
  const result = await withProgress(
    batchTitle(action, projectSlug, versions),
    () => runVersionBatch(action, projectSlug, versions, writes, { host: client.host }),
    vscode.ProgressLocation.Notification,
  );
  for (const line of result.log) componentLogger(services.logger, 'versions').warn(line);
  if (result.fatal) services.reporter.report(result.fatal); // a rejected token signs the edition out and offers "Sign In" once
  const report = batchReport(action, projectSlug, result);
  if (report) void services.ui.current[report.severity](report.text);
  if (action === 'activate' && result.fresh.some((v) => v.active)) await watchNewBuilds(services, client, targets, result.fresh);
  return [...result.fresh];
}

/** Activating starts a build of that version on the server: find it (one request) and watch it. */
async function watchNewBuilds(services: Services, client: ReadTheDocsClient, targets: Targets, activated: readonly Version[]): Promise<void> {
  try {
    const slugs = new Set(activated.filter((v) => v.active).map((v) => v.slug));
    const page = await client.builds.list(targets.projectSlug, { running: true }, { priority: 'background' });
    for (const build of page.items) {
      if (build.version && slugs.has(build.version)) services.builds.watch(targets.edition, targets.projectSlug, build);
    }
  } catch (error) {
    componentLogger(services.logger, 'versions').debug(`could not look for the builds activation started: ${errorDetail(error)}`);
  }
}

async function resolveTargets(services: Services, action: VersionAction, arg: VersionRow | undefined, selection: readonly VersionRow[]): Promise<Targets | undefined> {
  const spec = VERSION_ACTIONS[action];
  if (arg?.kind === 'version') {
    // Several rows selected: VS Code passes the clicked one and the whole selection.
    const selected = selection.filter((n) => n.kind === 'version');
    const nodes = (selected.length ? selected : [arg])
      .map((n) => freshestRow(services.tree, n))
      .filter((n) => n.edition === arg.edition && n.projectSlug === arg.projectSlug);
    const versions = nodes.map((n) => n.version).filter(spec.applies);
    if (versions.length === 0) {
      void services.ui.current.info(nothingToDoText(action, nodes.map((n) => n.version)));
      return undefined;
    }
    return { edition: arg.edition, projectSlug: arg.projectSlug, versions };
  }
  let edition: Edition;
  let project: Project;
  if (arg?.kind === 'project') {
    ({ edition, project } = arg);
  } else {
    const picked = await pickProject(services, spec.words().whichProject);
    if (!picked) return undefined;
    ({ edition, project } = picked);
  }
  const versions = await pickVersions(services, services.editions.requireClient(edition), project, {
    placeHolder: spec.words().whichVersions(project.slug),
    active: spec.listActive,
    applies: spec.applies,
    emptyText: spec.words().emptyText(project.slug),
  });
  return versions && { edition, projectSlug: project.slug, versions };
}
