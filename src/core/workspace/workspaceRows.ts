import { l10n } from '../l10n';
import { describeError } from '../api/describeError';
import { type Edition } from '../api/client';
import { editionLabel } from '../config';
import { type Build } from '../models/build';
import { buildIcon } from '../builds/facts';
import { type WorkspaceProject, type WorkspaceState } from './binding';
import { branchVersionText, buildStatus } from './workspaceWords';
import { latestBuildOf } from '../branchBuilds/projectBuilds';
import { remoteUrlToImport } from './match';
import { type PullRequestState } from '../pulls/pullRequests';
import { pullRequestRows } from '../pulls/pullRequestRows';
import { type NoticeRef } from '../commandArgs';
import { type Notification } from '../models/notification';
import { noticeRows } from '../notices/noticeRows';

/** What a row of the "This Workspace" view does when clicked. */
export type RowAction =
  | { readonly kind: 'showLog'; readonly edition: Edition; readonly projectSlug: string; readonly buildId: number }
  | { readonly kind: 'syncVersions'; readonly project: WorkspaceProject }
  | { readonly kind: 'activate'; readonly project: WorkspaceProject }
  | { readonly kind: 'build'; readonly project: WorkspaceProject }
  | { readonly kind: 'import'; readonly repositoryUrl: string }
  | { readonly kind: 'retry' }
  | { readonly kind: 'command'; readonly command: string; readonly args: readonly unknown[] };

export interface WorkspaceRow {
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  readonly icon?: { readonly id: string; readonly color?: string };
  readonly action?: RowAction;
  readonly children?: readonly WorkspaceRow[];
  /** For `view/item/context` menus (`viewItem == …`). */
  readonly contextValue?: string;
  /** What a context-menu command of the row acts on (VS Code passes it the row). */
  readonly subject?: unknown;
  /** The notice a notice row shows (its Dismiss command reads it). */
  readonly noticeRef?: NoticeRef;
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
  heldPullRequest: (bound: WorkspaceProject) => PullRequestState | undefined = () => undefined,
  heldNotices: (edition: Edition, projectSlug: string) => readonly Notification[] | undefined = () => undefined,
): WorkspaceRow[] {
  const rows: WorkspaceRow[] = state.projects.map((bound) =>
    projectRow(bound, heldBuilds(bound.edition, bound.project.slug), now, editionsShown > 1, heldPullRequest(bound), heldNotices(bound.edition, bound.project.slug)));
  for (const folder of state.unmatched) {
    const url = remoteUrlToImport(folder);
    if (!url) continue;
    rows.push({
      id: `import:${folder.folderPath}`,
      label: l10n.t('Import this repository…'),
      description: url,
      tooltip: l10n.t('No Read the Docs project you can see is built from {0}. Import it to build its documentation.', url),
      icon: { id: 'repo-clone' },
      action: { kind: 'import', repositoryUrl: url },
    });
  }
  for (const { edition, error } of state.problems) {
    rows.push({ id: `problem:${edition}`, label: describeError(error, { action: l10n.t('reading the projects of {0}', editionLabel(edition)) }), icon: { id: 'error', color: 'errorForeground' }, action: { kind: 'retry' } });
  }
  for (const entry of state.invalidEntries) {
    rows.push({ id: `invalid:${entry}`, label: l10n.t('readthedocs.projects: "{0}" is not edition/slug (community/my-project)', entry), icon: { id: 'warning' } });
  }
  return rows;
}

