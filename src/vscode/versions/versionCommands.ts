import * as vscode from 'vscode';
import { type Edition, type ReadTheDocsClient } from '../../core/api/client';
import { ApiError, AuthError, CancelledError, ForbiddenError, NotFoundError, RateLimitedError } from '../../core/api/errors';
import { type Project } from '../../core/models/project';
import { type Version, type VersionUpdate } from '../../core/models/version';
import { type NodeOfKind, isNodeOfKind, nodeIds } from '../../core/tree/nodes';
import { pickVersions } from '../builds/pickers';
import { type Services } from '../services';
import { pickProject, projectIdOfPicked } from '../tree/pickers';

export type VersionAction = 'activate' | 'deactivate' | 'hide' | 'unhide';

interface ActionSpec {
  /** Exactly the PATCH body's fields. */
  readonly update: VersionUpdate;
  readonly applies: (version: Version) => boolean;
  /** Server-side `active` filter for the palette's list. */
  readonly listActive?: boolean;
  readonly verb: string;
  readonly done: string;
  readonly emptyText: (project: string) => string;
}

export const VERSION_ACTIONS: Readonly<Record<VersionAction, ActionSpec>> = {
  activate: {
    update: { active: true }, applies: (v) => !v.active, listActive: false, verb: 'Activate', done: 'activated',
    emptyText: (p) => `Every version of ${p} is already active.`,
  },
  deactivate: {
    update: { active: false }, applies: (v) => v.active, listActive: true, verb: 'Deactivate', done: 'deactivated',
    emptyText: (p) => `No version of ${p} is active.`,
  },
  hide: {
    update: { hidden: true }, applies: (v) => !v.hidden, verb: 'Hide', done: 'hidden',
    emptyText: (p) => `Every version of ${p} is already hidden.`,
  },
  unhide: {
    update: { hidden: false }, applies: (v) => v.hidden, verb: 'Unhide', done: 'shown again',
    emptyText: (p) => `No version of ${p} is hidden.`,
  },
};

interface Targets {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly projectId: string;
  readonly versions: readonly Version[];
}

/**
 * Activate, deactivate, hide, unhide: on version nodes (several when several rows are selected),
 * on a project node, or from the palette (project, then a multi-select pick of the versions the
 * action applies to). Deactivating asks first. One PATCH per version, never retried; after each
 * 204 the version is read again and the tree shows what the server says, not a guess.
 */
