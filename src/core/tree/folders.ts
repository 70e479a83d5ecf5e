import { l10n } from '../l10n';
import { type Edition, type ReadTheDocsClient } from '../api/client';
import { type CallOptions } from '../api/requests';
import { type Page } from '../models/page';
import { type TreeFilters, buildQuery, isEmptyFilter, versionQuery } from './filters';
import { type DocsNode, nodeIds } from './nodes';

/** What every item row below a folder shares. */
export interface ItemBase {
  readonly edition: Edition;
  /** The folder's id. */
  readonly parentId: string;
  readonly projectSlug: string;
  readonly projectId: string;
}

/**
 * One folder under a project, as one typed descriptor: the loader, the presenter, the URL
 * mapping and the tests all read this table, so a new folder is one entry here (plus its model,
 * endpoint and sandbox route).
 */
export interface FolderDescriptor<T = never> {
  readonly label: string;
  /** A codicon id. */
  readonly icon: string;
  /** The path segment of its list under a project: `/api/v3/projects/<slug>/<segment>/`. */
  readonly segment: string;
  /** The row shown when the list is empty; `filtered` when a filter is on. */
  readonly emptyText: { readonly plain: string; readonly filtered?: string };
  /** The first page of the list (with the folder's filter, when it has one). */
  readonly list: (client: ReadTheDocsClient, projectSlug: string, filters: FolderFilters, call: CallOptions) => Promise<Page<T>>;
  /** One listed item as a row. */
  node(item: T, base: ItemBase): DocsNode;
  /** True when a filter is on for this folder of that project. */
  readonly filtered?: (filters: FolderFilters) => boolean;
}

/** The filters of one project's folders. */
export interface FolderFilters {
  readonly tree: TreeFilters;
  readonly edition: Edition;
  readonly projectSlug: string;
}

function folder<T>(descriptor: FolderDescriptor<T>): FolderDescriptor<T> {
  return descriptor;
}

const versionFilter = (f: FolderFilters) => f.tree.versions(f.edition, f.projectSlug);
const buildFilter = (f: FolderFilters) => f.tree.builds(f.edition, f.projectSlug);

/** The folders under a project, in display order: the union and every list of folders derive from this. */
export const FOLDER_KINDS = ['versions', 'builds', 'subprojects', 'translations', 'redirects', 'environmentVariables'] as const;

export type FolderKind = (typeof FOLDER_KINDS)[number];

/** Each folder's descriptor; `tsc` refuses a kind without one, and a descriptor without a kind. */
export const FOLDERS: { readonly [K in FolderKind]: FolderDescriptor<unknown> } = {
  versions: folder({
    get label() { return l10n.t('Versions'); }, icon: 'versions', segment: 'versions',
    get emptyText() { return { plain: l10n.t('No versions.'), filtered: l10n.t('No versions match the filter.') }; },
    list: (client, slug, filters, call) => client.versions.list(slug, versionQuery(versionFilter(filters)), call),
    node: (version, base) => ({ kind: 'version', id: nodeIds.child(base.parentId, 'version', version.slug), ...base, version }),
    filtered: (filters) => !isEmptyFilter(versionFilter(filters)),
  }),
  builds: folder({
    get label() { return l10n.t('Builds'); }, icon: 'tools', segment: 'builds',
    get emptyText() { return { plain: l10n.t('No builds yet.'), filtered: l10n.t('No builds match the filter.') }; },
    list: (client, slug, filters, call) => client.builds.list(slug, buildQuery(buildFilter(filters)), call),
    node: (build, base) => ({ kind: 'build', id: nodeIds.child(base.parentId, 'build', build.id), ...base, build }),
    filtered: (filters) => !isEmptyFilter(buildFilter(filters)),
  }),
  subprojects: folder({
    get label() { return l10n.t('Subprojects'); }, icon: 'type-hierarchy-sub', segment: 'subprojects',
    get emptyText() { return { plain: l10n.t('No subprojects.') }; },
    list: (client, slug, _filters, call) => client.subprojects.list(slug, call),
    node: (subproject, base) => ({ kind: 'subproject', id: nodeIds.child(base.parentId, 'subproject', subproject.alias), ...base, subproject }),
  }),
  translations: folder({
    get label() { return l10n.t('Translations'); }, icon: 'globe', segment: 'translations',
    get emptyText() { return { plain: l10n.t('No translations.') }; },
    list: (client, slug, _filters, call) => client.projects.translations(slug, call),
    node: (project, base) => ({ kind: 'translation', id: nodeIds.child(base.parentId, 'translation', project.slug), ...base, project }),
  }),
  redirects: folder({
    get label() { return l10n.t('Redirects'); }, icon: 'arrow-swap', segment: 'redirects',
    get emptyText() { return { plain: l10n.t('No redirects.') }; },
    list: (client, slug, _filters, call) => client.redirects.list(slug, call),
    node: (redirect, base) => ({ kind: 'redirect', id: nodeIds.child(base.parentId, 'redirect', redirect.pk), ...base, redirect }),
  }),
  environmentVariables: folder({
    get label() { return l10n.t('Environment Variables'); }, icon: 'symbol-variable', segment: 'environmentvariables',
    get emptyText() { return { plain: l10n.t('No environment variables.') }; },
    list: (client, slug, _filters, call) => client.environmentVariables.list(slug, call),
    node: (variable, base) => ({ kind: 'environmentVariable', id: nodeIds.child(base.parentId, 'env', variable.pk), ...base, variable }),
  }),
};