function projectRow(
  bound: WorkspaceProject, builds: readonly Build[] | undefined, now: number, showEdition: boolean,
  pullRequest: PullRequestState | undefined, notices: readonly Notification[] | undefined,
): WorkspaceRow {
  const id = `${bound.edition}/${bound.project.slug}@${bound.folderPath}`;
  const latest = latestBuildOf(builds, bound.versionSlug);
  const children: WorkspaceRow[] = [branchRow(id, bound, builds === undefined ? 'loading' : latest, now)];
  const result = bound.branchVersion;
  if (result?.kind === 'missing') {
    children.push({ id: `${id}/sync`, label: l10n.t('Sync Versions'), description: l10n.t('make {0} a version', result.branch), icon: { id: 'sync' }, action: { kind: 'syncVersions', project: bound } });
  }
  if (result?.kind === 'inactive') {
    children.push({ id: `${id}/activate`, label: l10n.t('Activate {0}', result.version.verboseName), description: l10n.t('and build it'), icon: { id: 'check' }, action: { kind: 'activate', project: bound } });
  }
  children.push(...pullRequestRows(id, bound, pullRequest, now));
  if (!builds) children.push({ id: `${id}/loading`, label: l10n.t('Loading builds…'), icon: { id: 'loading~spin' } });
  else if (builds.length === 0) children.push({ id: `${id}/nobuilds`, label: l10n.t('No builds yet.') });
  for (const build of (builds ?? []).slice(0, RECENT_BUILDS)) {
    const { icon, color } = buildIcon(build);
    children.push({
      id: `${id}/build:${build.id}`,
      label: `#${build.id} ${build.version ?? ''}`.trim(),
      description: buildStatus(build, now),
      tooltip: [l10n.t('Build #{0} of {1}', build.id, bound.project.slug), build.version && l10n.t('version {0}', build.version), build.commit && l10n.t('commit {0}', build.commit.slice(0, 12))].filter(Boolean).join(', '),
      icon: { id: icon, color },
      action: { kind: 'showLog', edition: bound.edition, projectSlug: bound.project.slug, buildId: build.id },
    });
  }
  children.push(...noticeRows(id, bound, notices));
  return {
    id,
    label: bound.project.name,
    description: [bound.project.slug, showEdition ? editionLabel(bound.edition) : undefined, bound.by === 'setting' ? l10n.t('from readthedocs.projects') : undefined].filter(Boolean).join(' · '),
    tooltip: l10n.t('{0} ({1}) is built from {2}.\nFolder: {3}', bound.project.name, bound.project.slug, bound.project.repository.url || l10n.t('this workspace'), bound.folderPath),
    icon: { id: 'book' },
    children,
  };
}

/** `latest` is `'loading'` while the project's builds are being read. */
function branchRow(parentId: string, bound: WorkspaceProject, latestOrLoading: Build | undefined | 'loading', now: number): WorkspaceRow {
  const latest = latestOrLoading === 'loading' ? undefined : latestOrLoading;
  const result = bound.branchVersion;
  if (!result) {
    return { id: `${parentId}/branch`, label: bound.branch ? l10n.t('{0}: versions not read', bound.branch) : l10n.t('branch: versions not read'), description: bound.versionError ? describeError(bound.versionError) : undefined, icon: { id: 'error', color: 'errorForeground' }, action: { kind: 'retry' } };
  }
  if (result.kind !== 'active') {
    return { id: `${parentId}/branch`, label: branchVersionText(result), icon: { id: result.kind === 'detached' ? 'git-commit' : 'git-branch', color: 'disabledForeground' } };
  }
  const { icon, color } = latest ? buildIcon(latest) : { icon: 'git-branch', color: undefined };
  return {
    id: `${parentId}/branch`,
    label: branchVersionText(result),
    description: latest ? buildStatus(latest, now) : latestOrLoading === 'loading' ? undefined : l10n.t('not built yet'),
    tooltip: latest ? l10n.t('The branch {0} builds the version {1}. Its latest build is #{2}.', result.branch, result.version.slug, latest.id) : l10n.t('The branch {0} builds the version {1}.', result.branch, result.version.slug),
    icon: { id: icon, color },
    action: latest ? { kind: 'showLog', edition: bound.edition, projectSlug: bound.project.slug, buildId: latest.id } : { kind: 'build', project: bound },
  };
}
