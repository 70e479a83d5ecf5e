import { type Edition } from '../api/client';
import { TtlCache } from '../embed/ttlCache';
import { onWatchedBuild, withBuild } from '../builds/newestFirst';
import { type BuildWatcher } from '../builds/watcher';
import { type Build } from '../models/build';
import { type Clock, realClock } from '../util/clock';
import { Disposables } from '../util/disposables';
import { type BuildTimesAnalysis, analyseBuildTimes } from './analysis';
import { type BuildFigures } from './figures';
import { type FiguresCache } from './figuresCache';
import { type BuildTimesClient, loadBuildTimes } from './loadBuildTimes';

/**
 * How long a version's list of builds is reused: the watcher adds the builds it sees meanwhile, but
 * a build a push started elsewhere shows only once the list is read again.
 */
export const BUILD_LIST_TTL_MS = 2 * 60_000;

export interface BuildTimesTarget {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly versionSlug: string;
}

export interface BuildTimes {
  readonly builds: readonly BuildFigures[];
  readonly analysis: BuildTimesAnalysis;
}

export interface BuildTimesServiceOptions {
  /** The client of an edition and its server's origin (the cache key). */
  readonly clientOf: (edition: Edition) => { readonly client: BuildTimesClient; readonly origin: string };
  readonly cache: FiguresCache;
  readonly watcher?: Pick<BuildWatcher, 'onDidStartWatching' | 'onDidUpdate'>;
  readonly clock?: Pick<Clock, 'now'>;
}

/**
 * The figures of a version's last builds: the list held for a while and kept fresh by the build
 * watcher (a build triggered meanwhile joins it without a request), final builds' figures from the
 * persisted cache, so a reopen sends nothing and a new build costs only its own requests.
 */
export class BuildTimesService {
  private readonly lists: TtlCache<string, { readonly builds: readonly Build[]; readonly count: number }>;
  private readonly owned = new Disposables();

  constructor(private readonly options: BuildTimesServiceOptions) {
    this.lists = new TtlCache({ maxEntries: 50, clock: options.clock ?? realClock });
    if (options.watcher) {
      this.owned.add(onWatchedBuild(options.watcher, ({ edition, projectSlug, build }) => {
        const key = listKey({ edition, projectSlug, versionSlug: build.version ?? '' });
        const held = this.lists.get(key);
        if (held) this.lists.set(key, { builds: withBuild(held.builds, build), count: held.count }, BUILD_LIST_TTL_MS);
      }));
    }
  }

  async read(target: BuildTimesTarget, count: number, signal?: AbortSignal): Promise<BuildTimes> {
    const { client, origin } = this.options.clientOf(target.edition);
    const key = listKey(target);
    const held = this.lists.get(key);
    // A list read for fewer builds than asked now is read again.
    const builds = held && held.count >= count ? held.builds : (await client.builds.listOfVersion(target.projectSlug, target.versionSlug, { priority: 'user', signal, limit: count })).items;
    if (builds !== held?.builds) this.lists.set(key, { builds: [...builds], count }, BUILD_LIST_TTL_MS);
    const figures = await loadBuildTimes({ client, origin, ...target, cache: this.options.cache, builds: builds.slice(0, count), signal });
    return { builds: figures, analysis: analyseBuildTimes(figures) };
  }

  dispose(): void {
    this.owned.dispose();
  }
}

function listKey(target: BuildTimesTarget): string {
  return JSON.stringify([target.edition, target.projectSlug, target.versionSlug]);
}
