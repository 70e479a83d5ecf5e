import { type Edition } from './api/client';
import { EDITIONS } from './config';
import { FOLDERS, FOLDER_KINDS } from './tree/folders';
import { type Notification } from './models/notification';
import { isJsonObject } from './util/json';
import { type DocsNode, type NodeOfKind, isDocsNode } from './tree/nodes';

/**
 * What a command accepts, decoded from whatever VS Code hands it: a row's node, a reference from a
 * CodeLens, a notification or another command, nothing from the palette, or anything at all from
 * another extension. `undefined` means "nothing usable", and the command asks (a picker) as it
 * does from the palette. Commands declare one of these where they are registered
 * (vscode/commands/register.ts applies it), so handlers receive typed arguments only.
 */
export type Accepts<T> = (value: unknown) => T | undefined;

/** The type an `Accepts` decodes to. */
export type Accepted<D> = D extends Accepts<infer T> ? T : never;

/** A build named by edition, project and id (notifications, the workspace's log links, tests). */
export interface BuildRef {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly buildId: number;
}

/** A version named by edition, project and slug (the branch row of This Workspace, Build Times). */
export interface VersionRef {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly versionSlug: string;
}

/** A project named by edition and slug (the "This Workspace" rows, its CodeLens and status bar). */
export interface ProjectSlugRef {
  readonly edition: Edition;
  readonly projectSlug: string;
}

/** A project's notice: its row in the tree, or `noticeRef` of its row in "This Workspace". */
export interface NoticeRef {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly notice: Notification;
  /** The project's node id, when the command came from the tree. */
  readonly projectId?: string;
}

/** A workspace folder, by its path on disk ("Create .readthedocs.yaml" from a row of This Workspace). */
export interface FolderRef {
  readonly folderPath: string;
}

/** A project This Workspace binds to a folder (Upload Local Build…, Create Upload Workflow… from its row). */
export interface WorkspaceProjectRef extends FolderRef {
  readonly edition: Edition;
  readonly projectSlug: string;
}

/** What the pull-request commands of a row act on. */
export interface PullRequestRef {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly pullRequest: string;
}

/** A changed page of a pull request: its URL in the preview and in the base version. */
export interface ChangedPageRef {
  readonly filename: string;
  readonly current: string | undefined;
  readonly base: string | undefined;
}

/** A deleted page no redirect catches, in the folder whose redirects file gets its redirect. */
export interface DeletedPageRef {
  readonly folderPath: string;
  readonly filename: string;
}

/** "Import this repository…": the import flow with the repository URL filled in. */
export interface RepositoryPrefill {
  readonly repositoryUrl: string;
}

type FieldTypes = Readonly<Record<string, 'object' | 'string'>>;

/** What every folder's item row carries: its project, and its item in the field its descriptor names. */
const ROW_FIELDS = Object.fromEntries(FOLDER_KINDS.map((folder) => {
  const { kind, field } = FOLDERS[folder].row;
  return [kind, { projectSlug: 'string', projectId: 'string', [field]: 'object' }];
})) as { readonly [K in DocsNode['kind']]?: FieldTypes };

/**
 * What each kind of row carries beyond id, kind and edition, and commands read: a value with the
 * node's kind but not these fields (another extension's object) is not taken for a node.
 */
const NODE_FIELDS: { readonly [K in DocsNode['kind']]?: FieldTypes } = {
  organization: { organization: 'object' },
  project: { project: 'object' },
  superproject: { projectSlug: 'string', projectId: 'string', superprojectSlug: 'string' },
  folder: { folder: 'string', project: 'object' },
  ...ROW_FIELDS,
  loadMore: { cursor: 'object' },
  message: { text: 'string' },
};

function fieldsOf(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return isJsonObject(value) ? value : undefined;
}

function isEdition(value: unknown): value is Edition {
  return (EDITIONS as readonly unknown[]).includes(value);
}

function node(value: unknown): DocsNode | undefined {
  if (!isDocsNode(value) || !isEdition(value.edition)) return undefined;
  const fields = fieldsOf(value) ?? {};
  const required = Object.entries(NODE_FIELDS[value.kind] ?? {});
  return required.every(([name, type]) => typeof fields[name] === type && fields[name] !== null) ? value : undefined;
}

