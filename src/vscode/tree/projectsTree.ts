import * as vscode from 'vscode';
import { AuthError, ForbiddenError } from '../../core/api/errors';
import { type BuildWatcher, type WatchedBuild } from '../../core/builds/watcher';
import { type Logger } from '../../core/log';
import { isFinal } from '../../core/builds/facts';
import { type Editions } from '../../core/editions/editions';
import { TreeFilters, isEmptyFilter } from '../../core/tree/filters';
import { TreeLoader } from '../../core/tree/loader';
import { TreeModel } from '../../core/tree/model';
import { type DocsNode, type NodeOfKind, freshestRow, nodeIds } from '../../core/tree/nodes';
import { organizationTooltip } from '../../core/tree/presentNode';
import { type Edition } from '../../core/api/client';
import { type Project } from '../../core/models/project';
import { type Version } from '../../core/models/version';
import { type ProjectFilters } from '../../core/api/endpoints/projects';
import { errorDetail } from '../../core/api/describeError';
import { editionLabel } from '../../core/config';
import { ContextKeys } from '../../core/contextKeys';
import { describeProjectFilter } from '../../core/filters/projectFilter';
import { type ErrorReporter } from '../errorReporter';
import { Disposable } from '../lifecycle';
import { type TreeController } from '../services';
import { present } from '../../core/tree/presentNode';
import { type NodePresentation } from '../../core/tree/presentation';
import { AgeingRows } from '../../core/tree/ageingRows';
import { treeItemOf } from './treeItem';
import { onWatchedBuild } from '../../core/builds/newestFirst';
import { type BuildKnowledge } from '../../core/builds/buildRow';
import { lookOfNode } from '../../core/tree/nodeLook';
import { PROJECTS_VIEW_ID } from '../viewIds';
import { abortSignalOf } from '../cancellation';


export interface ProjectsTreeDeps {
  readonly editions: Editions;
  readonly builds: BuildWatcher;
  readonly reporter: ErrorReporter;
  readonly logger: Logger;
  /** What is known of builds beyond their API objects (what running ones are doing now, …), said in their rows. */
  readonly known: BuildKnowledge;
}

/**
 * The projects view: a TreeDataProvider over the core model, and the TreeController commands
 * use. Running builds it shows are handed to the watcher; their rows refresh alone when the
 * watcher reports a new state. The watcher pauses while the view is hidden.
 */
