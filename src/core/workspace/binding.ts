import { type Priority } from '../api/budget';
import { type Edition } from '../api/client';
import { errorDetail } from '../api/describeError';
import { type Logger } from '../log';
import { type Project } from '../models/project';
import { Disposables } from '../util/disposables';
import { Emitter, type Event } from '../util/events';
import { type BranchVersion, resolveBranchVersion } from './branchVersion';
import { type BoundProject, type BoundProjects } from './boundProject';
import { type FolderRepository, type ProjectMatch, entryKey, matchProjects, parseProjectEntries } from './match';
import { type CatalogEditions, type ProjectCatalog } from './projectCatalog';

/** The workspace's folders and their repositories (VS Code's git extension, or `.git` read directly). */
export interface FolderSource {
  folders(): Promise<readonly FolderRepository[]>;
  /** Folders, remotes or the checked-out branch changed. */
  readonly onDidChange: Event<void>;
}

/** A bound project with what the workspace views show about it. */
export interface WorkspaceProject extends BoundProject {
  readonly by: ProjectMatch['by'];
  /** Undefined when the versions could not be read (`versionError` says why). */
  readonly branchVersion: BranchVersion | undefined;
  readonly versionError?: unknown;
}

export interface WorkspaceState {
  readonly projects: readonly WorkspaceProject[];
  /** Folders in a repository that no project is built from (candidates for "Import this repository…"). */
  readonly unmatched: readonly FolderRepository[];
  /** Editions whose project list could not be read. */
  readonly problems: readonly { readonly edition: Edition; readonly error: unknown }[];
  /** `readthedocs.projects` entries that are not `edition/slug`. */
  readonly invalidEntries: readonly string[];
}

export interface WorkspaceBindingOptions {
  readonly editions: CatalogEditions;
  readonly catalog: ProjectCatalog;
  readonly folders: FolderSource;
  /** The `readthedocs.projects` setting. */
  readonly entries: () => readonly string[];
  readonly logger: Logger;
}

const EMPTY: WorkspaceState = { projects: [], unmatched: [], problems: [], invalidEntries: [] };

/**
 * The projects built from the open workspace. Nothing happens until `start()` or `current()`
 * (never during activation); from then on it follows folder, remote, branch, sign-in and
 * setting changes. The match costs no request when the editions' project lists are held by the
 * catalog, else one list request per signed-in edition; a folder without remotes costs none.
 * Each bound project costs one versions request per branch (kept until `forgetVersions`).
 */
export class WorkspaceBinding implements BoundProjects {
  private readonly owned = new Disposables();
  private readonly changed = this.owned.add(new Emitter<readonly WorkspaceProject[]>());
  readonly onDidChange = this.changed.event;
  private readonly stateChanged = this.owned.add(new Emitter<WorkspaceState>());
  /** Fired with every new state (projects, problems, unmatched folders). */
  readonly onDidChangeState = this.stateChanged.event;
  private readonly versions = new Map<string, Promise<BranchVersion>>();
  private state: WorkspaceState = EMPTY;
  private latest: Promise<WorkspaceState> | undefined;
  private generation = 0;

  constructor(private readonly options: WorkspaceBindingOptions) {}

  private following = false;

  get started(): boolean {
    return this.following;
  }

  /** The last state computed (no request). */
  get snapshot(): WorkspaceState {
    return this.state;
  }

  /** Starts following the workspace (idempotent). */
  start(): void {
    if (this.following) return;
    this.following = true;
    const again = () => { void this.recompute(); };
    this.owned.add(this.options.folders.onDidChange(again));
    this.owned.add(this.options.editions.onDidChange(again));
    void this.recompute();
  }

  async current(): Promise<readonly WorkspaceProject[]> {
    return (await this.currentState()).projects;
  }

  /** The state, computing it first when nothing is computed yet; waits for a recomputation under way. */
  async currentState(): Promise<WorkspaceState> {
    this.start();
    let seen: Promise<WorkspaceState> | undefined;
    while (seen !== this.latest) {
      seen = this.latest;
      await seen;
    }
    return this.state;
  }

  /**
   * Computes again (the setting changed, a project was imported). Resolves with the new state. Its
   * requests are background work unless a person asked for it (`'user'`: Refresh).
   */
  recompute(priority: Priority = 'background'): Promise<WorkspaceState> {
    if (!this.following) {
      this.start(); // which computes
      return this.latest!;
    }
    const generation = ++this.generation;
    const next = this.compute(priority).then((state) => {
      if (generation === this.generation) this.publish(state);
      return state;
    }, (error: unknown) => {
      this.options.logger.warn(`workspace: binding failed: ${errorDetail(error)}`);
      return this.state;
    });
    this.latest = next;
    return next;
  }

  /** Forgets what is known about a project's versions (after Sync Versions, an activation, a 404), and recomputes. */
  forgetVersions(edition: Edition, projectSlug: string): Promise<WorkspaceState> {
    const prefix = `${entryKey(edition, projectSlug)}@`;
    for (const key of [...this.versions.keys()]) if (key.startsWith(prefix)) this.versions.delete(key);
    return this.recompute();
  }

