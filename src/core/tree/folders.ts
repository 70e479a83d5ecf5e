import { l10n } from '../l10n';
import { type Edition, type ReadTheDocsClient } from '../api/client';
import { type CallOptions } from '../api/requests';
import { isFinal } from '../builds/facts';
import { DOWNLOAD_FORMATS, versionDownloads } from '../downloads';
import { type Page } from '../models/page';
import { type TreeFilters, buildQuery, isEmptyFilter, versionQuery } from './filters';
import {
  presentBuild, presentEnvironmentVariable, presentRedirect, presentSubproject, presentTranslation, presentVersion, presentNotice,
} from './itemPresenters';
import { unreadProjectNotices } from '../api/endpoints/notifications';
import { listSharingMethods } from '../api/endpoints/sharing';
import { presentSharingMethod } from './sharingWords';
import { noticeFlags } from '../models/notification';
import { type NodePresentation, type TimeContext } from './presentation';

/**
 * One folder under a project, as one typed descriptor: the loader, the presenter, the context
 * values, the node union (`NodeOfKind<'version'>`) and the tests all read this table, so a new
 * folder is one entry here plus its model, endpoint and sandbox route.
 */
export interface FolderDescriptor<T, Kind extends string, Field extends string> {
  readonly label: string;
  /** A codicon id. */
  readonly icon: string;
  /** The editions whose projects have the folder (`['business']` for a Business-only one); every edition when absent. */
  readonly editions?: readonly Edition[];
  /** The path segment of its list under a project: `/api/v3/projects/<slug>/<segment>/`. */
  readonly segment: string;
  /** The row shown when the list is empty; `filtered` when a filter is on. */
  readonly emptyText: { readonly plain: string; readonly filtered?: string };
  /** The first page of the list (with the folder's filter, when it has one). */
  readonly list: (client: ReadTheDocsClient, projectSlug: string, filters: FolderFilters, call: CallOptions) => Promise<Page<T>>;
  /** True when a filter is on for this folder of that project. */
  readonly filtered?: (filters: FolderFilters) => boolean;
  readonly row: RowDescriptor<T, Kind, Field>;
}

/** The row of one listed item: its node's shape (`{ kind, [field]: item }`), its id, its look. */
export interface RowDescriptor<T, Kind extends string, Field extends string> {
  /** The node kind of the rows, as commands name it (`NodeOfKind<'version'>`). */
  readonly kind: Kind;
  /** The node's field that holds the item (`node.version`). */
  readonly field: Field;
  /** The row's id is `<folder id>/<idWord>:<key>`. */
  readonly idWord: string;
  readonly key: (item: T) => string | number;
  /** How the row looks; short presenters sit here, longer ones in itemPresenters.ts. */
  readonly present: (item: T, time: TimeContext | undefined) => NodePresentation;
  /**
   * The `+flag` words of its context value: groups of words (`''` = no flag), and the one word of
   * each group an item picks. The manifest test matches every menu against all the combinations.
   */
  readonly flags?: { readonly groups: readonly (readonly string[])[]; readonly picks: (item: T) => readonly string[] };
}

/** The filters of one project's folders. */
export interface FolderFilters {
  readonly tree: TreeFilters;
  readonly edition: Edition;
  readonly projectSlug: string;
}

/** Infers an entry's item type, row kind and field from its list call and row. */
function folder<T, Kind extends string, Field extends string>(descriptor: FolderDescriptor<T, Kind, Field>): FolderDescriptor<T, Kind, Field> {
  return descriptor;
}

const versionFilter = (f: FolderFilters) => f.tree.versions(f.edition, f.projectSlug);
const buildFilter = (f: FolderFilters) => f.tree.builds(f.edition, f.projectSlug);

