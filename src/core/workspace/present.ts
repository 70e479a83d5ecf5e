import { type Build } from '../models/build';
import { buildOutcome } from '../builds/facts';
import { buildIcon } from '../builds/facts';
import { type BranchVersion } from './branchVersion';
import { type WorkspaceProject } from './binding';

/** Words and icons of the workspace view, the status bar and the CodeLens. Pure. */

/** `just now`, `3 min ago`, `2 h ago`, `5 days ago`; undefined without a date. */
export function timeAgo(iso: string | undefined, now: number): string | undefined {
  const then = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(then)) return undefined;
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** `passed 3 min ago`, `failed 2 h ago`, `building`: when a running build started is not the point. */
export function buildStatus(build: Build, now: number): string {
  const outcome = buildOutcome(build);
  if (outcome === 'running') return build.stateName.toLowerCase();
  const word = outcome === 'succeeded' ? 'passed' : outcome;
  const when = timeAgo(build.finished ?? build.created, now);
  return when ? `${word} ${when}` : word;
}

/** What the branch row says about the version that builds the branch. */
export function branchVersionText(result: BranchVersion): string {
  switch (result.kind) {
    case 'active':
      return result.version.slug === result.branch ? result.branch : `${result.branch} → ${result.version.slug}`;
    case 'inactive':
      return `${result.branch}: version ${result.version.slug} is not active`;
    case 'missing':
      return `no version for branch ${result.branch}`;
    case 'detached':
      return 'no branch checked out';
  }
}

export interface StatusBarPresentation {
  readonly text: string;
  readonly tooltip: string;
}

/** The status bar item for the current folder's project: the state of the branch version's latest build. */
export function statusBarPresentation(bound: WorkspaceProject, latest: Build | undefined, now: number): StatusBarPresentation {
  const name = bound.project.slug;
  const result = bound.branchVersion;
  if (!result) return { text: `$(warning) ${name}`, tooltip: `Read the Docs: the versions of ${name} could not be read.` };
  if (result.kind !== 'active') return { text: `$(circle-outline) ${name}: ${branchVersionText(result)}`, tooltip: `Read the Docs: ${branchVersionText(result)} of ${name}.` };
  const version = result.version.slug;
  if (!latest) return { text: `$(circle-outline) ${name} (${version})`, tooltip: `Read the Docs: ${name} (${version}) has no recent build. Click to build it.` };
  const { icon } = buildIcon(latest);
  return {
    text: `$(${icon}) ${name} (${version}) ${buildStatus(latest, now)}`,
    tooltip: `Read the Docs: build #${latest.id} of ${name} (${version}), ${buildStatus(latest, now)}. Click to show its log.`,
  };
}
