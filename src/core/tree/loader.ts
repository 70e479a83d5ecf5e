import { l10n } from '../l10n';
import { type Edition, type ReadTheDocsClient } from '../api/client';
import { describeError, errorDetail } from '../api/describeError';
import { CancelledError, HttpStatusError, NotFoundError, UnexpectedResponseError } from '../api/errors';
import { type CallOptions } from '../api/requests';
import { type Logger, componentLogger } from '../log';
import { type Organization } from '../models/organization';
import { type Page } from '../models/page';
import { isJsonObject } from '../util/json';
import { type Project } from '../models/project';
import { type Version } from '../models/version';
import { TreeFilters, isEmptyFilter } from './filters';
import { FOLDERS, type FolderItem, type FolderKind, foldersIn } from './folders';
import { type DocsNode, type NodeOfKind, nodeIds, rowNode } from './nodes';
import { withSuperproject } from './superproject';

/** The part of `Editions` the loader needs. */
export interface EditionSource {
  readonly signedIn: readonly Edition[];
  client(edition: Edition): ReadTheDocsClient | undefined;
}

export interface TreeLoaderOptions {
  readonly editions: EditionSource;
  readonly filters: TreeFilters;
  readonly logger: Logger;
  /** Hears every failure that became a message node (an `AuthError` should sign the edition out). */
  readonly onError?: (error: unknown, parent: DocsNode | undefined) => void;
}

type Folder = NodeOfKind<'folder'>;
type LoadMore = NodeOfKind<'loadMore'>;

/** The id prefix of the children of the root (`root` never appears in a node id). */
const ROOT_KEY = 'root';

/**
 * Loads the children of any node with the fewest requests: one list request per folder (with
 * the page size as `limit`), a "Load more" node when the server has more, and a message node
 * (with Retry) instead of an exception. Pure: no VS Code, no cache (the model keeps what was loaded).
 */
export class TreeLoader {
  /** Projects whose unfiltered version list was longer than a page when last read (`<edition>/<slug>`). */
  private readonly longVersionLists = new Set<string>();

  private readonly log: Logger;

  constructor(private readonly options: TreeLoaderOptions) {
    this.log = componentLogger(options.logger, 'tree');
  }

  /** Never throws: a failure becomes a message node under `parent`. */
  async children(parent: DocsNode | undefined, call: CallOptions = {}): Promise<DocsNode[]> {
    try {
      return await this.load(parent, call);
    } catch (error) {
      return [this.failure(parent?.id, parent, error)];
    }
  }

  /**
   * The next page behind a "Load more" node, as nodes that replace it (items, then a new
   * "Load more" when there is still more). `parent` is the node the list belongs to. Never throws.
   */
  async more(node: LoadMore, parent: DocsNode | undefined, call: CallOptions = {}): Promise<DocsNode[]> {
    try {
      const client = this.client(node.edition);
      const page = await client.nextPage(node.cursor, call);
      const skip = parent?.kind === 'folder' && parent.folder === 'versions' && this.versionsMerged(parent)
        ? (item: unknown) => (item as Version).active // already shown above the inactive ones
        : undefined;
      const nodes = this.pageNodes(node.edition, node.parentId, page, (item) => this.itemNode(parent, node.edition, node.parentId, item), { skip, remaining: node.remaining });
      return nodes;
    } catch (error) {
      // The "Load more" node stays retryable: the message replaces it and Retry reloads the list.
      return [this.failure(node.parentId, parent, error)];
    }
  }

  private client(edition: Edition): ReadTheDocsClient {
    const client = this.options.editions.client(edition);
    if (!client) throw new CancelledError();
    return client;
  }

  private async load(parent: DocsNode | undefined, call: CallOptions): Promise<DocsNode[]> {
    if (!parent) return this.roots(call);
    switch (parent.kind) {
      case 'edition':
        return this.editionChildren(parent.edition, parent.id, call);
      case 'organization': {
        const page = await this.client(parent.edition).organizations.projects(parent.organization.slug, {}, call);
        return this.projectNodes(parent.edition, parent.id, page, l10n.t('This organization has no projects you can see.'));
      }
      case 'project':
        return this.projectChildren(parent, call);
      case 'folder':
        return this.folderChildren(parent, call);
      default:
        return [];
    }
  }

  private async roots(call: CallOptions): Promise<DocsNode[]> {
    const signedIn = this.options.editions.signedIn;
    if (signedIn.length === 0) return []; // the welcome view takes over
    if (signedIn.length > 1) return signedIn.map((edition) => ({ kind: 'edition', id: nodeIds.edition(edition), edition, parentId: undefined }));
    return this.editionChildren(signedIn[0], undefined, call);
  }

