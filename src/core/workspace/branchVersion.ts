import { NotFoundError } from '../api/errors';
import { type VersionsApi } from '../api/endpoints/versions';
import { type CallOptions } from '../api/requests';
import { type Project } from '../models/project';
import { type Version } from '../models/version';

/**
 * Which version builds a branch (FACTS §21): `latest` on the project's default branch, else the
 * branch's own version (matched on `verbose_name` / `identifier`, never on a computed slug).
 * - `active`: it builds the branch;
 * - `inactive`: it exists but must be activated before it builds;
 * - `missing`: the project has no version for the branch yet (Sync Versions);
 * - `detached`: no branch is checked out.
 */
export type BranchVersion =
  | { readonly kind: 'active'; readonly branch: string; readonly version: Version }
  | { readonly kind: 'inactive'; readonly branch: string; readonly version: Version }
  | { readonly kind: 'missing'; readonly branch: string }
  | { readonly kind: 'detached' };

export const LATEST = 'latest';

/** The project's default branch: its `default_branch`, else the branch `latest` tracks. */
export function defaultBranchOf(project: Pick<Project, 'defaultBranch'>, latest: Version | undefined): string | undefined {
  return project.defaultBranch ?? (latest?.type === 'tag' ? undefined : latest?.identifier);
}

export function versionForBranch(project: Pick<Project, 'defaultBranch'>, branch: string | undefined, versions: readonly Version[]): BranchVersion {
  if (!branch) return { kind: 'detached' };
  const latest = versions.find((v) => v.slug === LATEST);
  const own = versions.find((v) => v.slug !== LATEST && v.type !== 'tag' && (v.verboseName === branch || v.identifier === branch));
  const chosen = latest && defaultBranchOf(project, latest) === branch ? latest : own;
  if (!chosen) return { kind: 'missing', branch };
  return { kind: chosen.active ? 'active' : 'inactive', branch, version: chosen };
}

/**
 * Asks the server which version builds `branch`, in one request: `latest` on the default branch
 * (its detail), else the versions whose `verbose_name` contains the branch name (one short page).
 * When the project does not say its default branch, `latest` is read first to learn it.
 */
export async function resolveBranchVersion(
  versions: Pick<VersionsApi, 'get' | 'list'>,
  project: Pick<Project, 'slug' | 'defaultBranch'>,
  branch: string | undefined,
  call: CallOptions = {},
): Promise<BranchVersion> {
  if (!branch) return { kind: 'detached' };
  const known: Version[] = [];
  if (project.defaultBranch === undefined || project.defaultBranch === branch) {
    try {
      known.push(await versions.get(project.slug, LATEST, [], call));
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
    const onLatest = versionForBranch(project, branch, known);
    if (onLatest.kind !== 'missing') return onLatest;
  }
  const page = await versions.list(project.slug, { verboseName: branch }, call);
  return versionForBranch(project, branch, [...known, ...page.items]);
}
