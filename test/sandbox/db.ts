// The sandbox's in-memory database: plain records plus small helpers to find and add them.
// Tests reach it through `sandbox.db` to arrange data; handlers and serializers read it.

import type { BuildState, Edition, PrivacyLevel, RedirectType, RedirectTypeSet, ResponseShapes, VersioningScheme } from './constants';
import type { LogScenario } from './logs/scenarios';
import type { FileTreeDiffRecord } from './docs/addons';
import { UploadStore } from './upload/store';

export interface UserRecord { id: number; username: string; token: string }

export interface ProjectRecord {
  id: number;
  slug: string;
  name: string;
  created: number;
  modified: number;
  language: string;
  programmingLanguage: string;
  /** '' when unset (serialised as null). */
  homepage: string;
  repository: { url: string; type: string };
  defaultVersion: string;
  /** null: falls back to the linked remote repository's default branch, else `master`. */
  defaultBranch: string | null;
  tags: string[];
  privacyLevel: PrivacyLevel;
  externalBuildsPrivacyLevel: PrivacyLevel;
  versioningScheme: VersioningScheme;
  readthedocsYamlPath: string | null;
  analyticsCode: string;
  analyticsDisabled: boolean;
  showVersionWarning: boolean;
  externalBuildsEnabled: boolean;
  /** Usernames of the maintainers (community admins). */
  maintainers: string[];
  /** Business: organization slug and team slugs. */
  organization: string | null;
  teams: string[];
  /** Slug of the main project when this project is a translation. */
  translationOf: string | null;
  /** Canonical custom domain (e.g. `docs.example-gadgets.org`), else the public docs domain is used. */
  customDomain: string | null;
  remoteRepository: number | null;
  /** false = disabled/spam project: build triggers and syncs are refused. */
  active: boolean;
}

export type VersionType = 'branch' | 'tag' | 'external' | 'unknown';
export type DownloadFormat = 'pdf' | 'htmlzip' | 'epub';

export interface VersionRecord {
  id: number;
  project: string;
  slug: string;
  verboseName: string;
  /** Branch name or commit SHA. */
  identifier: string;
  type: VersionType;
  active: boolean;
  hidden: boolean;
  built: boolean;
  privacyLevel: PrivacyLevel;
  /** Machine-created `latest` / `stable`. */
  machine: boolean;
  /** For machine `stable`: slug of the version it tracks. */
  ref: string | null;
  downloads: DownloadFormat[];
}

export interface BuildRecord {
  id: number;
  project: string;
  version: string | null;
  created: number;
  state: BuildState;
  /** Meaningful once the state is final (the API shows null before). */
  success: boolean;
  commit: string | null;
  /** Seconds; null while running. */
  duration: number | null;
  config: Record<string, unknown>;
}

/**
 * When a build's task started and how fast its commands ran (API v2's `task_executed_at` and command
 * times). Builds without a record started a second after they were created, at normal speed.
 */
export interface BuildTimingRecord {
  /** `task_executed_at` (ms); null: before the server recorded it, or not started yet. */
  executedAt: number | null;
  /** Every command's run time × this. */
  scale: number;
  /** …and × this for the commands of one phase. */
  phaseScale: Partial<Record<'cloning' | 'installing' | 'building', number>>;
  /** The exit code of its last command when it ended (a killed container: 42 out of time, 137 out of memory). */
  lastExitCode?: number;
}

export type NotificationType = 'error' | 'warning' | 'info' | 'note' | 'tip';
export interface NotificationRecord {
  id: number;
  build: number;
  messageId: string;
  header: string;
  body: string;
  type: NotificationType;
  state: 'unread' | 'read' | 'dismissed' | 'cancelled';
}

/** A notification attached to a project (`/projects/<slug>/notifications/`, admins only). */
export interface ProjectNotificationRecord extends Omit<NotificationRecord, 'build'> {
  project: string;
  dismissable: boolean;
}

export interface RedirectRecord {
  pk: number;
  project: string;
  type: RedirectType;
  fromUrl: string;
  toUrl: string;
  httpStatus: 301 | 302;
  force: boolean;
  enabled: boolean;
  description: string;
  position: number;
  created: number;
  modified: number;
}

export interface EnvVarRecord {
  pk: number;
  project: string;
  name: string;
  /** Stored shell-quoted, like upstream; never returned by the API. */
  value: string;
  public: boolean;
  created: number;
  modified: number;
}