  /** Children of an edition; `parentId` is undefined when the edition node itself is not shown. */
  private async editionChildren(edition: Edition, parentId: string | undefined, call: CallOptions): Promise<DocsNode[]> {
    const client = this.client(edition);
    const idPrefix = nodeIds.edition(edition);
    const filter = this.options.filters.projects(edition);
    const filtered = !isEmptyFilter(filter);
    // A projects filter is the API's own: the matching projects as one flat list (organizations'
    // project lists take no filters).
    if (edition === 'business' && !filtered) {
      let organizations: Page<Organization> | undefined;
      try {
        organizations = await client.organizations.list(call);
      } catch (error) {
        // A self-hosted server without organizations: list the projects instead.
        if (!(error instanceof NotFoundError || error instanceof UnexpectedResponseError || error instanceof HttpStatusError)) throw error;
        this.log.debug(`${client.host} has no organizations endpoint (${errorDetail(error)}); listing projects`);
      }
      if (organizations && organizations.items.length > 0) {
        return this.pageNodes(edition, parentId, organizations, (organization) => ({
          kind: 'organization', id: nodeIds.organization(edition, organization.slug), edition, parentId, organization,
        }), { idPrefix });
      }
    }
    // Business: the list says which organization and teams each project belongs to (expand).
    const page = await client.projects.list(filter, { expand: edition === 'business' ? ['organization', 'teams'] : undefined }, call);
    return this.projectNodes(edition, parentId, page, filtered ? l10n.t('No projects match the filter.') : l10n.t('No projects yet: import one from a repository.'), idPrefix);
  }

  private projectNodes(edition: Edition, parentId: string | undefined, page: Page<Project>, emptyText: string, idPrefix = parentId ?? ROOT_KEY): DocsNode[] {
    if (page.items.length === 0) return [message(idPrefix, parentId, edition, emptyText, 'info', false)];
    return this.pageNodes(edition, parentId, page, (project) => projectNode(edition, parentId, idPrefix, project), { idPrefix });
  }

  /** The folders, and for a subproject its parent: one request (the superproject endpoint) for its name and links. */
  private async projectChildren(parent: NodeOfKind<'project'>, call: CallOptions): Promise<DocsNode[]> {
    const { edition, project } = parent;
    const nodes: DocsNode[] = foldersIn(edition).map((folder) => folderNode(parent, folder));
    if (project.subprojectOf) {
      const row: NodeOfKind<'superproject'> = {
        kind: 'superproject', id: nodeIds.child(parent.id, 'superproject', project.subprojectOf), edition, parentId: parent.id,
        projectSlug: project.slug, projectId: parent.id, superprojectSlug: project.subprojectOf, project: undefined,
      };
      nodes.push(await withSuperproject(row, this.client(edition), call).catch((error: unknown) => {
        // The row still names the parent by slug; its actions fetch it again.
        this.options.logger.debug(`tree: superproject of ${project.slug} not read (${errorDetail(error)})`);
        return row;
      }));
    }
    return nodes;
  }

  private async folderChildren(folder: Folder, call: CallOptions): Promise<DocsNode[]> {
    const client = this.client(folder.edition);
    const slug = folder.project.slug;
    const descriptor = FOLDERS[folder.folder];
    const filters = { tree: this.options.filters, edition: folder.edition, projectSlug: slug };
    const filtered = descriptor.filtered?.(filters) ?? false;
    const item = (value: unknown) => this.itemNode(folder, folder.edition, folder.id, value);
    const merging = folder.folder === 'versions' && !filtered;
    const listKey = `${folder.edition}/${slug}`;
    // A list known to be long: ask for its active versions together with page 1 (2 round trips, not 3).
    const activeEarly = merging && this.longVersionLists.has(listKey) ? this.activeVersions(client, slug, call) : undefined;
    void activeEarly?.catch(() => undefined); // awaited below, or dropped when the list got short
    const page = await descriptor.list(client, slug, filters, call);
    if (merging) {
      if (page.next) this.longVersionLists.add(listKey);
      else this.longVersionLists.delete(listKey);
    }
    if (page.items.length === 0) return [emptyNode(folder, filtered ? descriptor.emptyText.filtered ?? descriptor.emptyText.plain : descriptor.emptyText.plain)];
    if (folder.folder !== 'versions' || filtered || !page.next) {
      // Everything on one page (the usual case): one request; versions show the active ones first.
      const items = folder.folder === 'versions' ? activeFirst(page.items as Version[]) : page.items;
      return this.pageNodes(folder.edition, folder.id, { ...page, items }, item);
    }
    // A long list of versions: the active ones may sit on later pages, so fetch them on their own
    // (one more request, or one per 100 active versions) and skip them in the later pages.
    const versions = page.items as Version[];
    const active = await (activeEarly ?? this.activeVersions(client, slug, call));
    const inactive = versions.filter((v) => !v.active);
    const nodes: DocsNode[] = [...active, ...inactive].map(item);
    // Left to show: the inactive versions beyond the first page.
    const activeOnFirstPage = versions.length - inactive.length;
    nodes.push(loadMoreNode(folder.edition, folder.id, page, page.count - page.items.length - (active.length - activeOnFirstPage)));
    return nodes;
  }

