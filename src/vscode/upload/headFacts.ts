import type * as vscode from 'vscode';
import { type Logger } from '../../core/log';
import { readBranchHints } from '../../core/pulls/branchPullRequest';
import { type HeadFacts } from '../../core/upload/target';
import { readHeadCommit, readRepository } from '../../core/workspace/gitDirectory';
import { pathInside } from '../../core/util/paths';
import { gitApi } from '../git/api';

/** The git extension's `RefType.Tag`. */
const TAG = 2;

/**
 * What git says about a folder's HEAD: the branch, the commit, the tags at it and uncommitted
 * changes from the git extension (no git process of ours); without it, the branch and commit read
 * from `.git` (tags and changes then unknown). The pull request: the one This Workspace shows for
 * the branch, else the branch's git config. Changes under `output` (the build's own folders, rarely
 * ignored by git) do not count: they are what was built, not what it was built from.
 */
export async function readHeadFacts(folder: vscode.Uri, logger: Logger, knownPullRequest: string | undefined, output: readonly vscode.Uri[] = []): Promise<HeadFacts> {
  const repository = (await gitApi(logger))?.getRepository(folder);
  if (repository) {
    const head = repository.state.HEAD;
    const refs = await repository.getRefs?.({ pattern: 'refs/tags' }).catch(() => undefined);
    const tagsAtHead = (refs ?? []).filter((r) => r.type === TAG && r.commit === head?.commit && r.name).map((r) => r.name!);
    const changes = repository.state.workingTreeChanges && repository.state.indexChanges ? [...repository.state.workingTreeChanges, ...repository.state.indexChanges] : undefined;
    const built = (uri: vscode.Uri) => output.some((dir) => pathInside(dir.path, uri.path) !== undefined);
    const dirty = changes ? changes.some((change) => !built(change.uri)) : undefined;
    const pullRequest = knownPullRequest ?? (head?.name ? (await readBranchHints(folder.fsPath, head.name)).pullRequest : undefined);
    return { branch: head?.name, commit: head?.commit, tagsAtHead, pullRequest, dirty };
  }
  const state = await readRepository(folder.fsPath);
  if (!state) return { tagsAtHead: [], dirty: undefined };
  const pullRequest = knownPullRequest ?? (state.branch ? (await readBranchHints(folder.fsPath, state.branch)).pullRequest : undefined);
  return { branch: state.branch, commit: await readHeadCommit(state), tagsAtHead: [], pullRequest, dirty: undefined };
}
