// The Read the Docs API v3 sandbox: an in-memory, seeded HTTP server on 127.0.0.1 (see README.md).

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApiRequest } from './api';
import { authenticate } from './auth';
import { BuildRunner, type ConcurrencyHold } from './builds';
import { EMBED_DOMAIN_LIMIT_PER_MINUTE } from './constants';
import type { Services } from './context';
import { handleControl } from './control';
import { SandboxDb } from './db';
import { FaultList } from './faults';
import { isFinal } from './model';
import { SlidingWindowLimiter } from './rateLimit';
import { applySeed } from './seed/index';
import { tokenFor, USERNAMES } from './seed/users';
import { createSandboxServer, type SandboxApp } from './server';
import { docsHostResponse } from './docs/host';
import { docsHostProject } from './urls';
import type { Fault, RequestLogEntry, Sandbox, SandboxOptions } from './types';
import { createStorageServer } from './upload/storage';

export type { Fault, RequestLogEntry, Sandbox, SandboxOptions } from './types';
export { SandboxDb } from './db';
export { USERNAMES } from './seed/users';

/** Builds seeded as running keep running this long (or one build step if longer) before moving on. */
const SEEDED_BUILD_HOLD_MS = 5 * 60_000;

class SandboxInstance implements Sandbox, SandboxApp {
  readonly requests: RequestLogEntry[] = [];
  readonly faults = new FaultList();
  readonly tokens = { owner: tokenFor(USERNAMES.owner), other: tokenFor(USERNAMES.other), org: tokenFor(USERNAMES.org) };
  origin = '';
  /** With `loopbackDocs`: slug of a docs site's project → its origin; kept across `reset()`. */
  readonly docsOrigins = new Map<string, string>();
  private readonly docsServers: Server[] = [];
  private services!: Services;
  private latency: number;
  private buildStepMs: number;
  private readonly limiter: SlidingWindowLimiter;
  private readonly server = createSandboxServer(this);
  /** The storage host of uploads, on its own port (another host than the API). */
  private readonly storage = createStorageServer(() => this.db, this.requests);
  storageOrigin = '';

  constructor(private readonly options: SandboxOptions) {
    this.latency = options.latencyMs ?? 0;
    this.buildStepMs = options.buildStepMs ?? 2000;
    this.limiter = new SlidingWindowLimiter(options.requestsPerMinute ?? null, options.rateWindowMs);
  }

  get apiBase(): string {
    return `${this.origin}/api/v3/`;
  }

  get db(): SandboxDb {
    return this.services.db;
  }

  /** Fresh database and build clock; seeded running builds continue after a hold. */
  private seed(): void {
    const db = new SandboxDb(this.options.edition ?? 'community', this.options.redirectTypes, this.options.responseShapes);
    applySeed(db, this.options);
    for (const [slug, origin] of this.docsOrigins) db.docsOrigins.set(slug, origin);
    const builds = new BuildRunner(db, this.buildStepMs);
    for (const project of db.projects.keys()) {
      for (const build of db.builds(project)) {
        if (!isFinal(build)) builds.resume(build, Math.max(this.buildStepMs, SEEDED_BUILD_HOLD_MS));
      }
    }
    this.services = { db, builds, origin: this.origin, storageOrigin: this.storageOrigin, embedDomains: new SlidingWindowLimiter(EMBED_DOMAIN_LIMIT_PER_MINUTE) };
  }

  // ---- SandboxApp ---------------------------------------------------------------------------

  latencyMs(): number {
    return this.latency;
  }

  api(request: Parameters<SandboxApp['api']>[0]) {
    return docsHostResponse(this.db, request.host, request.path, request.ifNoneMatch, request.search, request.authorization)
      ?? handleApiRequest(this.services, this.limiter, request);
  }

  control(method: string, path: string, body: unknown) {
    return handleControl(this, method, path, body);
  }

  isAuthorized(header: string | undefined): boolean {
    const result = authenticate(this.db, header);
    return result.ok && result.user !== null;
  }

  // ---- Sandbox ------------------------------------------------------------------------------

  clearLog(): void {
    this.requests.length = 0;
  }

  addFault(fault: Fault): void {
    this.faults.add(fault);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  setLatency(ms: number): void {
    this.latency = ms;
  }

  setRateLimit(perMinute: number | null): void {
    this.limiter.setLimit(perMinute);
  }

  setBuildStepMs(ms: number): void {
    this.buildStepMs = ms;
    this.services.builds.setStepMs(ms);
  }

  failNextBuild(projectSlug: string, versionSlug: string): void {
    this.services.builds.failNextBuild(projectSlug, versionSlug);
  }

  holdNextBuild(projectSlug: string, versionSlug: string, hold: ConcurrencyHold): void {
    this.services.builds.holdNextBuild(projectSlug, versionSlug, hold);
  }

  reset(): void {
    this.services.builds.stop();
    this.seed();
    this.limiter.clear();
    this.clearLog();
    this.clearFaults();
  }

  /** Listen on 127.0.0.1, then seed (links in the data need the origin). */
  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    await new Promise<void>((resolve, reject) => {
      this.storage.once('error', reject);
      this.storage.listen(0, '127.0.0.1', () => resolve());
    });
    this.storageOrigin = `http://127.0.0.1:${(this.storage.address() as AddressInfo).port}`;
    this.seed();
    if (this.options.loopbackDocs) await this.listenForDocs();
  }

  /** One more 127.0.0.1 port per seeded docs site, served by the same handler (the Host names the site). */
  private async listenForDocs(): Promise<void> {
    const projects = new Set([...this.db.pages.keys()].map((key) => key.slice(0, key.indexOf('/'))));
    const sites = new Set([...projects].flatMap((slug) => {
      const project = this.db.project(slug);
      return project ? [docsHostProject(this.db, project).slug] : [];
    }));
    for (const slug of sites) {
      const server = createSandboxServer(this);
      this.docsServers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      this.docsOrigins.set(slug, origin);
      this.db.docsOrigins.set(slug, origin);
    }
  }

  async close(): Promise<void> {
    this.services.builds.stop();
    await Promise.all([this.server, this.storage, ...this.docsServers].map((server) => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    }));
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = new SandboxInstance(options);
  await sandbox.listen(options.port ?? 0);
  return sandbox;
}
