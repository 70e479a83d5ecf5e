import { type Edition } from '../api/client';
import { type Build } from '../models/build';
import { type EnvironmentVariable } from '../models/environmentVariable';
import { type Organization } from '../models/organization';
import { type PageCursor } from '../models/page';
import { type Project, type Subproject } from '../models/project';
import { type Redirect } from '../models/redirect';
import { type Version } from '../models/version';
import { type FolderKind } from './folders';


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
  | Base & InProject & { readonly kind: 'version'; readonly version: Version }
  | Base & InProject & { readonly kind: 'build'; readonly build: Build }
  | Base & InProject & { readonly kind: 'subproject'; readonly subproject: Subproject }
  | Base & InProject & { readonly kind: 'translation'; readonly project: Project }
  | Base & InProject & { readonly kind: 'redirect'; readonly redirect: Redirect }
  | Base & InProject & { readonly kind: 'environmentVariable'; readonly variable: EnvironmentVariable }
  /** The rest of a list whose parent is `parentId`; `remaining` counts what the server has beyond the shown items. */
  | Base & { readonly kind: 'loadMore'; readonly cursor: PageCursor<unknown>; readonly remaining: number }
  | Base & { readonly kind: 'message'; readonly text: string; readonly severity: 'info' | 'error'; readonly retry: boolean };

export type NodeOfKind<K extends DocsNode['kind']> = Extract<DocsNode, { kind: K }>;

/** Anything a command received is a node when it has the node's shape (a palette call passes nothing). */
export function isDocsNode(value: unknown): value is DocsNode {
  return typeof value === 'object' && value !== null && typeof (value as DocsNode).id === 'string'
    && typeof (value as DocsNode).kind === 'string' && typeof (value as DocsNode).edition === 'string';
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
    case 'superproject':
    case 'version':
    case 'build':
    case 'subproject':
    case 'translation':
    case 'redirect':
    case 'environmentVariable':
      return { edition: node.edition, projectSlug: node.projectSlug, projectId: node.projectId, project: undefined };
    default:
      return undefined;
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
  version: (projectId: string, slug: string) => nodeIds.child(nodeIds.folder(projectId, 'versions'), 'version', slug),
  build: (projectId: string, id: number) => nodeIds.child(nodeIds.folder(projectId, 'builds'), 'build', id),
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
