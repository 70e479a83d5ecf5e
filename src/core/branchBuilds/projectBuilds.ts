import { type Edition, type ReadTheDocsClient } from '../api/client';
import { type BuildWatcher } from '../builds/watcher';
import { onWatchedBuild, withBuild } from '../builds/newestFirst';
import { isFinal } from '../builds/facts';
import { type Build } from '../models/build';
import { Disposables } from '../util/disposables';
import { Emitter } from '../util/events';
import { entryKey } from '../workspace/match';

/**
 * The recent builds of the workspace's projects (the first page of each project's builds, newest
 * first): one request per project, then kept fresh without requests from the build watcher,
 * which polls only the builds that run (in the shared budget, backing off) and stops when they end.
 */
export class ProjectBuilds {
  private readonly lists = new Map<string, { builds: Build[]; loading?: Promise<Build[]> }>();
  private readonly owned = new Disposables();
  private readonly changed = this.owned.add(new Emitter<{ readonly edition: Edition; readonly projectSlug: string }>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly editions: { client(edition: Edition): ReadTheDocsClient | undefined },
    private readonly watcher: BuildWatcher,
  ) {
    this.owned.add(onWatchedBuild(watcher, ({ edition, projectSlug, build }) => this.record(edition, projectSlug, build)));
  }

  /** The held list (no request), newest first. */
  held(edition: Edition, projectSlug: string): readonly Build[] | undefined {
    const entry = this.lists.get(entryKey(edition, projectSlug));
    return entry && !entry.loading ? entry.builds : undefined;
  }

  /** The project's recent builds, read once; running ones are handed to the watcher. */
  async recent(edition: Edition, projectSlug: string): Promise<readonly Build[]> {
    const key = entryKey(edition, projectSlug);
    const entry = this.lists.get(key);
    if (entry) return entry.loading ?? entry.builds;
    const client = this.editions.client(edition);
    if (!client) return [];
    const loading = client.builds.list(projectSlug, {}, { priority: 'background' }).then((page) => [...page.items]);
    const fresh: { builds: Build[]; loading?: Promise<Build[]> } = { builds: [], loading };
    this.lists.set(key, fresh);
    try {
      fresh.builds = await loading;
    } catch (error) {
      if (this.lists.get(key) === fresh) this.lists.delete(key);
      throw error;
    }
    delete fresh.loading;
    for (const build of fresh.builds) if (!isFinal(build)) this.watcher.watch(edition, projectSlug, build);
    return fresh.builds;
  }

  /** A build the watcher reports (it began to be watched, or has a new state) replaces its row or goes on top. */
  private record(edition: Edition, projectSlug: string, build: Build): void {
    const entry = this.lists.get(entryKey(edition, projectSlug));
    if (!entry || entry.loading) return;
    entry.builds = withBuild(entry.builds, build);
    // Already watched, as the watcher said: watching it again from here would widen a watch only the tree wants.
    this.changed.fire({ edition, projectSlug });
  }

  /** Forgets every list (a Refresh); the next `recent` reads again. */
  forget(): void {
    this.lists.clear();
  }

  dispose(): void {
    this.owned.dispose();
    this.lists.clear();
  }
}

/** The newest build of a version among recent builds. */
export function latestBuildOf(builds: readonly Build[] | undefined, versionSlug: string | undefined): Build | undefined {
  return versionSlug === undefined ? undefined : builds?.find((b) => b.version === versionSlug);
}
