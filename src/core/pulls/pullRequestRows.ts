import { errorDetail } from '../api/describeError';
import { isFinal } from '../builds/facts';
import { buildRow } from '../builds/buildRow';
import { type ChangedPageRef, type DeletedPageRef, type PullRequestRef } from '../commandArgs';
import { CommandIds } from '../commandIds';
import { l10n } from '../l10n';
import { type Logger } from '../log';
import { contextValue } from '../tree/contextValues';
import { type WorkspaceProject } from '../workspace/binding';
import { type KnownOf, type SectionRows, type WorkspaceRow, type WorkspaceSection } from '../workspace/section';
import { type ChangedPage, type FileTreeDiff } from './addons';
import { type UncaughtDeletion } from './deletedPages';
import { previewRootOf } from './previewRoot';
import { type PullRequestState, type PullRequests } from './pullRequests';

/** The held pull request of a bound project's branch (no request). */
export type HeldPullRequest = (bound: WorkspaceProject) => PullRequestState | undefined;


/**
 * The pull request's rows under a bound project; the branch is built as its latest build (its row
 * takes the place of "no version for branch" and Sync Versions). Pure.
 */
export function pullRequestSectionRows(held: HeldPullRequest, known: KnownOf): SectionRows {
  return {
    rows: (bound, { parentId, now }) => pullRequestRows(parentId, bound, held(bound), now, known),
    branchBuild: (bound) => {
      const pr = held(bound);
      const latest = pr?.builds[0];
      return pr && latest ? { name: `#${pr.number}`, build: latest } : undefined;
    },
  };
}

/** The pull requests' section of This Workspace: each bound project's pull request, followed as the checkout changes. */
export function pullRequestsSection(pullRequests: PullRequests, known: KnownOf, logger: Logger): WorkspaceSection {
  return {
    ...pullRequestSectionRows((bound) => pullRequests.held(bound), known),
    onDidChange: pullRequests.onDidChange,
    follow: (projects) => {
      for (const bound of projects) {
        pullRequests.follow(bound).catch((error: unknown) => logger.warn(`workspace: the pull request of ${bound.project.slug} not read: ${errorDetail(error)}`));
      }
    },
    forget: () => pullRequests.forget(),
  };
}

/**
 * The "Pull request #N" row of a bound project (state and age of its latest build, spinning while
 * it runs; a click opens its log) with its preview, changed pages, build log, problems and
 * Rebuild. Nothing when the branch has no pull request. Pure.
 */
export function pullRequestRows(parentId: string, bound: WorkspaceProject, pr: PullRequestState | undefined, now: number, known: KnownOf): WorkspaceRow[] {
  const latest = pr?.builds[0];
  if (!pr || !latest) return [];
  const id = `${parentId}/pr:${pr.number}`;
  const slug = bound.project.slug;
  const logRef = { edition: bound.edition, projectSlug: slug, buildId: latest.id };
  const ref: PullRequestRef = { edition: bound.edition, projectSlug: slug, pullRequest: pr.number };
  const row = buildRow(latest, { now, known: known(bound, latest) });
  const children: WorkspaceRow[] = [previewRow(id, bound, pr)];
  if (pr.addons !== undefined && pr.addons !== 'unreadable' && pr.addons !== 'refused' && pr.addons.diff) children.push(changedPagesRow(id, pr.addons.diff));
  if (pr.uncaughtDeletions?.length) children.push(uncaughtRow(id, bound.folderPath, pr.uncaughtDeletions));
  children.push(
    { id: `${id}/log`, label: l10n.t('Build Log'), description: `#${latest.id}`, icon: { id: 'output' }, action: { kind: 'showLog', ...logRef } },
    { id: `${id}/problems`, label: l10n.t('Show Problems of This Build'), icon: { id: 'warning' }, action: { kind: 'command', command: CommandIds.showBuildProblems, args: [logRef] } },
    {
      id: `${id}/rebuild`,
      label: l10n.t('Rebuild'),
      description: latest.commit ? l10n.t('commit {0} again', latest.commit.slice(0, 7)) : undefined,
      tooltip: l10n.t('Builds the commit of the last build of pull request #{0} again (not a newer push).', pr.number),
      icon: { id: 'debug-restart' },
      action: { kind: 'command', command: CommandIds.rebuildPullRequest, args: [ref] },
    },
  );
  return [{
    id,
    label: l10n.t('Pull request #{0}', pr.number),
    description: row.brief,
    tooltip: [
      pr.foundBy === 'config'
        ? l10n.t('The branch {0} is checked out from pull request #{1}. Its latest build is #{2}.', bound.branch ?? '', pr.number, latest.id)
        : l10n.t('The commit checked out was built as pull request #{0}. Its latest build is #{1}.', pr.number, latest.id),
      row.live,
    ].filter(Boolean).join('\n'),
    icon: { id: row.icon, color: row.color },
    action: { kind: 'showLog', ...logRef },
    contextValue: contextValue('pullRequest'),
    subject: ref,
    children,
  }];
}

