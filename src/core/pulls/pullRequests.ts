import { type Edition, type ReadTheDocsClient, type WriteChange } from '../api/client';
import { errorDetail } from '../api/describeError';
import { isFinal } from '../builds/facts';
import { type BuildWatcher } from '../builds/watcher';
import { onWatchedBuild, withBuild } from '../builds/newestFirst';
import { type FetchDocsFile } from '../inventory/docsFile';
import { type Logger } from '../log';
import { type Build } from '../models/build';
import { Disposables } from '../util/disposables';
import { Emitter, type Event } from '../util/events';
import { type WorkspaceProject } from '../workspace/binding';
import { type AddonsVersion, type ChangedPage, addonsUrl, readAddons } from './addons';
import { PrivateDocsRefusedError } from '../api/errors';
import { type UncaughtDeletion, deletionsWithoutRedirect } from './deletedPages';
import { type RedirectRule, ruleOfRedirect } from '../redirects/rule';
import { type ProjectUrls } from '../redirects/tester';
import { type BranchHints, type PullRequestBuilds, findPullRequestBuilds } from './discovery';

/** What is known about a bound project's pull request. */
export interface PullRequestState {
  readonly number: string;
  readonly foundBy: PullRequestBuilds['foundBy'];
  /** Newest first. */
  readonly builds: readonly Build[];
  /**
   * The addons API of the latest finished build: `unreadable` when the docs host does not show it
   * (private previews), `refused` when it refused the project's private-docs token.
   */
  readonly addons: AddonsVersion | 'unreadable' | 'refused' | undefined;
  /** Pages the diff deletes that no redirect of the server or of the redirects file would catch. */
  readonly uncaughtDeletions?: readonly UncaughtDeletion[];
}

/** The workspace folder's redirects file, as rules (its entries in file order). */
export interface FileRedirects {
  /** The rules of the folder's redirects file; none when there is no file (or it may not be read). */
  rules(folderPath: string): Promise<readonly RedirectRule[]>;
  /** A folder's redirects file changed (its path). */
  readonly onDidChange: Event<string>;
}

/** A pull request's deleted pages that no redirect catches, with every page it deletes. */
export interface UncaughtOfPullRequest {
  readonly pullRequest: string;
  readonly projectSlug: string;
  readonly pages: readonly UncaughtDeletion[];
  readonly deleted: readonly string[];
}

export interface PullRequestsOptions {
  readonly editions: {
    client(edition: Edition): ReadTheDocsClient | undefined;
    /** Writes to a project's redirects: its pull requests' deleted pages are checked again. */
    readonly onDidWrite?: Event<WriteChange>;
  };
  readonly watcher: BuildWatcher;
  /** What git says about the branch checked out in a folder (no request). */
  readonly readHints: (folderPath: string, branch: string) => Promise<BranchHints>;
  /** Reads a file of a docs host without a token (the addons API). */
  readonly fetchDocsFile: FetchDocsFile;
  readonly logger: Logger;
  /** The redirects file's rules count as much as the server's. */
  readonly fileRedirects?: FileRedirects;
  /**
   * The pages the checked-out branch deletes or renames away since `base` (the project's default
   * branch), from git: read when the server has no diff. Undefined when git cannot tell.
   */
  readonly localDeletions?: (folderPath: string, base: string) => Promise<readonly ChangedPage[] | undefined>;
}

interface Entry {
  /** Branch, pull request and HEAD the entry was found for. */
  readonly hintsKey: string;
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly folderPath: string;
  readonly defaultBranch: string | undefined;
  /** The project's documentation URL: its docs host serves the addons API. */
  readonly docsUrl: string | undefined;
  /** How the project's URLs are laid out, for the redirect tester. */
  readonly urls: ProjectUrls;
  state: PullRequestState | undefined;
  /** The build whose addons were read (or are being read). */
  addonsOf?: number;
  /** The deleted pages and the server's rules they were checked against, to check again when the file changes. */
  deletions?: { readonly pages: readonly ChangedPage[]; readonly serverRules: readonly RedirectRule[] };
}

/**
 * The pull request of each bound project's branch (FACTS §22): found with one request when the
 * checkout changes (the nested builds of the number git config names, else `builds/?commit=<HEAD>`,
 * only when the branch has no active version of its own), nothing while idle; its running build
 * handed to the build watcher, which polls it in the shared budget until it ends. The addons API of
 * its latest finished build (preview root, changed pages) is read once per build.
 */
