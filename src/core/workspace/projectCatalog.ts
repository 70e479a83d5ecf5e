import { type Edition, type ReadTheDocsClient } from '../api/client';
import { type CallOptions } from '../api/requests';
import { type Project } from '../models/project';
import { Disposables } from '../util/disposables';
import { type Event } from '../util/events';

/** The part of `Editions` the catalog needs. */
export interface CatalogEditions {
  readonly signedIn: readonly Edition[];
  /** Reads the tokens the first time (the binding needs them); later calls cost nothing. */
  ensureTokens(): Promise<void>;
  client(edition: Edition): ReadTheDocsClient | undefined;
  readonly onDidChange: Event<void>;
}

/**
 * Every project of each signed-in edition, loaded once (one list request with the page size as
 * `limit`, more only for very long lists) and shared by whoever needs the whole list. Concurrent
 * callers share the request; a sign-in, sign-out or server change forgets the edition's list.
 */
export class ProjectCatalog {
  private readonly lists = new Map<Edition, { client: ReadTheDocsClient; projects: Promise<readonly Project[]> }>();
  private readonly owned = new Disposables();

  constructor(private readonly editions: CatalogEditions) {
    this.owned.add(editions.onDidChange(() => this.dropStale()));
  }

  /** The edition's projects, loading them when no list is held. */
  projects(edition: Edition, call: CallOptions = {}): Promise<readonly Project[]> {
    const client = this.editions.client(edition);
    if (!client || !this.editions.signedIn.includes(edition)) return Promise.resolve([]);
    const held = this.lists.get(edition);
    if (held && held.client === client) return held.projects;
    const projects = this.load(client, call);
    const entry = { client, projects };
    this.lists.set(edition, entry);
    // A failed load is not kept: the next caller tries again.
    projects.catch(() => { if (this.lists.get(edition) === entry) this.lists.delete(edition); });
    return projects;
  }

  /** True when the edition's list is held (asking for it costs no request). */
  isLoaded(edition: Edition): boolean {
    return this.lists.get(edition)?.client === this.editions.client(edition);
  }

  /** Forgets the lists (after an import, or a Refresh). */
  invalidate(edition?: Edition): void {
    if (edition) this.lists.delete(edition);
    else this.lists.clear();
  }

  dispose(): void {
    this.owned.dispose();
    this.lists.clear();
  }

  private async load(client: ReadTheDocsClient, call: CallOptions): Promise<readonly Project[]> {
    const projects: Project[] = [];
    for await (const project of client.all(client.projects.list({}, {}, call), call)) projects.push(project);
    return projects;
  }

  private dropStale(): void {
    for (const [edition, entry] of this.lists) {
      if (!this.editions.signedIn.includes(edition) || this.editions.client(edition) !== entry.client) this.lists.delete(edition);
    }
  }
}