  private activeVersions(client: ReadTheDocsClient, slug: string, call: CallOptions): Promise<Version[]> {
    return client.allItems(client.versions.list(slug, { active: true }, call), call);
  }

  /** True when the Versions folder shows active versions first across pages (no filter). */
  private versionsMerged(folder: Folder): boolean {
    return isEmptyFilter(this.options.filters.versions(folder.edition, folder.project.slug));
  }

  /**
   * The nodes of one page and, when the server has more, a "Load more" node. `remaining` is what
   * was left before this page (a "Load more" node's count); without it, the page is the first.
   */
  private pageNodes<T>(
    edition: Edition,
    parentId: string | undefined,
    page: Page<T>,
    toNode: (item: T) => DocsNode,
    opts: { idPrefix?: string; skip?: (item: T) => boolean; remaining?: number } = {},
  ): DocsNode[] {
    const items = opts.skip ? page.items.filter((i) => !opts.skip?.(i)) : page.items;
    const nodes = items.map(toNode);
    const left = opts.remaining === undefined ? page.count - page.items.length : opts.remaining - items.length;
    if (page.next) nodes.push(loadMoreNode(edition, parentId, page, left, opts.idPrefix));
    return nodes;
  }

  /** The node of one list item, by what its parent lists. */
  private itemNode(parent: DocsNode | undefined, edition: Edition, parentId: string | undefined, item: unknown): DocsNode {
    if (!parent || parent.kind === 'edition') {
      // Top-level lists: organizations (business) or projects.
      const idPrefix = nodeIds.edition(edition);
      if (isOrganization(item)) return { kind: 'organization', id: nodeIds.organization(edition, item.slug), edition, parentId, organization: item };
      return projectNode(edition, parentId, idPrefix, item as Project);
    }
    if (parent.kind === 'organization') return projectNode(edition, parent.id, parent.id, item as Project);
    if (parent.kind !== 'folder') throw new Error(`no list under a ${parent.kind} node`);
    return rowNode(parent.folder, item as FolderItem<FolderKind>, { edition, parentId: parent.id, projectSlug: parent.project.slug, projectId: nodeIds.projectOfFolder(parent) });
  }

  private failure(parentId: string | undefined, parent: DocsNode | undefined, error: unknown): DocsNode {
    const edition = parent?.edition ?? this.options.editions.signedIn[0] ?? 'community';
    this.options.onError?.(error, parent);
    if (error instanceof CancelledError) return message(parentId ?? ROOT_KEY, parentId, edition, 'Cancelled.', 'info', true);
    this.log.warn(`loading ${parent?.id ?? 'the projects'} failed: ${errorDetail(error)}`);
    const text = describeError(error);
    return message(parentId ?? ROOT_KEY, parentId, edition, text, 'error', true);
  }
}

export function projectNode(edition: Edition, parentId: string | undefined, idPrefix: string, project: Project): NodeOfKind<'project'> {
  return { kind: 'project', id: nodeIds.project(idPrefix, project.slug), edition, parentId, project };
}

export function folderNode(project: NodeOfKind<'project'>, folder: FolderKind): Folder {
  return { kind: 'folder', id: nodeIds.folder(project.id, folder), edition: project.edition, parentId: project.id, folder, project: project.project };
}

function loadMoreNode(edition: Edition, parentId: string | undefined, page: Page<unknown>, remaining: number, idPrefix?: string): LoadMore {
  if (!page.next) throw new Error('no next page');
  return { kind: 'loadMore', id: `${parentId ?? idPrefix ?? ROOT_KEY}/more`, edition, parentId, cursor: page.next, remaining: Math.max(0, remaining) };
}

function message(idPrefix: string, parentId: string | undefined, edition: Edition, text: string, severity: 'info' | 'error', retry: boolean): DocsNode {
  return { kind: 'message', id: `${idPrefix}/message:${severity}`, edition, parentId, text, severity, retry };
}

function emptyNode(folder: Folder, text: string): DocsNode {
  return message(folder.id, folder.id, folder.edition, text, 'info', false);
}

/** Active versions first, otherwise the server's order (a stable sort). */
export function activeFirst(versions: readonly Version[]): Version[] {
  return [...versions.filter((v) => v.active), ...versions.filter((v) => !v.active)];
}

function isOrganization(item: unknown): item is Organization {
  return isJsonObject(item) && 'owners' in item && !('repository' in item);
}