/** A Business sharing method (FACTS.md §25): a secret link, a password, or a header token for programs. */
export interface SharingMethodRecord {
  id: number;
  project: string;
  accessType: 'token' | 'password' | 'http_header_token';
  allowAll: boolean;
  versions: string[];
  /** `YYYY-MM-DD`: the method stops working at the start of that day (UTC). */
  expires: string;
  /** ms, or null until first used. */
  lastUsedAt: number | null;
  description: string;
  token: string;
  /** Only for `password` methods; never returned. */
  password: string | null;
  created: number;
}

export interface RelationshipRecord { id: number; parent: string; child: string; alias: string }

export interface OrganizationRecord {
  slug: string;
  name: string;
  description: string;
  url: string;
  email: string;
  owners: string[];
  created: number;
  modified: number;
  disabled: boolean;
}

export interface TeamRecord {
  organization: string;
  slug: string;
  name: string;
  access: 'admin' | 'readonly';
  members: string[];
  created: number;
  modified: number;
}

export type VcsProvider = 'github' | 'githubapp' | 'gitlab' | 'bitbucket';

export interface RemoteOrganizationRecord {
  pk: number;
  slug: string;
  name: string;
  avatarUrl: string;
  url: string;
  vcsProvider: VcsProvider;
  created: number;
  modified: number;
  /** Users whose connected account sees this organization. */
  users: string[];
}

export interface RemoteRepositoryRecord {
  pk: number;
  name: string;
  fullName: string;
  description: string;
  avatarUrl: string;
  sshUrl: string;
  cloneUrl: string;
  htmlUrl: string;
  vcs: 'git' | '';
  vcsProvider: VcsProvider;
  private: boolean;
  defaultBranch: string;
  created: number;
  modified: number;
  /** Remote organization pk, or null for a personal repository. */
  organization: number | null;
  /** Users who see the repository, with their admin flag on the VCS. */
  users: Record<string, { admin: boolean }>;
}

type Defaults<T, Required extends keyof T> = Pick<T, Required> & Partial<Omit<T, Required>>;

export class SandboxDb {
  readonly users: UserRecord[] = [];
  readonly projects = new Map<string, ProjectRecord>();
  readonly relationships: RelationshipRecord[] = [];
  readonly notifications: NotificationRecord[] = [];
  readonly projectNotifications: ProjectNotificationRecord[] = [];
  readonly redirects: RedirectRecord[] = [];
  readonly envVars: EnvVarRecord[] = [];
  readonly sharingMethods: SharingMethodRecord[] = [];
  readonly organizations: OrganizationRecord[] = [];
  readonly teams: TeamRecord[] = [];
  readonly remoteOrganizations: RemoteOrganizationRecord[] = [];
  readonly remoteRepositories: RemoteRepositoryRecord[] = [];
  /** A project's own objects.inv (a real MkDocs build's), served instead of one derived from Sphinx pages. */
  readonly inventories = new Map<string, Buffer>();
  /** Hosted HTML pages: `<project>/<path inside a version>` → HTML (same content for every built version). */
  readonly pages = new Map<string, string>();
  /** Project slug → `http://127.0.0.1:PORT`: the loopback origin serving that project's docs instead of its docs domain (`loopbackDocs`). */
  readonly docsOrigins = new Map<string, string>();
  /** Pages of the allowed external embed domains, by URL without query or fragment. */
  readonly externalPages = new Map<string, string>();
  /** Build id → its timing (`BuildTimingRecord`); builds without one start a second after creation. */
  readonly buildTimings = new Map<number, BuildTimingRecord>();
  /** Build id → what its log shows (`logs/scenarios.ts`); builds without an entry get one by tool and outcome. */
  readonly buildLogs = new Map<number, LogScenario>();
  /** `<project>/<pull request>` → the pages it adds, changes and deletes against `latest` (the addons API's file tree diff). */
  readonly fileTreeDiffs = new Map<string, FileTreeDiffRecord>();
  /** Branches of each project's repository as the service would see them: sync-versions adds a version for each one without. */
  readonly repositoryBranches = new Map<string, string[]>();
  /**
   * Branches whose checkout has no configuration file where the project reads it, by repository
   * URL: their builds fail with `config:path:default-not-found` (or `config:path:not-found` for a
   * project with its own `readthedocs_yaml_path`). Every other branch has one.
   */
  readonly branchesWithoutConfig = new Map<string, Set<string>>();

  /** Direct artifacts upload: the beta flag per project, pending uploads, the bucket, uploaded versions and their files. */
  readonly uploads = new UploadStore();

  private readonly versionsByProject = new Map<string, VersionRecord[]>();
  private readonly buildsByProject = new Map<string, BuildRecord[]>();
  private readonly buildsById = new Map<number, BuildRecord>();
  private readonly counters = new Map<string, number>();

  constructor(readonly edition: Edition, readonly redirectTypes: RedirectTypeSet = 'current', readonly responseShapes: ResponseShapes = 'current') {}