export const accepts = {
  /** Any row of the projects tree. */
  node,
  /** A row of one of these kinds; any other row counts as none. */
  nodeOf: <K extends DocsNode['kind']>(...kinds: readonly K[]): Accepts<NodeOfKind<K>> => (value) => {
    const row = node(value);
    return row && (kinds as readonly string[]).includes(row.kind) ? row as NodeOfKind<K> : undefined;
  },
  edition: (value: unknown): Edition | undefined => (isEdition(value) ? value : undefined),
  buildRef: (value: unknown): BuildRef | undefined => {
    const v = fieldsOf(value);
    return v && isEdition(v.edition) && typeof v.projectSlug === 'string' && typeof v.buildId === 'number'
      ? { edition: v.edition, projectSlug: v.projectSlug, buildId: v.buildId }
      : undefined;
  },
  /** `{ edition, projectSlug }`, or any row below a project (which carries both). */
  projectSlugRef: (value: unknown): ProjectSlugRef | undefined => {
    const v = fieldsOf(value);
    return v && isEdition(v.edition) && typeof v.projectSlug === 'string' ? { edition: v.edition, projectSlug: v.projectSlug } : undefined;
  },
  noticeRef: (value: unknown): NoticeRef | undefined => {
    const v = fieldsOf(value);
    const ref = fieldsOf(v?.noticeRef) ?? v;
    const notice = fieldsOf(ref?.notice);
    return ref && isEdition(ref.edition) && typeof ref.projectSlug === 'string' && typeof notice?.id === 'number'
      ? { edition: ref.edition, projectSlug: ref.projectSlug, notice: notice as unknown as Notification, projectId: typeof ref.projectId === 'string' ? ref.projectId : undefined }
      : undefined;
  },
  folderRef: (value: unknown): FolderRef | undefined => {
    const v = fieldsOf(value);
    return v && typeof v.folderPath === 'string' && v.folderPath !== '' ? { folderPath: v.folderPath } : undefined;
  },
  repository: (value: unknown): RepositoryPrefill | undefined => {
    const v = fieldsOf(value);
    return v && typeof v.repositoryUrl === 'string' ? { repositoryUrl: v.repositoryUrl } : undefined;
  },
  /** `{ edition, projectSlug, folderPath }`: a bound project of This Workspace (its row's `subject`). */
  workspaceProjectRef: (value: unknown): WorkspaceProjectRef | undefined => {
    const v = fieldsOf(fieldsOf(value)?.subject) ?? fieldsOf(value);
    return v && isEdition(v.edition) && typeof v.projectSlug === 'string' && typeof v.folderPath === 'string' && v.folderPath !== ''
      ? { edition: v.edition, projectSlug: v.projectSlug, folderPath: v.folderPath }
      : undefined;
  },
  /** `{ edition, projectSlug, versionSlug }`, or a row whose `subject` is one (the branch row of This Workspace). */
  versionRef: (value: unknown): VersionRef | undefined => {
    const v = fieldsOf(fieldsOf(value)?.subject) ?? fieldsOf(value);
    return v && isEdition(v.edition) && typeof v.projectSlug === 'string' && typeof v.versionSlug === 'string' && v.versionSlug !== ''
      ? { edition: v.edition, projectSlug: v.projectSlug, versionSlug: v.versionSlug }
      : undefined;
  },
  /** `{ edition, projectSlug, pullRequest }`, or a "Pull request #N" row of This Workspace (its `subject`). */
  pullRequestRef: (value: unknown): PullRequestRef | undefined => {
    const v = fieldsOf(fieldsOf(value)?.subject) ?? fieldsOf(value);
    return v && isEdition(v.edition) && typeof v.projectSlug === 'string' && typeof v.pullRequest === 'string' && /^\d+$/.test(v.pullRequest)
      ? { edition: v.edition, projectSlug: v.projectSlug, pullRequest: v.pullRequest }
      : undefined;
  },
  /** `{ url }`, or a row whose `subject` is one (a pull request's preview or changed page). */
  webPage: (value: unknown): { readonly url: string } | undefined => {
    const v = fieldsOf(fieldsOf(value)?.subject) ?? fieldsOf(value);
    const url = typeof v?.url === 'string' ? v.url : typeof v?.current === 'string' ? v.current : undefined;
    return url === undefined ? undefined : { url };
  },
  /** A changed page of a pull request (`{ filename, current?, base? }`), or its row. */
  changedPage: (value: unknown): ChangedPageRef | undefined => {
    const v = fieldsOf(fieldsOf(value)?.subject) ?? fieldsOf(value);
    const optional = (x: unknown) => (typeof x === 'string' ? x : undefined);
    return v && typeof v.filename === 'string' ? { filename: v.filename, current: optional(v.current), base: optional(v.base) } : undefined;
  },
  /** `{ folderPath, filename }`, or a row whose `subject` is one (a deleted page without a redirect). */
  deletedPage: (value: unknown): DeletedPageRef | undefined => {
    const v = fieldsOf(fieldsOf(value)?.subject) ?? fieldsOf(value);
    return v && typeof v.folderPath === 'string' && typeof v.filename === 'string' && v.filename !== '' ? { folderPath: v.folderPath, filename: v.filename } : undefined;
  },
  /** A string (a URL from the hover's link, for example). */
  text: (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined),
  /** The first of these that accepts the value. */
  either: <T extends readonly Accepts<unknown>[]>(...decoders: T): Accepts<Accepted<T[number]>> => (value) => {
    for (const decode of decoders) {
      const decoded = decode(value);
      if (decoded !== undefined) return decoded as Accepted<T[number]>;
    }
    return undefined;
  },
};
