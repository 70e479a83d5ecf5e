/**
 * What an upload publishes as (FACTS section 24): the branch, a tag when HEAD is exactly one, the
 * branch's pull request as its preview. Several candidates are always asked, never inferred: a tag
 * uploaded as its branch is the mistake people report (readthedocs/readthedocs.org#1083).
 */
import { type UploadVersion } from '../api/endpoints/upload';
import { l10n } from '../l10n';

/** What the folder's git says about HEAD. */
export interface HeadFacts {
  /** Undefined on a detached HEAD. */
  readonly branch?: string;
  /** The full sha of HEAD; undefined before the first commit. */
  readonly commit?: string;
  /** Tags pointing exactly at HEAD. */
  readonly tagsAtHead: readonly string[];
  /** The branch's pull request number, as This Workspace knows it. */
  readonly pullRequest?: string;
  /** Uncommitted changes: what was built may not be the commit. Undefined when git could not say. */
  readonly dirty: boolean | undefined;
}

export interface UploadTarget {
  readonly name: string;
  readonly type: UploadVersion['type'];
  /** "branch main", "tag v1.2", "pull request #17 (preview)". */
  readonly label: string;
}

export type TargetResolution =
  | { readonly kind: 'targets'; readonly targets: readonly UploadTarget[]; readonly commit: string; readonly dirty: boolean | undefined; readonly mustAsk: boolean }
  | { readonly kind: 'refused'; readonly message: string };

const SHA = /^[0-9a-f]{40}$/i;

export function uploadTargets(facts: HeadFacts): TargetResolution {
  if (!facts.commit || !SHA.test(facts.commit)) {
    return { kind: 'refused', message: l10n.t('This folder has no commit yet: commit what you built, then upload it.') };
  }
  const tags = facts.tagsAtHead.map((tag): UploadTarget => ({ name: tag, type: 'tag', label: l10n.t('tag {0}', tag) }));
  const branch: UploadTarget[] = facts.branch ? [{ name: facts.branch, type: 'branch', label: l10n.t('branch {0}', facts.branch) }] : [];
  const pull: UploadTarget[] = facts.branch && facts.pullRequest
    ? [{ name: facts.pullRequest, type: 'external', label: l10n.t('pull request #{0} (its preview)', facts.pullRequest) }]
    : [];
  // On a detached HEAD at a tag the tag comes first; on a branch the branch does.
  const targets = facts.branch ? [...branch, ...pull, ...tags] : tags;
  if (!targets.length) {
    return { kind: 'refused', message: l10n.t('HEAD is detached and no tag points at it: check out the branch or the tag you built, then upload.') };
  }
  return { kind: 'targets', targets, commit: facts.commit.toLowerCase(), dirty: facts.dirty, mustAsk: targets.length > 1 };
}