function previewRow(parentId: string, bound: WorkspaceProject, pr: PullRequestState): WorkspaceRow {
  const id = `${parentId}/preview`;
  const built = pr.builds.find((b) => isFinal(b) && b.success === true);
  if (!built) return { id, label: l10n.t('Preview'), description: l10n.t('no successful build yet'), icon: { id: 'eye-closed', color: 'disabledForeground' } };
  const privatePreview = pr.addons === 'refused' || (pr.addons === 'unreadable' && (bound.edition === 'business' || bound.project.externalBuildsPrivacyLevel === 'private'));
  if (privatePreview) {
    const buildPage = built.urls.build;
    return {
      id,
      label: l10n.t('Preview (private)'),
      description: pr.addons === 'refused'
        ? l10n.t('token refused · open the build page')
        : buildPage ? l10n.t('open the build page') : undefined,
      tooltip: pr.addons === 'refused'
        ? l10n.t('Read the Docs refused the private-docs token of {0} for this pull request\'s preview: previews may need a signed-in dashboard session. The build page links to the preview.', bound.project.slug)
        : l10n.t('Private pull-request previews are shown only to a signed-in dashboard session, which the extension does not have. The build page links to the preview.'),
      icon: { id: 'lock' },
      action: buildPage ? { kind: 'command', command: CommandIds.openPullRequestInBrowser, args: [{ url: buildPage }] } : undefined,
    };
  }
  const root = previewRootOf(bound.edition, bound.project, pr.number, built, pr.addons === 'unreadable' ? undefined : pr.addons?.documentationUrl);
  return {
    id,
    label: l10n.t('Preview'),
    description: root.url,
    tooltip: root.from === 'pattern'
      ? l10n.t('The preview of pull request #{0}, at the address Read the Docs gives pull-request previews. Right-click to open it in the browser.', pr.number)
      : l10n.t('The preview of pull request #{0}. Right-click to open it in the browser.', pr.number),
    icon: { id: 'eye' },
    action: { kind: 'command', command: CommandIds.previewDocs, args: [root.url] },
    contextValue: contextValue('pullRequestPreview'),
    subject: { url: root.url },
  };
}

function changedPagesRow(parentId: string, diff: FileTreeDiff): WorkspaceRow {
  const id = `${parentId}/changed`;
  const children: WorkspaceRow[] = [];
  if (diff.outdated) {
    children.push({ id: `${id}/outdated`, label: l10n.t('Out of date: the base version changed after this list was made.'), icon: { id: 'warning', color: 'list.warningForeground' } });
  }
  const kinds = [[diff.added, 'added'], [diff.modified, 'modified'], [diff.deleted, 'deleted']] as const;
  for (const [pages, kind] of kinds) for (const page of pages) children.push(pageRow(id, page, kind));
  const total = diff.added.length + diff.modified.length + diff.deleted.length;
  return {
    id,
    label: l10n.t('Changed Pages'),
    description: total === 0 ? l10n.t('none') : l10n.t('{0} added, {1} changed, {2} deleted', diff.added.length, diff.modified.length, diff.deleted.length),
    icon: { id: 'diff' },
    children,
  };
}

function pageRow(parentId: string, page: ChangedPage, kind: 'added' | 'modified' | 'deleted'): WorkspaceRow {
  const words = { added: l10n.t('added'), modified: l10n.t('changed'), deleted: l10n.t('deleted') };
  const icons = { added: 'diff-added', modified: 'diff-modified', deleted: 'diff-removed' };
  const subject: ChangedPageRef = { filename: page.filename, current: page.current, base: page.base };
  return {
    id: `${parentId}/${kind}:${page.filename}`,
    label: page.filename,
    description: words[kind],
    tooltip: kind === 'deleted'
      ? l10n.t('{0} is deleted by this pull request: click to open the base version\'s page.', page.filename)
      : l10n.t('Click to open the pull request\'s page and the base version\'s side by side.'),
    icon: { id: icons[kind] },
    action: { kind: 'command', command: CommandIds.comparePullRequestPage, args: [subject] },
    contextValue: kind === 'deleted' ? undefined : contextValue('pullRequestPage'),
    subject,
  };
}

function uncaughtRow(parentId: string, folderPath: string, pages: readonly UncaughtDeletion[]): WorkspaceRow {
  const id = `${parentId}/uncaught`;
  return {
    id,
    label: l10n.t('Deleted Pages Without a Redirect'),
    description: String(pages.length),
    tooltip: l10n.t('Once this pull request is merged, these pages answer 404: no redirect of the project would send their visitors elsewhere.'),
    icon: { id: 'warning', color: 'list.warningForeground' },
    children: pages.map((page) => ({
      id: `${id}/${page.filename}`,
      label: page.filename,
      description: l10n.t('no redirect'),
      tooltip: l10n.t('{0} would answer 404 once merged: no redirect catches {1}. Right-click to add one to the redirects file.', page.filename, page.url),
      icon: { id: 'circle-slash' },
      contextValue: contextValue('pullRequestDeletedPage'),
      subject: { folderPath, filename: page.filename } satisfies DeletedPageRef,
    })),
  };
}
