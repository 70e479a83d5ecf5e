import { type Edition } from '../api/client';
import { CancelledError } from '../api/errors';
import { type CallOptions } from '../api/requests';
import { errorDetail } from '../api/describeError';
import { type Logger, componentLogger } from '../log';
import { type Build } from '../models/build';
import { type BuildLog, isLogFinal } from '../models/buildLog';
import { type Notification } from '../models/notification';
import { type Page } from '../models/page';
import { Disposables } from '../util/disposables';
import { Emitter } from '../util/events';
import { type KnownChange } from './buildRow';
import { outcomeFactsOfLog, outcomeFactsOfNotices } from './facts';
import { watchKey } from './pollingWatcher';
import { type BuildWatcher } from './watcher';

/** The read this needs (a `ReadTheDocsClient` fits): a build's notifications. */
export interface SkippedSource {
  readonly builds: { notifications(project: string, id: number, options?: CallOptions): Promise<Page<Notification>> };
}

export interface SkippedBuildsOptions {
  readonly clientOf: (edition: Edition) => SkippedSource | undefined;
  /** Its last poll's v2 detail says whether a watched build that ended was skipped (no request). */
  readonly watcher: Pick<BuildWatcher, 'onDidFinish'>;
  readonly logger: Logger;
}

/** Cancelled builds whose reason is kept (the newest first out when over). */
export const MAX_KNOWN_CANCELLED = 2000;

/**
 * Which cancelled builds a project skipped on purpose (a command exited with 183, FACTS §26): from the
 * API v2 detail the watcher or a log document read (no request), else from the build's notifications,
 * read once per cancelled build shown (in the background). A final build never changes: what is
 * learnt is kept for the session.
 */
export class SkippedBuilds {
  private readonly skipped = new Map<string, boolean>();
  private readonly asking = new Map<string, Promise<boolean>>();
  private readonly owned = new Disposables();
  private readonly changed = this.owned.add(new Emitter<KnownChange>());
  /** A cancelled build turned out to be skipped. */
  readonly onDidChange = this.changed.event;
  private readonly log: Logger;

  constructor(private readonly options: SkippedBuildsOptions) {
    this.log = componentLogger(options.logger, 'builds');
    this.owned.add(options.watcher.onDidFinish((w) => { if (w.log) this.learnFromLog(w.edition, w.projectSlug, w.log); }));
  }

  /** What is known now (no wait); a cancelled build not known yet has its notifications read, and `onDidChange` tells. */
  isSkipped(edition: Edition, projectSlug: string, build: Pick<Build, 'id' | 'state'>): boolean {
    if (build.state !== 'cancelled') return false;
    const known = this.skipped.get(watchKey(edition, projectSlug, build.id));
    if (known !== undefined) return known;
    void this.settle(edition, projectSlug, build);
    return false;
  }

  /** What is known, after reading the notifications of a cancelled build not known yet (the notification of its end waits for it). */
  settle(edition: Edition, projectSlug: string, build: Pick<Build, 'id' | 'state'>): Promise<boolean> {
    if (build.state !== 'cancelled') return Promise.resolve(false);
    const key = watchKey(edition, projectSlug, build.id);
    const known = this.skipped.get(key);
    if (known !== undefined) return Promise.resolve(known);
    let asked = this.asking.get(key);
    if (!asked) {
      asked = this.ask(edition, projectSlug, build.id, key).finally(() => this.asking.delete(key));
      this.asking.set(key, asked);
    }
    return asked;
  }

  /** What a final API v2 detail says (the watcher's last poll, a log document): no request. */
  learnFromLog(edition: Edition, projectSlug: string, log: Pick<BuildLog, 'id' | 'state' | 'commands'>): void {
    if (!isLogFinal(log) || log.state !== 'cancelled') return;
    this.remember(edition, projectSlug, log.id, outcomeFactsOfLog(log).skipped);
  }

  dispose(): void {
    this.owned.dispose();
  }

  private async ask(edition: Edition, projectSlug: string, id: number, key: string): Promise<boolean> {
    const client = this.options.clientOf(edition);
    if (!client) return false;
    try {
      const { skipped } = outcomeFactsOfNotices((await client.builds.notifications(projectSlug, id, { priority: 'background' })).items);
      this.remember(edition, projectSlug, id, skipped);
      return skipped;
    } catch (error) {
      if (!(error instanceof CancelledError)) this.log.debug(`notifications of cancelled ${projectSlug} #${id} not read: ${errorDetail(error)}`);
      // Not asked again this session: a row is drawn often.
      if (!this.skipped.has(key)) this.skipped.set(key, false);
      return false;
    }
  }

  private remember(edition: Edition, projectSlug: string, id: number, skipped: boolean): void {
    const key = watchKey(edition, projectSlug, id);
    const before = this.skipped.get(key);
    this.skipped.delete(key);
    this.skipped.set(key, skipped);
    while (this.skipped.size > MAX_KNOWN_CANCELLED) this.skipped.delete(this.skipped.keys().next().value as string);
    if (skipped && before !== true) this.changed.fire({ edition, projectSlug, buildId: id });
  }
}
