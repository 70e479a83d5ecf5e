import { type Edition } from '../api/client';
import { type Build } from '../models/build';
import { type EnvironmentVariable } from '../models/environmentVariable';
import { type Organization } from '../models/organization';
import { type PageCursor } from '../models/page';
import { type Project, type Subproject } from '../models/project';
import { type Redirect } from '../models/redirect';
import { type Version } from '../models/version';

/** The folders under a project, in display order. */
export type FolderKind = 'versions' | 'builds' | 'subprojects' | 'translations' | 'redirects' | 'environmentVariables';

export const FOLDER_KINDS: readonly FolderKind[] = ['versions', 'builds', 'subprojects', 'translations', 'redirects', 'environmentVariables'];

interface Base {
  /** Stable across refreshes (`community/project:widgets/version:v1.0`), so expansion survives and reveal works. */
  readonly id: string;
  readonly edition: Edition;
  readonly parentId: string | undefined;
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
  | Base & { readonly kind: 'superproject'; readonly projectSlug: string; readonly superprojectSlug: string; readonly project: Project | undefined }
  | Base & { readonly kind: 'folder'; readonly folder: FolderKind; readonly project: Project }
  | Base & { readonly kind: 'version'; readonly projectSlug: string; readonly version: Version }
  | Base & { readonly kind: 'build'; readonly projectSlug: string; readonly build: Build }
  | Base & { readonly kind: 'subproject'; readonly projectSlug: string; readonly subproject: Subproject }
  | Base & { readonly kind: 'translation'; readonly projectSlug: string; readonly project: Project }
  | Base & { readonly kind: 'redirect'; readonly projectSlug: string; readonly redirect: Redirect }
  | Base & { readonly kind: 'environmentVariable'; readonly projectSlug: string; readonly variable: EnvironmentVariable }
  /** The rest of a list whose parent is `parentId`; `remaining` counts what the server has beyond the shown items. */
  | Base & { readonly kind: 'loadMore'; readonly cursor: PageCursor<unknown>; readonly remaining: number }
  | Base & { readonly kind: 'message'; readonly text: string; readonly severity: 'info' | 'error'; readonly retry: boolean };

export type NodeOfKind<K extends DocsNode['kind']> = Extract<DocsNode, { kind: K }>;

export function isNodeOfKind<K extends DocsNode['kind']>(value: unknown, kind: K): value is NodeOfKind<K> {
  return typeof value === 'object' && value !== null && (value as DocsNode).kind === kind && typeof (value as DocsNode).id === 'string';
}

/** Id helpers: one place that knows the id grammar. */
export const nodeIds = {
  edition: (edition: Edition) => edition,
  organization: (edition: Edition, slug: string) => `${edition}/org:${slug}`,
  project: (parentId: string, slug: string) => `${parentId}/project:${slug}`,
  folder: (projectId: string, folder: FolderKind) => `${projectId}/${folder}`,
  child: (parentId: string, kind: string, key: string | number) => `${parentId}/${kind}:${key}`,
};