export class PullRequests {
  private readonly entries = new Map<string, Entry>();
  private readonly owned = new Disposables();
  private readonly changed = this.owned.add(new Emitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: PullRequestsOptions) {
    this.owned.add(onWatchedBuild(options.watcher, ({ edition, projectSlug, build }) => this.record(edition, projectSlug, build)));
    if (options.fileRedirects) this.owned.add(options.fileRedirects.onDidChange((folderPath) => void this.recheck(folderPath)));
    if (options.editions.onDidWrite) this.owned.add(options.editions.onDidWrite((change) => void this.redirectsWritten(change)));
  }

  /** What is held for the project (no request). */
  held(bound: Pick<WorkspaceProject, 'edition' | 'project' | 'folderPath'>): PullRequestState | undefined {
    return this.entries.get(keyOf(bound))?.state;
  }

  /** The pull requests of a folder's projects whose deleted pages no redirect catches (no request). */
  uncaughtIn(folderPath: string): UncaughtOfPullRequest[] {
    return [...this.entries.values()].flatMap((entry) => (entry.folderPath === folderPath && entry.state?.uncaughtDeletions?.length
      ? [{ pullRequest: entry.state.number, projectSlug: entry.projectSlug, pages: entry.state.uncaughtDeletions, deleted: entry.deletions?.pages.map((p) => p.filename) ?? [] }]
      : []));
  }

  /** Finds the project's pull request when the checkout changed since the last look; otherwise costs nothing. */
  async follow(bound: WorkspaceProject): Promise<void> {
    const key = keyOf(bound);
    const hints = bound.branch ? await this.options.readHints(bound.folderPath, bound.branch) : { pullRequest: undefined, head: undefined };
    const ownVersion = bound.branchVersion?.kind === 'active' ? bound.branchVersion.version.slug : undefined;
    const wanted = hints.pullRequest !== undefined || (hints.head !== undefined && ownVersion === undefined && bound.branchVersion !== undefined);
    const hintsKey = wanted ? JSON.stringify([bound.branch, hints.pullRequest, hints.pullRequest ? undefined : hints.head]) : '';
    if (this.entries.get(key)?.hintsKey === hintsKey) return;
    const urls: ProjectUrls = { language: bound.project.language.code || 'en', defaultVersion: bound.project.defaultVersion ?? 'latest', versioningScheme: bound.project.versioningScheme, singleVersion: bound.project.singleVersion };
    const entry: Entry = { hintsKey, edition: bound.edition, projectSlug: bound.project.slug, folderPath: bound.folderPath, defaultBranch: bound.project.defaultBranch, docsUrl: bound.project.urls.documentation, urls, state: undefined };
    this.entries.set(key, entry);
    if (!wanted) { this.changed.fire(); return; }
    const client = this.options.editions.client(bound.edition);
    if (!client) return;
    try {
      const found = await findPullRequestBuilds(client.builds, bound.project.slug, hints, ownVersion, { priority: 'background' });
      if (this.entries.get(key) !== entry) return;
      entry.state = found && { ...found, addons: undefined };
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      this.options.logger.warn(`pull requests: the pull request of ${bound.project.slug} (${bound.branch}) was not found: ${errorDetail(error)}`);
      return;
    }
    this.changed.fire();
    this.afterUpdate(entry);
  }

  /** A build seen elsewhere (the watcher, a rebuild) updates the pull request it belongs to. */
  record(edition: Edition, projectSlug: string, build: Build): void {
    for (const entry of this.entries.values()) {
      const state = entry.state;
      if (!state || entry.edition !== edition || entry.projectSlug !== projectSlug || build.version !== state.number) continue;
      entry.state = { ...state, builds: withBuild(state.builds, build) };
      this.changed.fire();
      this.afterUpdate(entry);
    }
  }

  /** Forgets what was found (Refresh): the next `follow` asks again. */
  forget(): void {
    this.entries.clear();
  }

  dispose(): void {
    this.owned.dispose();
    this.entries.clear();
  }

  /** The deleted pages the server's and the file's rules miss; undefined when the server's could not be read. */
  private async uncaught(entry: Entry, deleted: readonly ChangedPage[]): Promise<readonly UncaughtDeletion[] | undefined> {
    const serverRules = await serverRulesOf(this.options.editions.client(entry.edition), entry, this.options.logger);
    if (!serverRules) return undefined;
    entry.deletions = { pages: deleted, serverRules };
    return deletionsWithoutRedirect(deleted, [serverRules, await this.fileRules(entry.folderPath)], entry.urls);
  }