/** The folders under a project, in display order. */
const DESCRIPTORS = {
  versions: folder({
    get label() { return l10n.t('Versions'); }, icon: 'versions', segment: 'versions',
    get emptyText() { return { plain: l10n.t('No versions.'), filtered: l10n.t('No versions match the filter.') }; },
    list: (client, slug, filters, call) => client.versions.list(slug, versionQuery(versionFilter(filters)), call),
    filtered: (filters) => !isEmptyFilter(versionFilter(filters)),
    row: {
      kind: 'version', field: 'version', idWord: 'version', key: (version) => version.slug, present: presentVersion,
      // `+pdf`, `+epub`, `+htmlzip` for each download the version offers: a command on one format needs no flag of its own.
      flags: {
        groups: [['active', 'inactive'], ['hidden', 'visible'], ['', 'built'], ...DOWNLOAD_FORMATS.map((format) => ['', format])],
        picks: (v) => {
          const offered = new Set(versionDownloads(v).map((d) => d.format));
          return [v.active ? 'active' : 'inactive', v.hidden ? 'hidden' : 'visible', v.built ? 'built' : '', ...DOWNLOAD_FORMATS.map((f) => (offered.has(f) ? f : ''))];
        },
      },
    },
  }),
  builds: folder({
    get label() { return l10n.t('Builds'); }, icon: 'tools', segment: 'builds',
    get emptyText() { return { plain: l10n.t('No builds yet.'), filtered: l10n.t('No builds match the filter.') }; },
    list: (client, slug, filters, call) => client.builds.list(slug, buildQuery(buildFilter(filters)), call),
    filtered: (filters) => !isEmptyFilter(buildFilter(filters)),
    row: {
      kind: 'build', field: 'build', idWord: 'build', key: (build) => build.id, present: presentBuild,
      flags: { groups: [['finished', 'running']], picks: (build) => [isFinal(build) ? 'finished' : 'running'] },
    },
  }),
  subprojects: folder({
    get label() { return l10n.t('Subprojects'); }, icon: 'type-hierarchy-sub', segment: 'subprojects',
    get emptyText() { return { plain: l10n.t('No subprojects.') }; },
    list: (client, slug, _filters, call) => client.subprojects.list(slug, call),
    row: { kind: 'subproject', field: 'subproject', idWord: 'subproject', key: (subproject) => subproject.alias, present: presentSubproject },
  }),
  translations: folder({
    get label() { return l10n.t('Translations'); }, icon: 'globe', segment: 'translations',
    get emptyText() { return { plain: l10n.t('No translations.') }; },
    list: (client, slug, _filters, call) => client.projects.translations(slug, call),
    row: { kind: 'translation', field: 'project', idWord: 'translation', key: (project) => project.slug, present: presentTranslation },
  }),
  redirects: folder({
    get label() { return l10n.t('Redirects'); }, icon: 'arrow-swap', segment: 'redirects',
    get emptyText() { return { plain: l10n.t('No redirects.') }; },
    list: (client, slug, _filters, call) => client.redirects.list(slug, call),
    row: { kind: 'redirect', field: 'redirect', idWord: 'redirect', key: (redirect) => redirect.pk, present: presentRedirect },
  }),
  environmentVariables: folder({
    get label() { return l10n.t('Environment Variables'); }, icon: 'symbol-variable', segment: 'environmentvariables',
    get emptyText() { return { plain: l10n.t('No environment variables.') }; },
    list: (client, slug, _filters, call) => client.environmentVariables.list(slug, call),
    row: { kind: 'environmentVariable', field: 'variable', idWord: 'env', key: (variable) => variable.pk, present: presentEnvironmentVariable },
  }),
  sharing: folder({
    get label() { return l10n.t('Sharing'); }, icon: 'shield', segment: 'sharing', editions: ['business'],
    get emptyText() { return { plain: l10n.t('No sharing methods.') }; },
    list: (client, slug, _filters, call) => listSharingMethods(client, slug, call),
    row: { kind: 'sharingMethod', field: 'method', idWord: 'sharing', key: (method) => method.id, present: presentSharingMethod },
  }),
  notices: folder({
    get label() { return l10n.t('Notices'); }, icon: 'bell', segment: 'notifications',
    get emptyText() { return { plain: l10n.t('No unread notices.') }; },
    list: (client, slug, _filters, call) => unreadProjectNotices(client, slug, call),
    row: {
      kind: 'notice', field: 'notice', idWord: 'notice', key: (notice) => notice.id, present: presentNotice,
      flags: { groups: [['', 'dismissable']], picks: noticeFlags },
    },
  }),
};

type Descriptors = typeof DESCRIPTORS;

export type FolderKind = keyof Descriptors;

/** What each folder lists, its rows' kind and their field holding the item, read off the entries. */
type Shapes = {
  readonly [K in FolderKind]: Descriptors[K] extends FolderDescriptor<infer T, infer Kind, infer Field> ? { item: T; kind: Kind; field: Field } : never;
};

/** What a folder lists (`Version` for `versions`). */
export type FolderItem<K extends FolderKind> = Shapes[K]['item'];

/** The node kind of a folder's rows (`'version'` for `versions`). */
export type RowKind<K extends FolderKind> = Shapes[K]['kind'];

/** The field of a folder's rows that holds the item (`'version'` for `versions`). */
export type RowField<K extends FolderKind> = Shapes[K]['field'];

/** Each folder's descriptor, typed by its kind (so `FOLDERS[k].row.present(item)` takes that folder's item). */
export const FOLDERS: { readonly [K in FolderKind]: FolderDescriptor<FolderItem<K>, RowKind<K>, RowField<K>> } = DESCRIPTORS;

/** The folders under a project, in display order: every list of folders derives from this. */
export const FOLDER_KINDS = Object.keys(FOLDERS) as readonly FolderKind[];

/** True when projects of that edition have the folder. */
export function folderInEdition(descriptor: Pick<FolderDescriptor<unknown, string, string>, 'editions'>, edition: Edition): boolean {
  return descriptor.editions?.includes(edition) ?? true;
}

/** The folders under a project of that edition, in display order. */
export function foldersIn(edition: Edition): readonly FolderKind[] {
  return FOLDER_KINDS.filter((kind) => folderInEdition(FOLDERS[kind], edition));
}
