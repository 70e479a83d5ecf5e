import { type Edition, type ReadTheDocsClient } from '../api/client';
import { EDITIONS } from '../config';
import { type Logger } from '../log';
import { type Clock, realClock } from '../util/clock';
import { type DocHostMatcher } from './docHosts';
import { webUrlOf } from '../validation/urls';
import { siteRootPath } from './docsPaths';
import { errorDetail } from '../api/describeError';

/** The part of `Editions` this needs. */
export interface ProjectDocsSource {
  readonly signedIn: readonly Edition[];
  client(edition: Edition): Pick<ReadTheDocsClient, 'projects' | 'all'> | undefined;
}

export interface ProjectDocsOptions {
  readonly source: ProjectDocsSource;
  readonly matcher: DocHostMatcher;
  readonly logger: Logger;
  readonly clock?: Pick<Clock, 'now'>;
  /** After a failed load, wait this long before trying again (default one minute). */
  readonly retryAfterMs?: number;
  /** Projects read at most per edition (pages of `pageSize` each); default 500. */
  readonly maxProjects?: number;
}

/**
 * Teaches the matcher the documentation sites of the signed-in user's projects (custom domains,
 * self-hosted docs hosts), so links to them get hover previews. The list is read lazily, the
 * first time a hover meets a URL the built-in rules do not recognise, once per edition and
 * sign-in; `reset` (sign-in, sign-out, base URL change) forgets it.
 */
export class ProjectDocsIndex {
  private readonly loaded = new Set<Edition>();
  private readonly loading = new Map<Edition, Promise<void>>();
  private readonly failedAt = new Map<Edition, number>();
  private generation = 0;

  constructor(private readonly options: ProjectDocsOptions) {}

  /** Signed-in editions whose project list is not known yet and did not fail a moment ago. */
  get pending(): Edition[] {
    const now = (this.options.clock ?? realClock).now();
    const retryAfter = this.options.retryAfterMs ?? 60_000;
    return this.options.source.signedIn.filter((edition) => {
      if (this.loaded.has(edition)) return false;
      const failed = this.failedAt.get(edition);
      return failed === undefined || now - failed >= retryAfter;
    });
  }

  /**
   * Loads what is pending (never throws). An abort stops the wait, not the load: the list is
   * shared, and the next hover would need it again.
   */
  async ensureLoaded(signal?: AbortSignal): Promise<void> {
    const loads = Promise.all(this.pending.map((edition) => this.load(edition)));
    if (!signal) {
      await loads;
      return;
    }
    if (signal.aborted) return;
    await new Promise<void>((resolve) => {
      signal.addEventListener('abort', () => resolve(), { once: true });
      void loads.then(() => resolve());
    });
  }

  /** Forgets every list (the signed-in editions or their base URLs changed). */
  reset(): void {
    this.generation++;
    this.loaded.clear();
    this.loading.clear();
    this.failedAt.clear();
    for (const edition of EDITIONS) this.options.matcher.setProjectDocs(edition, []);
  }

  private load(edition: Edition): Promise<void> {
    const existing = this.loading.get(edition);
    if (existing) return existing;
    const generation = this.generation;
    const promise = this.read(edition).then((roots) => {
      if (generation !== this.generation) return;
      this.options.matcher.setProjectDocs(edition, roots);
      this.loaded.add(edition);
      this.options.logger.debug(`embed: ${roots.length} documentation site(s) of your ${edition} projects recognised for hovers`);
    }, (error: unknown) => {
      if (generation !== this.generation) return;
      this.failedAt.set(edition, (this.options.clock ?? realClock).now());
      this.options.logger.warn(`embed: could not list your ${edition} projects for hover previews: ${errorDetail(error)}`);
    }).finally(() => {
      if (this.loading.get(edition) === promise) this.loading.delete(edition);
    });
    this.loading.set(edition, promise);
    return promise;
  }

  /** Site roots (origin + the path above `<lang>/<version>/`) of every project's documentation URL (summaries: a fraction of the bytes). */
  private async read(edition: Edition): Promise<string[]> {
    const client = this.options.source.client(edition);
    if (!client) return [];
    const call = { priority: 'background' as const };
    const max = this.options.maxProjects ?? 500;
    const roots = new Set<string>();
    let seen = 0;
    for await (const project of client.all(client.projects.listSummaries({}, call), call)) {
      const url = project.urls.documentation ? webUrlOf(project.urls.documentation) : undefined;
      if (url) roots.add(`${url.origin}${siteRootPath(url.pathname)}`);
      if (++seen >= max) break;
    }
    return [...roots];
  }
}
