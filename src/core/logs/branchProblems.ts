import { type Edition } from '../api/client';
import { NotFoundError } from '../api/errors';
import { type CallOptions } from '../api/requests';
import { type BuildWatcher, type WatchedBuild } from '../builds/watcher';
import { type Logger } from '../log';
import { isFinal } from '../builds/facts';
import { type Build } from '../models/build';
import { type Page } from '../models/page';
import { type BoundProject, type BoundProjects } from '../workspace/boundProject';
import { Disposables } from '../util/disposables';
import { type Disposable } from '../util/events';
import { type BuildLog } from '../models/buildLog';
import { errorDetail } from '../api/describeError';
import { type LogProblem } from './logProblem';
import { BASE_VERSION, type Comparison, type NewWarnings } from './newWarnings';
import { findProblems } from './problems';

/** What the policy needs from a client (a `ReadTheDocsClient` fits). */
export interface BranchBuildsSource {
  /** The server (kept base warnings are per server and build). */
  readonly host: string;
  readonly builds: { list(project: string, filters: object, options?: CallOptions): Promise<Page<Build>> };
  readonly buildLogs: { get(buildId: number, options?: CallOptions): Promise<BuildLog> };
}

/** A build's problems, and how they compare with its base build's (undefined when it could not be compared). */
export interface FoundProblems {
  readonly problems: readonly LogProblem[];
  readonly comparison: Comparison | undefined;
}

/** Where the problems go (the Problems panel in VS Code). One key per bound project of a folder. */
export interface ProblemsSink {
  show(key: string, bound: BoundProject, build: Build, log: BuildLog, found: FoundProblems): Promise<void>;
  clear(key: string): void;
}

export interface BranchProblemsOptions {
  readonly bound: BoundProjects;
  readonly clientOf: (edition: Edition) => BranchBuildsSource | undefined;
  readonly watcher: Pick<BuildWatcher, 'watch' | 'onDidFinish'>;
  readonly sink: ProblemsSink;
  /** The comparison with the base build (its warnings read once and kept). */
  readonly newWarnings: NewWarnings;
  /** What a branch without a version of its own is built as (its pull request's number), when known. */
  readonly builtAs?: (bound: BoundProject) => string | undefined;
  /** Whether a commit comes before the folder's merge base with the default branch (git). */
  readonly olderThanMergeBase?: (bound: BoundProject, commit: string) => Promise<boolean | undefined>;
  readonly logger: Logger;
}

export function boundKey(bound: Pick<BoundProject, 'folderPath' | 'edition' | 'project'>): string {
  return `${bound.folderPath}|${bound.edition}/${bound.project.slug}`;
}

/**
 * Keeps the Problems panel on the latest finished build of each bound project's current branch:
 * shown when the binding changes, replaced when a newer build of that branch finishes (a running
 * one is handed to the build watcher, which says when it ends; a cancelled one changes nothing),
 * cleared when the branch has no version or no finished build. A build already shown costs no request; a new one costs its log.
 */
export class BranchProblems implements Disposable {
  /** Per key, the build whose problems are shown and the version it built. */
  private readonly shown = new Map<string, { buildId: number; version: string | undefined }>();
  /** Per key, the project's builds as last listed (the base build is found among them). */
  private readonly listed = new Map<string, readonly Build[]>();
  private readonly owned = new Disposables();
  private bound: readonly BoundProject[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: BranchProblemsOptions) {
    this.owned.add(options.bound.onDidChange((bound) => this.enqueue(() => this.update(bound))));
    this.owned.add(options.watcher.onDidFinish((watched) => this.enqueue(() => this.finished(watched))));
  }

  /** Brings the problems of bound projects without a version of their own up to date (their pull request was found). */
  refreshBuiltAs(): Promise<void> {
    return this.enqueue(async () => { for (const entry of this.bound) if (!entry.versionSlug) await this.updateOne(entry); });
  }

  /** Reads the binding and brings every bound project's problems up to date. */
  refresh(): Promise<void> {
    return this.enqueue(async () => this.update(await this.options.bound.current()));
  }

  dispose(): void {
    this.owned.dispose();
    for (const key of this.shown.keys()) this.options.sink.clear(key);
    this.shown.clear();
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(() => (this.owned.isDisposed ? undefined : work())).catch((error: unknown) => {
      this.options.logger.warn(`problems: ${errorDetail(error)}`);
    });
    return this.queue;
  }

  private async update(bound: readonly BoundProject[]): Promise<void> {
    this.bound = bound;
    const keys = new Set(bound.map(boundKey));
    for (const key of [...this.shown.keys()]) {
      if (!keys.has(key)) this.clear(key);
    }
    for (const entry of bound) await this.updateOne(entry);
  }

  private async updateOne(entry: BoundProject): Promise<void> {
    const key = boundKey(entry);
    const client = this.options.clientOf(entry.edition);
    const versionSlug = entry.versionSlug ?? this.options.builtAs?.(entry);
    if (!client || !versionSlug) {
      this.clear(key);
      return;
    }
    const page = await client.builds.list(entry.project.slug, {}, { priority: 'background' });
    this.listed.set(key, page.items);
    const ofBranch = page.items.filter((b) => b.version === versionSlug);
    const running = ofBranch.find((b) => !isFinal(b));
    if (running) this.options.watcher.watch(entry.edition, entry.project.slug, running);
    // A cancelled build says nothing about the docs: the one before it still stands.
    const latest = ofBranch.find((b) => b.state === 'finished');
    if (!latest) {
      this.clear(key);
      return;
    }
    await this.apply(key, entry, latest, client);
  }

  private async finished({ edition, projectSlug, build }: WatchedBuild): Promise<void> {
    if (build.state !== 'finished') return;
    for (const entry of this.bound) {
      if (entry.edition !== edition || entry.project.slug !== projectSlug || (entry.versionSlug ?? this.options.builtAs?.(entry)) !== build.version) continue;
      const key = boundKey(entry);
      const client = this.options.clientOf(edition);
      if (client) await this.apply(key, entry, build, client);
    }
  }

  private async apply(key: string, entry: BoundProject, build: Build, client: BranchBuildsSource): Promise<void> {
    const shown = this.shown.get(key);
    // Never back to an older build of the same version (a list read before the watcher's news).
    if (shown && shown.version === build.version && shown.buildId >= build.id) return;
    let log: BuildLog;
    try {
      log = await client.buildLogs.get(build.id, { priority: 'background' });
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      this.options.logger.info(`problems: the log of ${entry.project.slug} #${build.id} is not public; its problems are only in the dashboard`);
      this.clear(key);
      return;
    }
    this.shown.set(key, { buildId: build.id, version: build.version });
    const problems = findProblems(log.commands);
    const builds = [build, ...(this.listed.get(key) ?? []).filter((b) => b.id !== build.id)];
    const older = this.options.olderThanMergeBase;
    const comparison = await this.options.newWarnings.compare({
      edition: entry.edition, origin: client.host, projectSlug: entry.project.slug, head: build, problems, baseVersion: BASE_VERSION, builds, source: client,
      olderThanMergeBase: older && ((commit) => older(entry, commit)),
    }).catch((error: unknown) => {
      this.options.logger.warn(`problems: ${entry.project.slug} #${build.id} not compared with its base build: ${errorDetail(error)}`);
      return undefined;
    });
    await this.options.sink.show(key, entry, build, log, { problems, comparison });
  }

  private clear(key: string): void {
    this.shown.delete(key);
    this.listed.delete(key);
    this.options.sink.clear(key);
  }
}
