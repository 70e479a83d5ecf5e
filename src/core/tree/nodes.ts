import { type Edition } from '../api/client';
import { type Organization } from '../models/organization';
import { type PageCursor } from '../models/page';
import { isJsonObject } from '../util/json';
import { type Project } from '../models/project';
import { FOLDERS, FOLDER_KINDS, type FolderItem, type FolderKind, type RowDescriptor, type RowField, type RowKind } from './folders';


interface Base {
  /** Stable across refreshes (`community/project:widgets/version:v1.0`), so expansion survives and reveal works. */
  readonly id: string;
  readonly edition: Edition;
  readonly parentId: string | undefined;
}

/** Rows below a project say which project: its slug and its node's id (folders and items hang below it). */
interface InProject {
  readonly projectSlug: string;
  readonly projectId: string;
}

/**
 * Plain data for every row of the tree. Commands receive these as their argument; the adapter
 * maps each to a TreeItem in one function.
 */
export type DocsNode =
  | Base & { readonly kind: 'edition' }
  | Base & { readonly kind: 'organization'; readonly organization: Organization }
  | Base & { readonly kind: 'project'; readonly project: Project }
  /**
   * The parent of a subproject. Built from the project's own `subproject_of` (no request), so only
   * the slug is known until something fetches the parent (`project` stays undefined until then).
   */
  | Base & InProject & { readonly kind: 'superproject'; readonly superprojectSlug: string; readonly project: Project | undefined }
  | Base & { readonly kind: 'folder'; readonly folder: FolderKind; readonly project: Project }
  /** The items of the folders (`version`, `build`, ...), shaped by their descriptors in folders.ts. */
  | FolderRow
  /** The rest of a list whose parent is `parentId`; `remaining` counts what the server has beyond the shown items. */
  | Base & { readonly kind: 'loadMore'; readonly cursor: PageCursor<unknown>; readonly remaining: number }
  | Base & { readonly kind: 'message'; readonly text: string; readonly severity: 'info' | 'error'; readonly retry: boolean };

export type NodeOfKind<K extends DocsNode['kind']> = Extract<DocsNode, { kind: K }>;

/** What every item row below a folder shares. */
export type RowBase = Base & InProject & { readonly parentId: string };

/**
 * The row of one item of folder `K`, as its descriptor shapes it: `{ kind: 'version', version: Version, ... }`
 * (for a union of folders, the union of their rows).
 */
export type RowOf<K extends FolderKind> = K extends FolderKind ? RowBase & { readonly kind: RowKind<K> } & { readonly [F in RowField<K>]: FolderItem<K> } : never;

/** The row of an item of any folder. */
export type FolderRow = RowOf<FolderKind>;

/** The folder whose rows are of a kind. */
const FOLDER_OF_ROW = new Map<string, FolderKind>(FOLDER_KINDS.map((folder) => [FOLDERS[folder].row.kind, folder]));

export function isFolderRow(node: DocsNode): node is FolderRow {
  return FOLDER_OF_ROW.has(node.kind);
}

/** What reads a row through its descriptor: the descriptor and the item come typed together. */
export type RowReader<R> = <K extends FolderKind>(descriptor: RowDescriptor<FolderItem<K>, RowKind<K>, RowField<K>>, item: FolderItem<K>) => R;

/** Hands a row's descriptor and its item (from the field the descriptor names) to `read`. */
export function withRow<R>(row: FolderRow, read: RowReader<R>): R {
  return readRow(FOLDER_OF_ROW.get(row.kind) as FolderKind, row, read);
}

function readRow<K extends FolderKind, R>(folder: K, row: FolderRow, read: RowReader<R>): R {
  const descriptor = FOLDERS[folder].row;
  return read(descriptor, (row as unknown as Record<string, FolderItem<K>>)[descriptor.field]);
}

/** The row of one item of a folder, with the field and id its descriptor names. */
export function rowNode<K extends FolderKind>(folder: K, item: FolderItem<K>, base: Omit<RowBase, 'id'>): RowOf<K> {
  const { kind, field, idWord, key } = FOLDERS[folder].row;
  return { kind, id: nodeIds.child(base.parentId, idWord, key(item)), ...base, [field]: item } as unknown as RowOf<K>;
}

/** Anything a command received is a node when it has the node's shape (a palette call passes nothing). */
export function isDocsNode(value: unknown): value is DocsNode {
  return isJsonObject(value) && typeof value.id === 'string' && typeof value.kind === 'string' && typeof value.edition === 'string';
}

/**
 * The freshest copy of a row: the one the tree holds now for the same id and kind (a build that
 * moved on, a version edited since the view drew it), else the row as given.
 */
export function freshestRow<N extends DocsNode>(tree: { find(id: string): DocsNode | undefined }, row: N): N {
  const held = tree.find(row.id);
  return held?.kind === row.kind ? (held as N) : row;
}

/** The project a row belongs to, as commands need it. */
export interface ProjectRef {
  readonly edition: Edition;
  readonly projectSlug: string;
  /** The project's node id (loaded or not): folders and items hang below it. */
  readonly projectId: string;
  /** When the row carries the project itself (project and folder rows). */
  readonly project: Project | undefined;
}

/** The project of a project row, a folder, or any item below a project; undefined above projects. */
export function projectRefOf(node: DocsNode): ProjectRef | undefined {
  switch (node.kind) {
    case 'project':
      return { edition: node.edition, projectSlug: node.project.slug, projectId: node.id, project: node.project };
    case 'folder':
      return { edition: node.edition, projectSlug: node.project.slug, projectId: nodeIds.projectOfFolder(node), project: node.project };
    default:
      // The superproject row and every folder's item rows.
      return 'projectId' in node ? { edition: node.edition, projectSlug: node.projectSlug, projectId: node.projectId, project: undefined } : undefined;
  }
}

/**
 * Id helpers: the one place that knows the id grammar,
 * `<edition>[/org:<org>]/project:<slug>/<folder>/<kind>:<key>`.
 */
export const nodeIds = {
  edition: (edition: Edition) => edition,
  organization: (edition: Edition, slug: string) => `${edition}/org:${slug}`,
  project: (parentId: string, slug: string) => `${parentId}/project:${slug}`,
  folder: (projectId: string, folder: FolderKind) => `${projectId}/${folder}`,
  /** A folder hangs directly below its project. */
  projectOfFolder: (folder: Pick<Base, 'parentId'> & { readonly kind: 'folder' }): string => folder.parentId ?? '',
  child: (parentId: string, kind: string, key: string | number) => `${parentId}/${kind}:${key}`,
  version: (projectId: string, slug: string) => nodeIds.child(nodeIds.folder(projectId, 'versions'), FOLDERS.versions.row.idWord, slug),
  build: (projectId: string, id: number) => nodeIds.child(nodeIds.folder(projectId, 'builds'), FOLDERS.builds.row.idWord, id),
  /**
   * Where a project's node hangs, whether or not the tree has loaded it: directly under the
   * edition when the tree has it there or no organization is known, else under its organization.
   */
  projectParent: (edition: Edition, slug: string, organization: string | undefined, isLoaded: (id: string) => boolean): string => {
    const editionId = nodeIds.edition(edition);
    if (isLoaded(nodeIds.project(editionId, slug)) || !organization) return editionId;
    return nodeIds.organization(edition, organization);
  },
  /** The id of a project's node (see `projectParent`). */
  projectOf: (edition: Edition, slug: string, organization: string | undefined, isLoaded: (id: string) => boolean): string =>
    nodeIds.project(nodeIds.projectParent(edition, slug, organization, isLoaded), slug),
};