  private async fileRules(folderPath: string): Promise<readonly RedirectRule[]> {
    try {
      return await this.options.fileRedirects?.rules(folderPath) ?? [];
    } catch (error) {
      this.options.logger.debug(`pull requests: the redirects file of ${folderPath} was not read: ${errorDetail(error)}`);
      return [];
    }
  }

  /** The folder's redirects file changed: its pull requests' deleted pages are checked again (no request). */
  private async recheck(folderPath: string): Promise<void> {
    const entries = [...this.entries.values()].filter((e) => e.folderPath === folderPath && e.deletions && e.state);
    if (entries.length === 0) return;
    const fileRules = await this.fileRules(folderPath);
    let changed = false;
    for (const entry of entries) {
      const { pages, serverRules } = entry.deletions!;
      if (!entry.state) continue;
      const uncaughtDeletions = deletionsWithoutRedirect(pages, [serverRules, fileRules], entry.urls);
      // Typing in the file changes its rules at every keystroke, rarely what they catch.
      if (JSON.stringify(uncaughtDeletions) === JSON.stringify(entry.state.uncaughtDeletions ?? [])) continue;
      entry.state = { ...entry.state, uncaughtDeletions };
      changed = true;
    }
    if (changed) this.changed.fire();
  }

  /** The server's redirects of a project changed: its pull requests' deleted pages are checked against them again. */
  private async redirectsWritten(change: WriteChange): Promise<void> {
    if (!change.lists.includes('redirects')) return;
    const entries = [...this.entries.values()].filter((e) => e.edition === change.edition && e.projectSlug === change.projectSlug && e.deletions && e.state);
    for (const entry of entries) {
      const uncaughtDeletions = await this.uncaught(entry, entry.deletions!.pages);
      if (!entry.state || !uncaughtDeletions || ![...this.entries.values()].includes(entry)) continue;
      entry.state = { ...entry.state, uncaughtDeletions };
      this.changed.fire();
    }
  }

  /** The pages the branch deletes by git, when the server gives no diff. */
  private async localDeletions(entry: Entry): Promise<readonly ChangedPage[] | undefined> {
    if (!this.options.localDeletions || !entry.defaultBranch) return undefined;
    try {
      return await this.options.localDeletions(entry.folderPath, entry.defaultBranch);
    } catch (error) {
      this.options.logger.debug(`pull requests: the pages ${entry.folderPath} deletes were not read from git: ${errorDetail(error)}`);
      return undefined;
    }
  }

  /** Hands a running latest build to the watcher; reads the addons of a finished one once. */
  private afterUpdate(entry: Entry): void {
    const latest = entry.state?.builds[0];
    if (!latest || !entry.state) return;
    if (!isFinal(latest)) {
      this.options.watcher.watch(entry.edition, entry.projectSlug, latest);
      return;
    }
    if (entry.addonsOf === latest.id) return;
    entry.addonsOf = latest.id;
    const url = entry.docsUrl && addonsUrl(entry.docsUrl, entry.projectSlug, entry.state.number);
    if (!url) return;
    readAddons(this.options.fetchDocsFile, url).then(async (addons) => {
      const deleted = addons?.diff ? addons.diff.deleted : await this.localDeletions(entry);
      const uncaughtDeletions = deleted?.length ? await this.uncaught(entry, deleted) : undefined;
      if (!entry.state || entry.addonsOf !== latest.id) return;
      entry.state = { ...entry.state, addons: addons ?? 'unreadable', uncaughtDeletions };
      this.changed.fire();
    }, (error: unknown) => {
      if (entry.state && entry.addonsOf === latest.id) entry.state = { ...entry.state, addons: error instanceof PrivateDocsRefusedError ? 'refused' : 'unreadable' };
      this.options.logger.debug(`pull requests: addons of ${entry.projectSlug} #${entry.state?.number}: ${errorDetail(error)}`);
      this.changed.fire();
    });
  }
}

/** The server's redirects of the project, as rules; undefined when they could not be read. */
async function serverRulesOf(client: ReadTheDocsClient | undefined, entry: Entry, logger: Logger): Promise<readonly RedirectRule[] | undefined> {
  if (!client) return undefined;
  try {
    return (await client.redirects.list(entry.projectSlug, { priority: 'background' })).items.map(ruleOfRedirect);
  } catch (error) {
    logger.debug(`pull requests: the redirects of ${entry.projectSlug} were not read: ${errorDetail(error)}`);
    return undefined;
  }
}

function keyOf(bound: Pick<WorkspaceProject, 'edition' | 'project' | 'folderPath'>): string {
  return `${bound.edition}/${bound.project.slug}@${bound.folderPath}`;
}
