import { l10n } from '../l10n';
import { describeError } from '../api/describeError';
import { type Edition } from '../api/client';
import { type Build } from '../models/build';
import { pullRequestOf } from '../builds/facts';
import { buildRow } from '../builds/buildRow';
import { type WorkspaceProject } from '../workspace/binding';
import { type KnownOf, type SectionContext, type SectionRows, type WorkspaceRow } from '../workspace/section';
import { branchVersionText } from '../workspace/workspaceWords';
import { latestBuildOf } from './projectBuilds';
import { contextValue } from '../tree/contextValues';
import { type VersionRef } from '../commandArgs';

/** How many recent builds each project shows. */
export const RECENT_BUILDS = 5;

/** The held recent builds of a project (no request), newest first; undefined while they are read. */
export type HeldBuilds = (edition: Edition, projectSlug: string) => readonly Build[] | undefined;

/**
 * The branch row of a bound project (its version and that version's latest build, or what is
 * missing, with the action that fixes it). When another section says what the branch is built as
 * (a pull request builds as its own version), "no version for branch" and Sync Versions give way. Pure.
 */
export function branchRows(held: HeldBuilds, known: KnownOf): SectionRows {
  return {
    rows: (bound, { parentId, now, branchBuild }) => {
      const result = bound.branchVersion;
      if (result?.kind === 'missing' && branchBuild) return [];
      const builds = held(bound.edition, bound.project.slug);
      const rows = [branchRow(parentId, bound, builds === undefined ? 'loading' : latestBuildOf(builds, bound.versionSlug), now, known)];
      if (result?.kind === 'missing') {
        rows.push({ id: `${parentId}/sync`, label: l10n.t('Sync Versions'), description: l10n.t('make {0} a version', result.branch), icon: { id: 'sync' }, action: { kind: 'syncVersions', project: bound } });
      }
      if (result?.kind === 'inactive') {
        rows.push({ id: `${parentId}/activate`, label: l10n.t('Activate {0}', result.version.verboseName), description: l10n.t('and build it'), icon: { id: 'check' }, action: { kind: 'activate', project: bound } });
      }
      return rows;
    },
  };
}

/** The recent builds of a bound project, each opening its log; a pull request's build says so. Pure. */
export function recentBuildRows(held: HeldBuilds, known: KnownOf): SectionRows {
  return { rows: (bound, context) => buildRows(bound, held(bound.edition, bound.project.slug), context, known) };
}

function buildRows(bound: WorkspaceProject, builds: readonly Build[] | undefined, { parentId, now }: SectionContext, known: KnownOf): WorkspaceRow[] {
  if (!builds) return [{ id: `${parentId}/loading`, label: l10n.t('Loading builds…'), icon: { id: 'loading~spin' } }];
  if (builds.length === 0) return [{ id: `${parentId}/nobuilds`, label: l10n.t('No builds yet.') }];
  return builds.slice(0, RECENT_BUILDS).map((build) => {
    const row = buildRow(build, { now, known: known(bound, build) });
    const pullRequest = pullRequestOf(build, bound.versionSlug);
    return {
      id: `${parentId}/build:${build.id}`,
      label: pullRequest ? l10n.t('pull request #{0}', pullRequest) : `#${build.id} ${build.version ?? ''}`.trim(),
      description: row.brief,
      tooltip: [
        l10n.t('Build #{0} of {1}', build.id, bound.project.slug),
        row.live,
        pullRequest ? l10n.t('pull request #{0}', pullRequest) : build.version && l10n.t('version {0}', build.version),
        build.commit && l10n.t('commit {0}', build.commit.slice(0, 12)),
      ].filter(Boolean).join(', '),
      icon: { id: row.icon, color: row.color },
      action: { kind: 'showLog', edition: bound.edition, projectSlug: bound.project.slug, buildId: build.id },
    };
  });
}

/** `latest` is `'loading'` while the project's builds are being read. */
function branchRow(parentId: string, bound: WorkspaceProject, latestOrLoading: Build | undefined | 'loading', now: number, known: KnownOf): WorkspaceRow {
  const latest = latestOrLoading === 'loading' ? undefined : latestOrLoading;
  const result = bound.branchVersion;
  if (!result) {
    return { id: `${parentId}/branch`, label: bound.branch ? l10n.t('{0}: versions not read', bound.branch) : l10n.t('branch: versions not read'), description: bound.versionError ? describeError(bound.versionError) : undefined, icon: { id: 'error', color: 'errorForeground' }, action: { kind: 'retry' } };
  }
  if (result.kind !== 'active') {
    return { id: `${parentId}/branch`, label: branchVersionText(result), icon: { id: result.kind === 'detached' ? 'git-commit' : 'git-branch', color: 'disabledForeground' } };
  }
  const row = latest && buildRow(latest, { now, known: known(bound, latest) });
  return {
    id: `${parentId}/branch`,
    label: branchVersionText(result),
    description: row ? row.brief : latestOrLoading === 'loading' ? undefined : l10n.t('not built yet'),
    tooltip: [
      latest ? l10n.t('The branch {0} builds the version {1}. Its latest build is #{2}.', result.branch, result.version.slug, latest.id) : l10n.t('The branch {0} builds the version {1}.', result.branch, result.version.slug),
      row?.live,
    ].filter(Boolean).join('\n'),
    icon: row ? { id: row.icon, color: row.color } : { id: 'git-branch', color: undefined },
    action: latest ? { kind: 'showLog', edition: bound.edition, projectSlug: bound.project.slug, buildId: latest.id } : { kind: 'build', project: bound },
    contextValue: contextValue('branch'),
    subject: { edition: bound.edition, projectSlug: bound.project.slug, versionSlug: result.version.slug } satisfies VersionRef,
  };
}
