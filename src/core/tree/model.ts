import { type Project } from '../models/project';
import { type Edition, type WriteChange } from '../api/client';
import { type CallOptions } from '../api/requests';
import { isFinal } from '../builds/facts';
import { type Build } from '../models/build';
import { type Version } from '../models/version';
import { FOLDERS, type FolderKind } from './folders';
import { type DocsNode, type NodeOfKind, nodeIds } from './nodes';
import { type TreeLoader } from './loader';

const ROOT = '\u0000root';

/**
 * What the tree has loaded: children per parent id and every node by id, so `getParent`,
 * `find` and `reveal` work without requests. Refresh drops the cached children of a subtree;
 * ids stay the same, so the view keeps its expansion state. Concurrent loads of the same
 * children share one request.
 */
export class TreeModel {
  private readonly childrenOf = new Map<string, DocsNode[]>();
  private readonly loading = new Map<string, Promise<DocsNode[]>>();
  private readonly byId = new Map<string, DocsNode>();

  constructor(private readonly loader: TreeLoader) {}

  async getChildren(parent: DocsNode | undefined, call: CallOptions = {}): Promise<DocsNode[]> {
    const key = parent?.id ?? ROOT;
    const cached = this.childrenOf.get(key);
    if (cached) return cached;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise: Promise<DocsNode[]> = this.loader.children(parent ? this.byId.get(parent.id) ?? parent : undefined, call).then((children) => {
      // Invalidated meanwhile (the entry is gone): hand the children out, keep nothing stale.
      if (this.loading.get(key) === promise) {
        this.loading.delete(key);
        this.store(key, children);
      }
      return children;
    });
    this.loading.set(key, promise);
    return promise;
  }

  /** The cached children, without loading. */
  loadedChildren(parent: DocsNode | string | undefined): readonly DocsNode[] | undefined {
    return this.childrenOf.get(idOf(parent) ?? ROOT);
  }

  find(id: string): DocsNode | undefined {
    return this.byId.get(id);
  }

  getParent(node: DocsNode): DocsNode | undefined {
    return node.parentId === undefined ? undefined : this.byId.get(node.parentId);
  }

  /**
   * Replaces a "Load more" node with the next page (and maybe a new "Load more").
   * Returns the parent whose children changed (undefined = the root), or undefined when the node is gone.
   */
  async loadMore(node: NodeOfKind<'loadMore'>, call: CallOptions = {}): Promise<{ parent: DocsNode | undefined } | undefined> {
    const key = node.parentId ?? ROOT;
    const parent = node.parentId === undefined ? undefined : this.byId.get(node.parentId);
    const siblings = this.childrenOf.get(key);
    if (!siblings?.some((n) => n.id === node.id)) return undefined;
    const more = await this.loader.more(node, parent, call);
    const current = this.childrenOf.get(key);
    const index = current?.findIndex((n) => n.id === node.id) ?? -1;
    if (!current || index < 0) return undefined; // refreshed meanwhile
    const seen = new Set(current.map((n) => n.id));
    const fresh = more.filter((n) => !seen.has(n.id) || n.id === node.id);
    const next = [...current.slice(0, index), ...fresh, ...current.slice(index + 1)];
    this.byId.delete(node.id);
    this.store(key, next);
    return { parent };
  }

  /**
   * Forgets the loaded children of a node and everything under it (or of the whole tree), so the
   * next `getChildren` reloads them.
   */
  invalidate(target?: DocsNode | string): void {
    const id = idOf(target);
    if (id === undefined) {
      this.childrenOf.clear();
      this.loading.clear();
      this.byId.clear();
      return;
    }
    this.dropChildren(id);
  }

  /**
   * Records a fresh build for every loaded row that shows it. The rows keep the objects the view
   * was given (the view matches elements by identity, so a replaced object would make every later
   * refresh of that row a no-op); `find` returns the fresh state. Returns those view objects so the
   * adapter can refresh only them.
   */
  updateBuild(edition: Edition, projectSlug: string, build: Build): NodeOfKind<'build'>[] {
    const shown: NodeOfKind<'build'>[] = [];
    for (const children of this.childrenOf.values()) {
      for (const node of children) {
        if (node.kind !== 'build' || node.edition !== edition || node.projectSlug !== projectSlug || node.build.id !== build.id) continue;
        shown.push(node);
        this.byId.set(node.id, { ...node, build });
      }
    }
    return shown;
  }

  /** The loaded rows (the view's objects) that show a build: drawn again when what is known of it changes. */
  rowsOfBuild(edition: Edition, projectSlug: string, buildId: number): NodeOfKind<'build'>[] {
    return [...this.childrenOf.values()].flatMap((children) => children.filter((node): node is NodeOfKind<'build'> =>
      node.kind === 'build' && node.edition === edition && node.projectSlug === projectSlug && node.build.id === buildId));
  }