  /**
   * Forgets the project lists' and every version lookup, and binds again (Refresh): a person's
   * click by default, so it goes ahead of the polling that may fill the background share of the budget.
   */
  refresh(priority: Priority = 'user'): Promise<WorkspaceState> {
    this.options.catalog.invalidate();
    this.versions.clear();
    return this.recompute(priority);
  }

  dispose(): void {
    this.owned.dispose();
  }

  private async compute(priority: Priority): Promise<WorkspaceState> {
    const { editions, catalog, logger } = this.options;
    // The binding is what needs the tokens here: the first computation reads them (once).
    await editions.ensureTokens().catch((error: unknown) => logger.warn(`could not read the tokens: ${errorDetail(error)}`));
    const folders = await this.options.folders.folders();
    const { entries, invalid } = parseProjectEntries(this.options.entries());
    const signedIn = editions.signedIn;
    // A project named in the setting needs no sign-in when it is public (one detail request).
    const additions = entries.filter((e) => !e.exclude && editions.client(e.edition) !== undefined);
    const hasRemotes = signedIn.length > 0 && folders.some((f) => f.remoteUrls.length > 0);
    if (signedIn.length === 0 && additions.length === 0) return { ...EMPTY, invalidEntries: invalid };
    if (folders.length === 0 || (!hasRemotes && additions.length === 0)) {
      return { ...EMPTY, unmatched: folders.filter((f) => f.remoteUrls.length > 0), invalidEntries: invalid };
    }
    const projectsOf = new Map<Edition, readonly Project[]>();
    const problems: { edition: Edition; error: unknown }[] = [];
    const wanted = hasRemotes ? signedIn : [...new Set(additions.map((e) => e.edition))].filter((edition) => signedIn.includes(edition));
    await Promise.all(wanted.map(async (edition) => {
      try {
        projectsOf.set(edition, await catalog.projects(edition, { priority }));
      } catch (error) {
        logger.warn(`workspace: the projects of ${edition} could not be listed: ${errorDetail(error)}`);
        problems.push({ edition, error });
      }
    }));
    const extra = await this.readListed(additions.filter((e) => !projectsOf.get(e.edition)?.some((p) => p.slug === e.slug)), problems, priority);
    const matches = matchProjects(folders, projectsOf, entries, extra);
    const projects = await Promise.all(matches.map((match) => this.describe(match, priority)));
    const bound = new Set(matches.filter((m) => m.by === 'remote').map((m) => m.folder.folderPath));
    return {
      projects,
      unmatched: folders.filter((f) => f.remoteUrls.length > 0 && !bound.has(f.folderPath)),
      problems,
      invalidEntries: invalid,
    };
  }

  /** Projects named in the setting that the (maybe failed) lists do not hold: one detail request each. */
  private async readListed(entries: readonly { edition: Edition; slug: string }[], problems: { edition: Edition; error: unknown }[], priority: Priority): Promise<Map<string, Project>> {
    const found = new Map<string, Project>();
    await Promise.all(entries.map(async ({ edition, slug }) => {
      const client = this.options.editions.client(edition);
      if (!client) return;
      try {
        found.set(entryKey(edition, slug), await client.projects.get(slug, {}, { priority }));
      } catch (error) {
        problems.push({ edition, error });
      }
    }));
    return found;
  }

  private async describe(match: ProjectMatch, priority: Priority): Promise<WorkspaceProject> {
    const { edition, project, folder, by } = match;
    const base = { edition, project, folderPath: folder.folderPath, branch: folder.branch, by };
    try {
      const branchVersion = await this.branchVersion(edition, project, folder.branch, priority);
      const version = branchVersion.kind === 'active' ? branchVersion.version : undefined;
      return { ...base, branchVersion, versionSlug: version?.slug, version };
    } catch (error) {
      return { ...base, branchVersion: undefined, versionSlug: undefined, versionError: error };
    }
  }

  private branchVersion(edition: Edition, project: Project, branch: string | undefined, priority: Priority): Promise<BranchVersion> {
    const key = `${entryKey(edition, project.slug)}@${branch ?? ''}`;
    const held = this.versions.get(key);
    if (held) return held;
    const client = this.options.editions.client(edition);
    if (!client) return Promise.resolve({ kind: 'detached' });
    const pending = resolveBranchVersion(client.versions, project, branch, { priority });
    this.versions.set(key, pending);
    pending.catch(() => { if (this.versions.get(key) === pending) this.versions.delete(key); });
    return pending;
  }

  private publish(state: WorkspaceState): void {
    const before = fingerprint(this.state);
    this.state = state;
    if (fingerprint(state) === before) return;
    this.stateChanged.fire(state);
    this.changed.fire(state.projects);
  }
}

function fingerprint(state: WorkspaceState): string {
  return JSON.stringify({
    projects: state.projects.map((p) => [
      p.edition, p.project.slug, p.project.modified, p.folderPath, p.branch, p.by, p.versionSlug,
      p.branchVersion?.kind, p.branchVersion && 'version' in p.branchVersion ? p.branchVersion.version.slug : undefined, p.versionError ? String(p.versionError) : undefined,
    ]),
    unmatched: state.unmatched.map((f) => f.folderPath),
    problems: state.problems.map((p) => [p.edition, String(p.error)]),
    invalid: state.invalidEntries,
  });
}
