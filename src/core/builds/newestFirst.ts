import { type Build } from '../models/build';
import { type Disposable } from '../util/events';
import { type BuildWatcher, type WatchedBuild } from './watcher';

/**
 * The one way a held list of builds follows the build watcher (the workspace's recent builds, a
 * pull request's builds, the Projects tree's build rows): every build it reports, the moment it
 * began to be watched (`began`) and each new state.
 */
export function onWatchedBuild(watcher: Pick<BuildWatcher, 'onDidStartWatching' | 'onDidUpdate'>, listener: (watched: WatchedBuild, began: boolean) => void): Disposable {
  const subscriptions = [watcher.onDidStartWatching((watched) => listener(watched, true)), watcher.onDidUpdate((watched) => listener(watched, false))];
  return { dispose: () => { for (const subscription of subscriptions) subscription.dispose(); } };
}

/** A newest-first list with `build` in it: its earlier state replaced, or the new build in its place by id. Pure. */
export function withBuild(builds: readonly Build[], build: Build): Build[] {
  return [build, ...builds.filter((b) => b.id !== build.id)].sort((a, b) => b.id - a.id);
}
