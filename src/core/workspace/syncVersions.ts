import { type ProjectsApi } from '../api/endpoints/projects';
import { type Clock, sleep } from '../util/clock';
import { type BranchVersion } from './branchVersion';

/** Seconds to wait before each re-read of the versions: the sync is queued, it has no task to poll. */
export const SYNC_REREAD_SECONDS: readonly number[] = [3, 5, 8, 13];

export type SyncOutcome =
  | { readonly kind: 'found'; readonly result: Extract<BranchVersion, { version: unknown }>; readonly reads: number }
  | { readonly kind: 'notYet'; readonly reads: number };

/**
 * Sync Versions for a branch: one POST `sync-versions/` (a write: never retried), then re-reads
 * the branch's version after 3, 5, 8 and 13 s until it shows (at most four reads, each one
 * request through the shared budget). `readBranch` must read fresh (no cache). A refusal of the
 * POST (`triggered: false`, 403, …) is thrown to the caller.
 */
export async function syncVersionsUntilBranch(options: {
  readonly projects: Pick<ProjectsApi, 'syncVersions'>;
  readonly projectSlug: string;
  readonly readBranch: () => Promise<BranchVersion>;
  readonly clock: Clock;
  readonly delays?: readonly number[];
  readonly signal?: AbortSignal;
}): Promise<SyncOutcome> {
  const { projects, projectSlug, readBranch, clock, signal } = options;
  await projects.syncVersions(projectSlug, { priority: 'user', signal });
  let reads = 0;
  for (const seconds of options.delays ?? SYNC_REREAD_SECONDS) {
    await sleep(clock, seconds * 1000, signal);
    const result = await readBranch();
    reads++;
    if (result.kind === 'active' || result.kind === 'inactive') return { kind: 'found', result, reads };
  }
  return { kind: 'notYet', reads };
}