  nextId(kind: string): number {
    const id = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, id);
    return id;
  }

  // ---- lookups -------------------------------------------------------------------------------

  userByName(username: string): UserRecord | undefined {
    return this.users.find((u) => u.username === username);
  }

  userByToken(token: string): UserRecord | undefined {
    return this.users.find((u) => u.token === token);
  }

  project(slug: string): ProjectRecord | undefined {
    return this.projects.get(slug);
  }

  versions(project: string): VersionRecord[] {
    return this.versionsByProject.get(project) ?? [];
  }

  version(project: string, slug: string): VersionRecord | undefined {
    return this.versions(project).find((v) => v.slug === slug);
  }

  builds(project: string): BuildRecord[] {
    return this.buildsByProject.get(project) ?? [];
  }

  build(id: number): BuildRecord | undefined {
    return this.buildsById.get(id);
  }

  organization(slug: string): OrganizationRecord | undefined {
    return this.organizations.find((o) => o.slug === slug);
  }

  /** The relationship that makes `child` a subproject, if any. */
  superprojectOf(child: string): RelationshipRecord | undefined {
    return this.relationships.find((r) => r.child === child);
  }

  translationsOf(slug: string): ProjectRecord[] {
    return [...this.projects.values()].filter((p) => p.translationOf === slug);
  }

  page(project: string, path: string): string | undefined {
    return this.pages.get(`${project}/${path}`);
  }

  // ---- adders (with realistic defaults) -----------------------------------------------------------

  addUser(username: string, token: string): UserRecord {
    const user = { id: this.nextId('user'), username, token };
    this.users.push(user);
    return user;
  }

  addProject(fields: Defaults<ProjectRecord, 'slug' | 'name'>): ProjectRecord {
    const now = Date.now();
    const project: ProjectRecord = {
      id: this.nextId('project'),
      created: now,
      modified: now,
      language: 'en',
      programmingLanguage: 'words',
      homepage: '',
      repository: { url: `https://github.com/example/${fields.slug}`, type: 'git' },
      defaultVersion: 'latest',
      defaultBranch: null,
      tags: [],
      privacyLevel: 'public',
      externalBuildsPrivacyLevel: 'public',
      versioningScheme: 'multiple_versions_with_translations',
      readthedocsYamlPath: null,
      analyticsCode: '',
      analyticsDisabled: false,
      showVersionWarning: false,
      externalBuildsEnabled: false,
      maintainers: [],
      organization: null,
      teams: [],
      translationOf: null,
      customDomain: null,
      remoteRepository: null,
      active: true,
      ...fields,
    };
    this.projects.set(project.slug, project);
    return project;
  }

  addVersion(project: string, fields: Defaults<VersionRecord, 'slug'>): VersionRecord {
    const version: VersionRecord = {
      id: this.nextId('version'),
      project,
      verboseName: fields.slug,
      identifier: fields.slug,
      type: 'branch',
      active: true,
      hidden: false,
      built: true,
      privacyLevel: 'public',
      machine: false,
      ref: null,
      downloads: [],
      ...fields,
    };
    const list = this.versionsByProject.get(project) ?? [];
    list.push(version);
    this.versionsByProject.set(project, list);
    return version;
  }

  addBuild(fields: Defaults<BuildRecord, 'project' | 'version'>): BuildRecord {
    const build: BuildRecord = {
      id: this.nextId('build'),
      created: Date.now(),
      state: 'finished',
      success: true,
      commit: null,
      duration: null,
      config: {},
      ...fields,
    };
    const list = this.buildsByProject.get(build.project) ?? [];
    list.push(build);
    this.buildsByProject.set(build.project, list);
    this.buildsById.set(build.id, build);
    return build;
  }

  addNotification(fields: Omit<NotificationRecord, 'id' | 'state'>): NotificationRecord {
    const notification: NotificationRecord = { id: this.nextId('notification'), state: 'unread', ...fields };
    this.notifications.push(notification);
    return notification;
  }

  addProjectNotification(fields: Omit<ProjectNotificationRecord, 'id' | 'state'>): ProjectNotificationRecord {
    const notification: ProjectNotificationRecord = { id: this.nextId('notification'), state: 'unread', ...fields };
    this.projectNotifications.push(notification);
    return notification;
  }

  addSubproject(parent: string, child: string, alias = child): RelationshipRecord {
    const relationship = { id: this.nextId('relationship'), parent, child, alias };
    this.relationships.push(relationship);
    return relationship;
  }

  addPage(project: string, path: string, html: string): void {
    this.pages.set(`${project}/${path}`, html);
  }
}
