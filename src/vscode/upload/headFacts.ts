import type * as vscode from 'vscode';
import { type Logger } from '../../core/log';
import { readBranchHints } from '../../core/pulls/branchPullRequest';
import { type HeadFacts } from '../../core/upload/target';
import { pathInside } from '../../core/util/paths';
import { gitApi } from '../git/api';
import { readFolderGit } from '../git/folders';

/** The git extension's `RefType.Tag`. */
const TAG = 2;

/**
 * What git says about a folder's HEAD, under the one HEAD policy (`readFolderGit`): the branch and
 * the commit as read; the tags at it and uncommitted changes from the git extension (no git
 * process of ours) when its HEAD is that commit, else unknown. The pull request: the one This
 * Workspace shows for the branch, else the branch's git config. Changes under `output` (the
 * build's own folders, rarely ignored by git) do not count: they are what was built, not what it
 * was built from.
 */
export async function readHeadFacts(folder: vscode.Uri, logger: Logger, knownPullRequest: string | undefined, output: readonly vscode.Uri[] = []): Promise<HeadFacts> {
  const { repository: { branch }, commit, disk, extension } = await readFolderGit(folder, await gitApi(logger), { commit: true });
  if (!disk && !extension) return { tagsAtHead: [], dirty: undefined };
  const pullRequest = knownPullRequest ?? (branch ? (await readBranchHints(folder.fsPath, branch)).pullRequest : undefined);
  if (!extension) return { branch, commit, tagsAtHead: [], pullRequest, dirty: undefined };
  const refs = await extension.getRefs?.({ pattern: 'refs/tags' }).catch(() => undefined);
  const tagsAtHead = (refs ?? []).filter((r) => r.type === TAG && r.commit === commit && r.name).map((r) => r.name!);
  const changes = extension.state.workingTreeChanges && extension.state.indexChanges ? [...extension.state.workingTreeChanges, ...extension.state.indexChanges] : undefined;
  const built = (uri: vscode.Uri) => output.some((dir) => pathInside(dir.path, uri.path) !== undefined);
  const dirty = changes ? changes.some((change) => !built(change.uri)) : undefined;
  return { branch, commit, tagsAtHead, pullRequest, dirty };
}
