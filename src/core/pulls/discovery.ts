import { type BuildsApi } from '../api/endpoints/builds';
import { type CallOptions } from '../api/requests';
import { type Build } from '../models/build';
import { pullRequestOf } from '../builds/facts';

/** What the checkout says locally about the branch's pull request. */
export interface BranchHints {
  /** From git config (`pullRequestOfBranch`). */
  readonly pullRequest: string | undefined;
  /** The commit HEAD points at. */
  readonly head: string | undefined;
}

/** The pull request of a branch and its builds, newest first. */
export interface PullRequestBuilds {
  /** The pull request's number, which is also its version's slug. */
  readonly number: string;
  readonly builds: readonly Build[];
  /** `config`: git config named it; `commit`: a build of the HEAD commit did. */
  readonly foundBy: 'config' | 'commit';
}

/**
 * The pull request of the branch checked out, in one request (FACTS §22): when git config names
 * it, the nested builds of its version (`versions/<n>/builds/`); else the builds of the HEAD
 * commit (`builds/?commit=`), the newest of which whose version is a pull request's (a number,
 * which a pull request's version slug is) and not the branch's own version. Undefined when
 * neither finds one (also: a number from git config that Read the Docs has no build of).
 */
export async function findPullRequestBuilds(
  builds: Pick<BuildsApi, 'list' | 'listOfVersion'>,
  projectSlug: string,
  hints: BranchHints,
  branchVersionSlug: string | undefined,
  call: CallOptions = {},
): Promise<PullRequestBuilds | undefined> {
  if (hints.pullRequest) {
    const page = await builds.listOfVersion(projectSlug, hints.pullRequest, call);
    return page.items.length > 0 ? { number: hints.pullRequest, builds: page.items, foundBy: 'config' } : undefined;
  }
  if (!hints.head) return undefined;
  const page = await builds.list(projectSlug, { commit: hints.head }, call);
  const number = page.items.map((b) => pullRequestOf(b, branchVersionSlug)).find((n) => n !== undefined);
  if (!number) return undefined;
  return { number, builds: page.items.filter((b) => b.version === number), foundBy: 'commit' };
}
