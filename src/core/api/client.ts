import { type Logger } from '../log';
import { Emitter } from '../util/events';
import { type Page, type PageCursor } from '../models/page';
import { RequestBudget } from './budget';
import { errorDetail } from './describeError';
import { BuildsApi } from './endpoints/builds';
import { BuildLogsApi } from './endpoints/buildLogs';
import { EmbedApi } from './endpoints/embed';
import { EnvironmentVariablesApi } from './endpoints/environmentVariables';
import { OrganizationsApi } from './endpoints/organizations';
import { ProjectsApi } from './endpoints/projects';
import { RedirectsApi } from './endpoints/redirects';
import { RemoteApi } from './endpoints/remote';
import { SubprojectsApi } from './endpoints/subprojects';
import { VersionsApi } from './endpoints/versions';
import { type CallOptions, Requests } from './requests';
import { Transport, type TransportOptions } from './transport';
import { type WriteMethod, type WrittenPlace, writtenPlaceOf } from './writes';

export type Edition = 'community' | 'business';

/** A write through a client, announced once it changed the server (or may have, or found its target gone). */
export interface WriteChange extends WrittenPlace {
  readonly edition: Edition;
  readonly method: WriteMethod;
  readonly path: string;
}

export interface ClientOptions extends Omit<TransportOptions, 'budget'> {
  readonly edition: Edition;
  /** Items per list request (`limit`); the server has no maximum. Default 100. */
  readonly pageSize?: number;
  /** Default 60, the real service's per-user throttle. */
  readonly requestsPerMinute?: number;
  readonly logger: Logger;
}

/** The Read the Docs API v3 client of one edition. Knows nothing about VS Code. */
export class ReadTheDocsClient {
  readonly edition: Edition;
  readonly transport: Transport;
  readonly projects: ProjectsApi;
  readonly versions: VersionsApi;
  readonly builds: BuildsApi;
  readonly subprojects: SubprojectsApi;
  readonly redirects: RedirectsApi;
  readonly environmentVariables: EnvironmentVariablesApi;
  readonly organizations: OrganizationsApi;
  readonly remote: RemoteApi;
  readonly embed: EmbedApi;
  readonly buildLogs: BuildLogsApi;
  /**
   * Typed requests under the shared budget, for endpoints that are plain functions of the client
   * (a list a folder reads: `requests.page(apiPath('projects', slug, 'notifications'), {}, parse)`),
   * so a new one needs no registration here.
   */
  readonly requests: Requests;
  private readonly wrote = new Emitter<WriteChange>();
  /** Every write, after it: the views reload what it changed from this (no command nudges them). */
  readonly onDidWrite = this.wrote.event;
  private pageSize: number;
  private readonly logger: Logger;
  /** Batches running (`batchWrites`), and the changes of their writes, one per project and list. */
  private batches = 0;
  private readonly held = new Map<string, WriteChange>();

  constructor(options: ClientOptions) {
    this.edition = options.edition;
    this.pageSize = options.pageSize ?? 100;
    this.transport = new Transport({ ...options, budget: new RequestBudget(options.requestsPerMinute ?? 60, options.clock) });
    this.logger = options.logger;
    this.requests = new Requests(this.transport, () => this.pageSize, (method, path) => {
      const change: WriteChange = { edition: this.edition, method, path, ...writtenPlaceOf(path) };
      if (this.batches === 0) return this.announce(change);
      const place = JSON.stringify([change.projectSlug, change.lists]);
      if (!this.held.has(place)) this.held.set(place, change);
    });
    this.projects = new ProjectsApi(this.requests);
    this.versions = new VersionsApi(this.requests);
    this.builds = new BuildsApi(this.requests);
    this.subprojects = new SubprojectsApi(this.requests);
    this.redirects = new RedirectsApi(this.requests);
    this.environmentVariables = new EnvironmentVariablesApi(this.requests);
    this.organizations = new OrganizationsApi(this.requests);
    this.remote = new RemoteApi(this.requests);
    this.embed = new EmbedApi(this.requests);
    this.buildLogs = new BuildLogsApi(this.requests);
  }

  /**
   * Runs `writes` (several writes of one plan) and announces what they changed once it ends, one
   * change per project and list: the views reload a list once, not between writes that share the
   * request budget with them.
   */
  async batchWrites<T>(writes: () => Promise<T>): Promise<T> {
    this.batches += 1;
    try {
      return await writes();
    } finally {
      this.batches -= 1;
      if (this.batches === 0) {
        const held = [...this.held.values()];
        this.held.clear();
        for (const change of held) this.announce(change);
      }
    }
  }

  private announce(change: WriteChange): void {
    try {
      this.wrote.fire(change);
    } catch (error) {
      // A view that failed to reload must not turn a write that happened into a failure.
      this.logger.warn(`a listener of ${change.method} ${change.path} failed: ${errorDetail(error)}`);
    }
  }

  /** Host name for messages ("The token was rejected by app.readthedocs.org"). */
  get host(): string {
    return this.transport.apiRoot.host;
  }

  get budget(): RequestBudget {
    return this.transport.budget;
  }

  setPageSize(size: number): void {
    this.pageSize = Math.max(1, Math.floor(size));
  }

  /** "Load more": the page behind a cursor from any list call. */
  nextPage<T>(cursor: PageCursor<T>, options?: CallOptions): Promise<Page<T>> {
    return this.requests.nextPage(cursor, options);
  }

  /** Every item of a list, from its first page on, one request per page as the loop advances. */
  all<T>(first: Page<T> | Promise<Page<T>>, options?: CallOptions): AsyncGenerator<T> {
    return this.requests.all(first, options);
  }

  /** Every item of a list in one array: the one "every page" loop. */
  async allItems<T>(first: Page<T> | Promise<Page<T>>, options?: CallOptions): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this.all(first, options)) items.push(item);
    return items;
  }

  /** One cheap authenticated request: resolves when the token is accepted, throws AuthError when not. */
  async verifyToken(options?: CallOptions): Promise<void> {
    await this.transport.send({ method: 'GET', path: 'projects/', query: { limit: 1, fields: 'slug' }, ...options });
  }

  dispose(): Promise<void> {
    this.wrote.dispose();
    return this.transport.dispose();
  }
}