  /**
   * The loaded Builds folders of a project whose rows do not show a build (one that just
   * started): they reload to show it. A folder not loaded yet shows it when it loads.
   */
  buildsFoldersLacking(edition: Edition, projectSlug: string, buildId: number): NodeOfKind<'folder'>[] {
    return this.foldersOf(edition, projectSlug, (folder) => folder === 'builds').filter((node) => {
      const rows = this.childrenOf.get(node.id);
      return rows && !rows.some((row) => row.kind === 'build' && row.build.id === buildId);
    });
  }

  /** The loaded folder rows of a project (under every parent that shows it) that `which` picks. */
  foldersOf(edition: Edition, projectSlug: string, which: (folder: FolderKind) => boolean): NodeOfKind<'folder'>[] {
    return [...this.byId.values()].filter((node): node is NodeOfKind<'folder'> =>
      node.kind === 'folder' && node.edition === edition && node.project.slug === projectSlug && which(node.folder));
  }

  /**
   * The loaded rows whose children a write made stale: the project's folders that show the lists
   * it wrote to, the project's own rows when it wrote the project, and the lists of the edition's
   * projects when it made a new one (`undefined`: the root). Rows not loaded read fresh data anyway.
   */
  changedBy(change: WriteChange): (DocsNode | undefined)[] {
    const loaded = [...this.byId.values()].filter((node) => node.edition === change.edition);
    if (change.projectSlug === undefined) {
      const organizations = loaded.filter((node) => node.kind === 'organization' && this.childrenOf.has(node.id));
      if (organizations.length > 0) return organizations;
      return [loaded.find((node) => node.kind === 'edition')];
    }
    const slug = change.projectSlug;
    if (change.lists.length === 0) return loaded.filter((node) => node.kind === 'project' && node.project.slug === slug);
    return this.foldersOf(change.edition, slug, (folder) => change.lists.includes(FOLDERS[folder].segment));
  }

  /** The projects of an edition in loaded rows (no request). */
  loadedProjects(edition: Edition): Project[] {
    return [...this.byId.values()].flatMap((n) => (n.kind === 'project' && n.edition === edition ? [n.project] : []));
  }

  /**
   * Every project of an edition as the tree lists it, when it holds the whole list (each page and
   * each organization's projects loaded, no "Load more" left, no failure); else undefined. No request.
   */
  heldProjects(edition: Edition): Project[] | undefined {
    const root = this.childrenOf.get(ROOT);
    const top = root?.some((node) => node.kind === 'edition') ? this.childrenOf.get(nodeIds.edition(edition)) : root?.every((node) => node.edition === edition) ? root : undefined;
    const projects: Project[] = [];
    const add = (nodes: readonly DocsNode[] | undefined): boolean => {
      if (!nodes || nodes.some((node) => node.kind === 'loadMore' || (node.kind === 'message' && node.severity === 'error'))) return false;
      for (const node of nodes) {
        if (node.kind === 'project') projects.push(node.project);
        else if (node.kind === 'organization' && !add(this.childrenOf.get(node.id))) return false;
      }
      return true;
    };
    return add(top) ? projects : undefined;
  }

  /**
   * A project's active versions from its loaded Versions folder; else undefined. No request. An
   * unfiltered folder holds every active version even when a "Load more" is left: the loader
   * reads the active ones on their own for a long list, so later pages bring inactive ones only.
   */
  heldActiveVersions(projectId: string): Version[] | undefined {
    const rows = this.childrenOf.get(nodeIds.folder(projectId, 'versions'));
    if (!rows || rows.some((node) => node.kind === 'message' && node.severity === 'error')) return undefined;
    return rows.flatMap((node) => (node.kind === 'version' && node.version.active ? [node.version] : []));
  }

  /** Running builds in loaded rows. */
  runningBuilds(): NodeOfKind<'build'>[] {
    return [...this.byId.values()].filter((n): n is NodeOfKind<'build'> => n.kind === 'build' && !isFinal(n.build));
  }

  private store(key: string, children: DocsNode[]): void {
    const before = this.childrenOf.get(key);
    if (before) for (const old of before) if (!children.some((c) => c.id === old.id)) this.dropNode(old.id);
    this.childrenOf.set(key, children);
    for (const child of children) this.byId.set(child.id, child);
  }

  private dropChildren(id: string): void {
    const children = this.childrenOf.get(id);
    this.childrenOf.delete(id);
    this.loading.delete(id);
    for (const child of children ?? []) this.dropChildren(child.id);
  }

  private dropNode(id: string): void {
    this.byId.delete(id);
    this.dropChildren(id);
  }
}

function idOf(target: DocsNode | string | undefined): string | undefined {
  return typeof target === 'string' ? target : target?.id;
}
