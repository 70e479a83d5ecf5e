import { type Edition, type ReadTheDocsClient } from '../api/client';
import { errorDetail } from '../api/describeError';
import { isFinal } from '../builds/facts';
import { type BuildWatcher } from '../builds/watcher';
import { type FetchDocsFile } from '../inventory/docsFile';
import { type Logger } from '../log';
import { type Build } from '../models/build';
import { Emitter } from '../util/events';
import { type WorkspaceProject } from '../workspace/binding';
import { type AddonsVersion, type ChangedPage, addonsUrl, readAddons } from './addons';
import { type UncaughtDeletion, deletionsWithoutRedirect } from './deletedPages';
import { ruleOfRedirect } from '../redirects/rule';
import { type ProjectUrls } from '../redirects/tester';
import { type BranchHints, type PullRequestBuilds, findPullRequestBuilds } from './discovery';

/** What is known about a bound project's pull request. */
export interface PullRequestState {
  readonly number: string;
  readonly foundBy: PullRequestBuilds['foundBy'];
  /** Newest first. */
  readonly builds: readonly Build[];
  /** The addons API of the latest finished build: `unreadable` when the docs host does not show it (private previews). */
  readonly addons: AddonsVersion | 'unreadable' | undefined;
  /** Pages the diff deletes that none of the server's redirects would catch (read with the addons). */
  readonly uncaughtDeletions?: readonly UncaughtDeletion[];
}

export interface PullRequestsOptions {
  readonly editions: { client(edition: Edition): ReadTheDocsClient | undefined };
  readonly watcher: BuildWatcher;
  /** What git says about the branch checked out in a folder (no request). */
  readonly readHints: (folderPath: string, branch: string) => Promise<BranchHints>;
  /** Reads a file of a docs host without a token (the addons API). */
  readonly fetchDocsFile: FetchDocsFile;
  readonly logger: Logger;
}

interface Entry {
  /** Branch, pull request and HEAD the entry was found for. */
  readonly hintsKey: string;
  readonly edition: Edition;
  readonly projectSlug: string;
  /** The project's documentation URL: its docs host serves the addons API. */
  readonly docsUrl: string | undefined;
  /** How the project's URLs are laid out, for the redirect tester. */
  readonly urls: ProjectUrls;
  state: PullRequestState | undefined;
  /** The build whose addons were read (or are being read). */
  addonsOf?: number;
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
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: { dispose(): void };

  constructor(private readonly options: PullRequestsOptions) {
    this.subscription = options.watcher.onDidUpdate(({ edition, projectSlug, build }) => this.record(edition, projectSlug, build));
  }

  /** What is held for the project (no request). */
  held(bound: Pick<WorkspaceProject, 'edition' | 'project' | 'folderPath'>): PullRequestState | undefined {
    return this.entries.get(keyOf(bound))?.state;
  }

  /** Finds the project's pull request when the checkout changed since the last look; otherwise costs nothing. */
  async follow(bound: WorkspaceProject): Promise<void> {
    const key = keyOf(bound);
    const hints = bound.branch ? await this.options.readHints(bound.folderPath, bound.branch) : { pullRequest: undefined, head: undefined };
    const ownVersion = bound.branchVersion?.kind === 'active' ? bound.branchVersion.version.slug : undefined;
    const wanted = hints.pullRequest !== undefined || (hints.head !== undefined && ownVersion === undefined && bound.branchVersion !== undefined);
    const hintsKey = wanted ? JSON.stringify([bound.branch, hints.pullRequest, hints.pullRequest ? undefined : hints.head]) : '';
    if (this.entries.get(key)?.hintsKey === hintsKey) return;
    const urls: ProjectUrls = { language: bound.project.language.code || 'en', defaultVersion: bound.project.defaultVersion ?? 'latest', versioningScheme: bound.project.versioningScheme };
    const entry: Entry = { hintsKey, edition: bound.edition, projectSlug: bound.project.slug, docsUrl: bound.project.urls.documentation, urls, state: undefined };
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
      const builds = [build, ...state.builds.filter((b) => b.id !== build.id)].sort((a, b) => b.id - a.id);
      entry.state = { ...state, builds };
      this.changed.fire();
      this.afterUpdate(entry);
    }
  }

  /** Forgets what was found (Refresh): the next `follow` asks again. */
  forget(): void {
    this.entries.clear();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
    this.entries.clear();
  }

  private uncaught(entry: Entry, deleted: readonly ChangedPage[]): Promise<readonly UncaughtDeletion[] | undefined> {
    return uncaughtWith(this.options.editions.client(entry.edition), entry, deleted, this.options.logger);
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
      const uncaughtDeletions = addons?.diff?.deleted.length ? await this.uncaught(entry, addons.diff.deleted) : undefined;
      if (!entry.state || entry.addonsOf !== latest.id) return;
      entry.state = { ...entry.state, addons: addons ?? 'unreadable', uncaughtDeletions };
      this.changed.fire();
    }, (error: unknown) => {
      if (entry.state && entry.addonsOf === latest.id) entry.state = { ...entry.state, addons: 'unreadable' };
      this.options.logger.debug(`pull requests: addons of ${entry.projectSlug} #${entry.state?.number}: ${errorDetail(error)}`);
      this.changed.fire();
    });
  }
}

/** Deleted pages the server's redirects miss; undefined when they could not be read. */
async function uncaughtWith(client: ReadTheDocsClient | undefined, entry: Entry, deleted: readonly ChangedPage[], logger: Logger): Promise<readonly UncaughtDeletion[] | undefined> {
  if (!client) return undefined;
  try {
    const redirects = await client.redirects.list(entry.projectSlug, { priority: 'background' });
    return deletionsWithoutRedirect(deleted, redirects.items.map(ruleOfRedirect), entry.urls);
  } catch (error) {
    logger.debug(`pull requests: the redirects of ${entry.projectSlug} were not read: ${errorDetail(error)}`);
    return undefined;
  }
}

function keyOf(bound: Pick<WorkspaceProject, 'edition' | 'project' | 'folderPath'>): string {
  return `${bound.edition}/${bound.project.slug}@${bound.folderPath}`;
}