export async function runVersionAction(services: Services, action: VersionAction, arg: unknown, selection: unknown): Promise<Version[] | undefined> {
  const spec = VERSION_ACTIONS[action];
  const targets = await resolveTargets(services, action, arg, selection);
  if (!targets || targets.versions.length === 0) return undefined;
  const { edition, projectSlug, versions } = targets;
  if (action === 'deactivate') {
    const names = versions.map((v) => v.verboseName);
    const confirmed = await services.ui.current.confirm(
      versions.length === 1 ? `Deactivate ${names[0]} of ${projectSlug}?` : `Deactivate ${versions.length} versions of ${projectSlug}?`,
      `The hosted documentation of ${names.join(', ')} will be deleted and its URLs will stop working. Activating it again rebuilds it.`,
      'Deactivate',
    );
    if (!confirmed) return undefined;
  }
  const client = services.editions.requireClient(edition);
  const fresh: Version[] = [];
  const failures: string[] = [];
  let vanished = false;
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `${spec.verb} ${versions.length === 1 ? versions[0].verboseName : `${versions.length} versions`} of ${projectSlug}…` }, async () => {
    for (const [index, version] of versions.entries()) {
      try {
        await client.versions.update(projectSlug, version.slug, spec.update, { priority: 'user' });
      } catch (error) {
        if (error instanceof AuthError || error instanceof CancelledError) {
          services.reporter.report(error); // signs the edition out and offers "Sign In" once
          break;
        }
        vanished ||= error instanceof NotFoundError;
        failures.push(explain(error, spec, projectSlug, version, client.host));
        services.logger.warn(`versions: ${action} ${projectSlug}/${version.slug} failed: ${error instanceof Error ? error.message : String(error)}`);
        if (error instanceof RateLimitedError || error instanceof ForbiddenError || !(error instanceof ApiError)) {
          // The rest would fail the same way (or unexpectedly): stop here, say what was not done.
          const rest = versions.slice(index + 1).map((v) => v.verboseName);
          if (rest.length) failures.push(`Not tried: ${rest.join(', ')}.`);
          break;
        }
        continue;
      }
      // 204, no body: read the version back (never guess the new state).
      try {
        fresh.push(await client.versions.get(projectSlug, version.slug, [], { priority: 'user' }));
      } catch (error) {
        services.logger.warn(`versions: re-reading ${projectSlug}/${version.slug} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  });
  refreshTree(services, targets, action, vanished);
  report(services, spec, targets, fresh, failures);
  if (action === 'activate' && fresh.some((v) => v.active)) await watchNewBuilds(services, client, targets, fresh);
  return fresh;
}

function explain(error: unknown, spec: ActionSpec, projectSlug: string, version: Version, host: string): string {
  const what = `${version.verboseName} of ${projectSlug}`;
  if (error instanceof ForbiddenError) return `You may not change the versions of ${projectSlug}: ${host} lets only the project's maintainers do that.`;
  if (error instanceof NotFoundError) return `${what} no longer exists on ${host} (deleted, or no longer visible to you); the tree was refreshed.`;
  if (error instanceof RateLimitedError) {
    return `${host} is limiting requests: ${what} was not ${spec.done}. Try again ${error.retryAfterSeconds !== undefined ? `in ${error.retryAfterSeconds} s` : 'in a minute'}.`;
  }
  return `${what} was not ${spec.done}: ${error instanceof Error ? error.message : String(error)}`;
}

function report(services: Services, spec: ActionSpec, targets: Targets, fresh: readonly Version[], failures: readonly string[]): void {
  const ui = services.ui.current;
  const expected = (v: Version) => !spec.applies(v);
  const ok = fresh.filter(expected);
  const unchanged = fresh.filter((v) => !expected(v));
  const lines: string[] = [];
  if (ok.length) lines.push(`${ok.map((v) => v.verboseName).join(', ')} of ${targets.projectSlug} ${ok.length === 1 ? 'is' : 'are'} now ${spec.done}.`);
  if (unchanged.length) lines.push(`${targets.projectSlug} still reports ${unchanged.map((v) => v.verboseName).join(', ')} as before: the server did not apply the change.`);
  if (failures.length) {
    void ui.error([...lines, ...failures].join(' '));
    return;
  }
  if (unchanged.length) void ui.warn(lines.join(' '));
  else if (lines.length) void ui.info(lines.join(' '));
}

/** Reloads the project's Versions folder from the server (and the Builds folder after activating: a build starts). */
function refreshTree(services: Services, targets: Targets, action: VersionAction, vanished: boolean): void {
  const { tree } = services;
  const versionsFolder = nodeIds.folder(targets.projectId, 'versions');
  if (tree.find(versionsFolder)) tree.refresh(versionsFolder);
  else if (vanished && tree.find(targets.projectId)) tree.refresh(targets.projectId);
  const buildsFolder = nodeIds.folder(targets.projectId, 'builds');
  if (action === 'activate' && tree.find(buildsFolder)) tree.refresh(buildsFolder);
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
    services.logger.debug(`versions: could not look for the builds activation started: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function resolveTargets(services: Services, action: VersionAction, arg: unknown, selection: unknown): Promise<Targets | undefined> {
  const spec = VERSION_ACTIONS[action];
  if (isNodeOfKind(arg, 'version')) {
    // Several rows selected: VS Code passes the clicked one and the whole selection.
    const selected = Array.isArray(selection) ? selection.filter((n): n is NodeOfKind<'version'> => isNodeOfKind(n, 'version')) : [];
    const nodes = (selected.length ? selected : [arg])
      .map((n) => (services.tree.find(n.id) as NodeOfKind<'version'> | undefined) ?? n)
      .filter((n) => n.edition === arg.edition && n.projectSlug === arg.projectSlug);
    const versions = nodes.map((n) => n.version).filter(spec.applies);
    if (versions.length === 0) {
      void services.ui.current.info(`Nothing to do: ${nodes.map((n) => n.version.verboseName).join(', ')} ${nodes.length === 1 ? 'is' : 'are'} already ${spec.done}.`);
      return undefined;
    }
    return { edition: arg.edition, projectSlug: arg.projectSlug, projectId: arg.projectId, versions };
  }
  let edition: Edition;
  let project: Project;
  let projectId: string;
  if (isNodeOfKind(arg, 'project')) {
    ({ edition, project } = arg);
    projectId = arg.id;
  } else {
    const picked = await pickProject(services, `${spec.verb} versions of which project?`);
    if (!picked) return undefined;
    ({ edition, project } = picked);
    projectId = projectIdOfPicked(services, picked);
  }
  const versions = await pickVersions(services, services.editions.requireClient(edition), project, {
    placeHolder: `${spec.verb} which versions of ${project.slug}? (select several)`,
    active: spec.listActive,
    applies: spec.applies,
    emptyText: spec.emptyText(project.slug),
  });
  return versions && { edition, projectSlug: project.slug, projectId, versions };
}
