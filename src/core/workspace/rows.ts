import { describeError } from '../api/describeError';
import { type Edition } from '../api/client';
import { editionLabel } from '../config';
import { type Build } from '../models/build';
import { buildIcon } from '../builds/facts';
import { type WorkspaceProject, type WorkspaceState } from './binding';
import { branchVersionText, buildStatus } from './present';
import { latestBuildOf } from './projectBuilds';
import { remoteUrlToImport } from './match';

/** What a row of the "This Workspace" view does when clicked. */
export type RowAction =
  | { readonly kind: 'showLog'; readonly edition: Edition; readonly projectSlug: string; readonly buildId: number }
  | { readonly kind: 'syncVersions'; readonly project: WorkspaceProject }
  | { readonly kind: 'activate'; readonly project: WorkspaceProject }
  | { readonly kind: 'build'; readonly project: WorkspaceProject }
  | { readonly kind: 'import'; readonly repositoryUrl: string }
  | { readonly kind: 'retry' };

export interface WorkspaceRow {
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  readonly icon?: { readonly id: string; readonly color?: string };
  readonly action?: RowAction;
  readonly children?: readonly WorkspaceRow[];
}

/** How many recent builds each project shows. */
export const RECENT_BUILDS = 5;

/**
 * The rows of the "This Workspace" view from the binding's state and the builds held (no
 * request): per project the branch and its version (or what is missing, with the action that
 * fixes it) and the recent builds; folders no project is built from offer an import. Pure.
 */
export function workspaceRows(
  state: WorkspaceState,
  heldBuilds: (edition: Edition, projectSlug: string) => readonly Build[] | undefined,
  now: number,
  editionsShown: number,
): WorkspaceRow[] {
  const rows: WorkspaceRow[] = state.projects.map((bound) => projectRow(bound, heldBuilds(bound.edition, bound.project.slug), now, editionsShown > 1));
  for (const folder of state.unmatched) {
    const url = remoteUrlToImport(folder);
    if (!url) continue;
    rows.push({
      id: `import:${folder.folderPath}`,
      label: 'Import this repository…',
      description: url,
      tooltip: `No Read the Docs project you can see is built from ${url}. Import it to build its documentation.`,
      icon: { id: 'repo-clone' },
      action: { kind: 'import', repositoryUrl: url },
    });
  }
  for (const { edition, error } of state.problems) {
    rows.push({ id: `problem:${edition}`, label: describeError(error, { action: `reading the projects of ${editionLabel(edition)}` }), icon: { id: 'error', color: 'errorForeground' }, action: { kind: 'retry' } });
  }
  for (const entry of state.invalidEntries) {
    rows.push({ id: `invalid:${entry}`, label: `readthedocs.projects: "${entry}" is not edition/slug (community/my-project)`, icon: { id: 'warning' } });
  }
  return rows;
}

function projectRow(bound: WorkspaceProject, builds: readonly Build[] | undefined, now: number, showEdition: boolean): WorkspaceRow {
  const id = `${bound.edition}/${bound.project.slug}@${bound.folderPath}`;
  const latest = latestBuildOf(builds, bound.versionSlug);
  const children: WorkspaceRow[] = [branchRow(id, bound, builds === undefined ? 'loading' : latest, now)];
  const result = bound.branchVersion;
  if (result?.kind === 'missing') {
    children.push({ id: `${id}/sync`, label: 'Sync Versions', description: `make ${result.branch} a version`, icon: { id: 'sync' }, action: { kind: 'syncVersions', project: bound } });
  }
  if (result?.kind === 'inactive') {
    children.push({ id: `${id}/activate`, label: `Activate ${result.version.verboseName}`, description: 'and build it', icon: { id: 'check' }, action: { kind: 'activate', project: bound } });
  }
  if (!builds) children.push({ id: `${id}/loading`, label: 'Loading builds…', icon: { id: 'loading~spin' } });
  else if (builds.length === 0) children.push({ id: `${id}/nobuilds`, label: 'No builds yet.' });
  for (const build of (builds ?? []).slice(0, RECENT_BUILDS)) {
    const { icon, color } = buildIcon(build);
    children.push({
      id: `${id}/build:${build.id}`,
      label: `#${build.id} ${build.version ?? ''}`.trim(),
      description: buildStatus(build, now),
      tooltip: [`Build #${build.id} of ${bound.project.slug}`, build.version && `version ${build.version}`, build.commit && `commit ${build.commit.slice(0, 12)}`].filter(Boolean).join(', '),
      icon: { id: icon, color },
      action: { kind: 'showLog', edition: bound.edition, projectSlug: bound.project.slug, buildId: build.id },
    });
  }
  return {
    id,
    label: bound.project.name,
    description: [bound.project.slug, showEdition ? editionLabel(bound.edition) : undefined, bound.by === 'setting' ? 'from readthedocs.projects' : undefined].filter(Boolean).join(' · '),
    tooltip: `${bound.project.name} (${bound.project.slug}) is built from ${bound.project.repository.url || 'this workspace'}.\nFolder: ${bound.folderPath}`,
    icon: { id: 'book' },
    children,
  };
}

/** `latest` is `'loading'` while the project's builds are being read. */
function branchRow(parentId: string, bound: WorkspaceProject, latestOrLoading: Build | undefined | 'loading', now: number): WorkspaceRow {
  const latest = latestOrLoading === 'loading' ? undefined : latestOrLoading;
  const result = bound.branchVersion;
  if (!result) {
    return { id: `${parentId}/branch`, label: `${bound.branch ?? 'branch'}: versions not read`, description: bound.versionError ? describeError(bound.versionError) : undefined, icon: { id: 'error', color: 'errorForeground' }, action: { kind: 'retry' } };
  }
  if (result.kind !== 'active') {
    return { id: `${parentId}/branch`, label: branchVersionText(result), icon: { id: result.kind === 'detached' ? 'git-commit' : 'git-branch', color: 'disabledForeground' } };
  }
  const { icon, color } = latest ? buildIcon(latest) : { icon: 'git-branch', color: undefined };
  return {
    id: `${parentId}/branch`,
    label: branchVersionText(result),
    description: latest ? buildStatus(latest, now) : latestOrLoading === 'loading' ? undefined : 'not built yet',
    tooltip: `The branch ${result.branch} builds the version ${result.version.slug}.${latest ? ` Its latest build is #${latest.id}.` : ''}`,
    icon: { id: icon, color },
    action: latest ? { kind: 'showLog', edition: bound.edition, projectSlug: bound.project.slug, buildId: latest.id } : { kind: 'build', project: bound },
  };
}
