import { readBranchConfig, readHeadCommit, readRepository } from '../workspace/gitDirectory';
import { type BranchHints } from './discovery';

/**
 * The pull request a branch was checked out from, as git config records it (FACTS §22):
 * `branch.<name>.github-pr-owner-number` = `owner#repo#number` (the GitHub Pull Requests
 * extension, GitLens), or `branch.<name>.merge` = `refs/pull/<n>/head` (`gh pr checkout` of a
 * fork). Undefined when neither says. Pure.
 */
export function pullRequestOfBranch(branchConfig: ReadonlyMap<string, string>): string | undefined {
  const recorded = /^[^#\s]+#[^#\s]+#(\d{1,9})$/.exec(branchConfig.get('github-pr-owner-number')?.trim() ?? '');
  if (recorded) return String(Number(recorded[1]));
  const merged = /^refs\/pull\/(\d{1,9})\/head$/.exec(branchConfig.get('merge')?.trim() ?? '');
  return merged ? String(Number(merged[1])) : undefined;
}

/** What the checkout in `folderPath` says about `branch`'s pull request: git config and HEAD, read from `.git` (no git extension needed). */
export async function readBranchHints(folderPath: string, branch: string): Promise<BranchHints> {
  const repository = await readRepository(folderPath);
  if (!repository) return { pullRequest: undefined, head: undefined };
  const [config, head] = await Promise.all([readBranchConfig(repository, branch), readHeadCommit(repository)]);
  return { pullRequest: pullRequestOfBranch(config), head };
}