export class ProjectsTree extends Disposable implements vscode.TreeDataProvider<DocsNode>, TreeController {
  readonly filters = new TreeFilters();
  readonly model: TreeModel;
  private readonly changed = this.register(new vscode.EventEmitter<DocsNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<DocsNode>;
  private readonly expanded = new Set<string>();
  private readonly ageing: AgeingRows<DocsNode>;

  constructor(private readonly deps: ProjectsTreeDeps) {
    super();
    const loader = new TreeLoader({
      editions: deps.editions,
      filters: this.filters,
      logger: deps.logger,
      // A rejected token signs the edition out and offers "Sign In" once; the row says so too.
      onError: (error) => { if (error instanceof AuthError) deps.reporter.report(error); },
    });
    this.model = new TreeModel(loader);
    this.view = this.register(vscode.window.createTreeView(PROJECTS_VIEW_ID, { treeDataProvider: this, showCollapseAll: true }));
    deps.builds.setPaused(!this.view.visible);
    this.register(this.view.onDidChangeVisibility((e) => deps.builds.setPaused(!e.visible)));
    this.register(onWatchedBuild(deps.builds, (w, began) => {
      for (const old of this.model.updateBuild(w.edition, w.projectSlug, w.build)) this.changed.fire(old);
      if (began) void this.showStarted(w);
    }));
    this.register(deps.known.onDidChange((c) => { for (const node of this.model.rowsOfBuild(c.edition, c.projectSlug, c.buildId)) this.changed.fire(node); }));
    this.register(deps.editions.onDidChange(() => this.refresh()));
    // A write reloads what it changed (the Refresh command stays for changes made elsewhere).
    this.register(deps.editions.onDidWrite((change) => { for (const node of this.model.changedBy(change)) this.refresh(node); }));
    this.register(this.view.onDidExpandElement((e) => this.expanded.add(e.element.id)));
    this.register(this.view.onDidCollapseElement((e) => this.expanded.delete(e.element.id)));
    this.ageing = this.register(new AgeingRows(this.view, (id) => {
      const node = this.model.find(id);
      return node && this.look(node);
    }, (element) => this.changed.fire(element)));
  }

  /**
   * Filters an edition's projects list by the API's filters (`{}` clears it): the view's
   * description says which filter is on, and the Clear action shows while one is.
   */
  setProjectFilter(edition: Edition, filter: ProjectFilters): void {
    this.filters.setProjects(edition, filter);
    const signedIn = this.deps.editions.signedIn;
    const described = this.filters.projectsFiltered.map((e) => {
      const text = describeProjectFilter(this.filters.projects(e));
      return signedIn.length > 1 ? `${editionLabel(e)}: ${text}` : text;
    });
    this.view.description = described.length ? `Filtered: ${described.join('; ')}` : undefined;
    void vscode.commands.executeCommand('setContext', ContextKeys.projectsFiltered, described.length > 0);
    this.refresh(signedIn.length > 1 ? nodeIds.edition(edition) : undefined);
  }

  /**
   * Organization rows: the tooltip comes from the details endpoint (owners, description, url)
   * and, where the caller may list them, the teams; read when the person hovers the row.
   */
  async resolveTreeItem(item: vscode.TreeItem, element: DocsNode, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    if (element.kind !== 'organization') return item;
    const client = this.deps.editions.client(element.edition);
    if (!client) return item;
    const cancel = abortSignalOf(token);
    const call = { signal: cancel.signal, priority: 'user' as const };
    try {
      const slug = element.organization.slug;
      const [details, teams] = await Promise.all([
        client.organizations.get(slug, call),
        client.allItems(client.organizations.teams(slug, { ...call, members: true }), call)
          .catch((error: unknown) => { if (error instanceof ForbiddenError) return 'forbidden' as const; throw error; }),
      ]);
      item.tooltip = new vscode.MarkdownString(organizationTooltip(details, teams)); // untrusted, no HTML
    } catch (error) {
      // What the list gave is better than nothing.
      this.deps.logger.debug(`tree: details of organization ${element.organization.slug} not read (${errorDetail(error)})`);
      item.tooltip = new vscode.MarkdownString(organizationTooltip(element.organization));
    } finally {
      cancel.dispose();
    }
    return item;
  }

  isExpanded(id: string): boolean {
    return this.expanded.has(id);
  }

  getTreeItem(element: DocsNode): vscode.TreeItem {
    // The view may hold an older object for the same row (a build that moved on): show the latest.
    const node = freshestRow(this.model, element);
    const look = this.look(node);
    this.ageing.noteDrawn(node.id, element, look);
    return treeItemOf(lookOfNode(node, look));
  }

  /** How a row looks now: relative times from this moment, dates in VS Code's display language. */
  private look(node: DocsNode): NodePresentation {
    return present(node, this.filters, (edition) => this.deps.editions.client(edition)?.host, { now: Date.now(), locale: vscode.env.language, known: (slug, build) => this.deps.known.of(node.edition, slug, build) });
  }

  async getChildren(element?: DocsNode): Promise<DocsNode[]> {
    if (!element) await this.deps.editions.ensureTokens(); // the view shows: now the tokens are needed
    const children = await this.model.getChildren(element);
    this.watchRunning(children);
    return children;
  }

  getParent(element: DocsNode): DocsNode | undefined {
    return this.model.getParent(element);
  }

  find(id: string): DocsNode | undefined {
    return this.model.find(id);
  }

  /** A filtered list is not the whole list. */
  heldProjects(edition: Edition): readonly Project[] | undefined {
    return isEmptyFilter(this.filters.projects(edition)) ? this.model.heldProjects(edition) : undefined;
  }

  heldActiveVersions(projectId: string): readonly Version[] | undefined {
    const project = this.model.find(projectId);
    if (project?.kind !== 'project' || !isEmptyFilter(this.filters.versions(project.edition, project.project.slug))) return undefined;
    return this.model.heldActiveVersions(projectId);
  }

  refresh(target?: DocsNode | string): void {
    const id = typeof target === 'string' ? target : target?.id;
    const node = id === undefined ? undefined : this.model.find(id);
    if (id !== undefined && !node) {
      this.model.invalidate(id); // not loaded: nothing shown to redraw
      return;
    }
    this.model.invalidate(node);
    this.changed.fire(node);
  }

  /**
   * The Refresh command: reloads a row's children (or everything) with progress in the view.
   * A collapsed row is only marked stale; it loads when it is expanded.
   */
  async refreshWithProgress(target?: DocsNode): Promise<void> {
    const node = target && this.model.find(target.id);
    if (target && !node) {
      this.model.invalidate(target.id);
      return;
    }
    this.model.invalidate(node);
    if (!node || this.expanded.has(node.id)) {
      await vscode.window.withProgress({ location: { viewId: PROJECTS_VIEW_ID } }, () => this.model.getChildren(node));
    }
    this.changed.fire(node);
  }

  /** Replaces a "Load more" row with the next page. */
  async loadMore(node: NodeOfKind<'loadMore'>): Promise<void> {
    const result = await this.model.loadMore(node);
    if (!result) return;
    this.changed.fire(result.parent);
    const siblings = this.model.loadedChildren(result.parent);
    if (siblings) this.watchRunning(siblings);
  }

  /** A message row's Retry: reload the list it stands in. */
  retry(node: DocsNode): void {
    this.refresh(node.parentId === undefined ? undefined : node.parentId);
  }

  async reveal(id: string): Promise<void> {
    let children = await this.getChildren(undefined);
    for (let depth = 0; depth < 12; depth++) {
      const exact = children.find((c) => c.id === id);
      if (exact) {
        await this.view.reveal(exact, { select: true, focus: false, expand: false });
        return;
      }
      const ancestor = children.find((c) => id.startsWith(`${c.id}/`));
      if (!ancestor) return;
      children = await this.getChildren(ancestor);
    }
  }

  /**
   * A build began to be watched: Builds folders that lack it reload, and an open one reveals it
   * when it started here (a folder the trigger's write already reloads shows it as it loads).
   */
  private async showStarted({ edition, projectSlug, build, startedHere }: WatchedBuild): Promise<void> {
    for (const folder of this.model.buildsFoldersLacking(edition, projectSlug, build.id)) this.refresh(folder);
    if (!startedHere) return;
    for (const folder of this.model.foldersOf(edition, projectSlug, (kind) => kind === 'builds')) {
      if (!this.expanded.has(folder.id)) continue;
      try {
        await this.reveal(nodeIds.build(nodeIds.projectOfFolder(folder), build.id));
      } catch (error) {
        this.deps.logger.debug(`tree: could not reveal ${projectSlug} #${build.id}: ${errorDetail(error)}`);
      }
    }
  }

  private watchRunning(nodes: readonly DocsNode[]): void {
    for (const node of nodes) {
      if (node.kind === 'build' && !isFinal(node.build)) this.deps.builds.watch(node.edition, node.projectSlug, node.build, { whileVisibleOnly: true });
    }
  }
}
