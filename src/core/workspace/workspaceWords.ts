import { l10n } from '../l10n';
import { type Build } from '../models/build';
import { type BuildKnown, buildRow } from '../builds/buildRow';
import { type BranchVersion } from './branchVersion';
import { type WorkspaceProject } from './binding';

/** Words and icons of the workspace view, the status bar and the CodeLens. Pure. */

/** What the branch row says about the version that builds the branch. */
export function branchVersionText(result: BranchVersion): string {
  switch (result.kind) {
    case 'active':
      return result.version.slug === result.branch ? result.branch : `${result.branch} → ${result.version.slug}`;
    case 'inactive':
      return l10n.t('{0}: version {1} is not active', result.branch, result.version.slug);
    case 'missing':
      return l10n.t('no version for branch {0}', result.branch);
    case 'detached':
      return l10n.t('no branch checked out');
  }
}

export interface StatusBarPresentation {
  readonly text: string;
  readonly tooltip: string;
}

/** The status bar item for the current folder's project: the state of the branch version's latest build. */
export function statusBarPresentation(bound: WorkspaceProject, latest: Build | undefined, now: number, known: (build: Build) => BuildKnown): StatusBarPresentation {
  const name = bound.project.slug;
  const result = bound.branchVersion;
  if (!result) return { text: `$(warning) ${name}`, tooltip: l10n.t('Read the Docs: the versions of {0} could not be read.', name) };
  if (result.kind !== 'active') return { text: `$(circle-outline) ${name}: ${branchVersionText(result)}`, tooltip: l10n.t('Read the Docs: {0} of {1}.', branchVersionText(result), name) };
  const version = result.version.slug;
  if (!latest) return { text: `$(circle-outline) ${name} (${version})`, tooltip: l10n.t('Read the Docs: {0} ({1}) has no recent build. Click to build it.', name, version) };
  return buildPresentation(name, version, latest, now, known(latest));
}

/** The status bar words of a build of `name` (`version`: a version slug, or `#17` for a pull request). */
export function buildPresentation(name: string, version: string, latest: Build, now: number, known: BuildKnown): StatusBarPresentation {
  const row = buildRow(latest, { now, known });
  return {
    text: `$(${row.icon}) ${name} (${version}) ${row.brief}`,
    tooltip: l10n.t('Read the Docs: build #{0} of {1} ({2}), {3}. Click to show its log.', latest.id, name, version, row.brief),
  };
}
