import { l10n } from '../../core/l10n';
import type * as vscode from 'vscode';
import { type Version } from '../../core/models/version';
import { type BoundProject } from '../../core/workspace/boundProject';
import { pickActiveVersion, versionItem } from '../builds/pickers';
import { type Edition, type ReadTheDocsClient } from '../../core/api/client';
import { type CallOptions } from '../../core/api/requests';
import { editionLabel } from '../../core/config';
import { type Page } from '../../core/models/page';
import { type Project } from '../../core/models/project';
import { type Editions } from '../../core/editions/editions';
import { FOLDERS, type FolderItem, type FolderKind } from '../../core/tree/folders';
import { projectNode } from '../../core/tree/loader';
import { type DocsNode, type NodeOfKind, type ProjectRef, type RowOf, nodeIds, projectRefOf, withRow } from '../../core/tree/nodes';
import { type Services, type TreeController } from '../services';
import { withProgress } from '../ui/progress';
import { type UiHost } from '../ui/ui';

/**
 * Palette fallbacks shared by commands: ask which edition (only when there are two), then which
 * project; and the project a command acts on, from its row or from those picks.
 */

/** One of `among`, asked only when there are several. */
export async function pickEdition(
  deps: { readonly editions: Pick<Editions, 'client'>; readonly ui: UiHost }, among: readonly Edition[], placeHolder: string,
): Promise<Edition | undefined> {
  if (among.length <= 1) return among[0];
  const picked = await deps.ui.current.quickPick(
    among.map((edition) => ({ label: editionLabel(edition), description: deps.editions.client(edition)?.host, edition })),
    { placeHolder },
  );
  return picked?.edition;
}

export async function pickSignedInEdition(services: Pick<Services, 'editions' | 'ui'>, placeHolder = l10n.t('Which Read the Docs?')): Promise<Edition | undefined> {
  const among = services.editions.signedIn;
  if (among.length === 0) {
    void services.ui.current.info(l10n.t('Sign in to Read the Docs first.'));
    return undefined;
  }
  return pickEdition(services, among, placeHolder);
}

export interface PickedProject {
  readonly edition: Edition;
  readonly project: Project;
}

/** Edition (when two, unless `only` names it), then project: one list request (every page when there are more). */
export async function pickProject(services: Pick<Services, 'editions' | 'ui'>, placeHolder = l10n.t('Which project?'), only?: Edition): Promise<PickedProject | undefined> {
  const edition = only ?? await pickSignedInEdition(services);
  const client = edition && services.editions.client(edition);
  if (!edition || !client) return undefined;
  const load = async () => (await client.allItems(client.projects.list()))
    .map((project) => ({ label: project.name, description: project.slug, detail: project.repository.url || undefined, project }));
  const picked = await services.ui.current.quickPick(load(), { placeHolder, matchOnDescription: true });
  return picked && { edition, project: picked.project };
}

/** The id a project's node has (or will get) in the tree: where the tree shows it, else below its organization. */
export function projectIdInTree(tree: Pick<TreeController, 'find'>, edition: Edition, project: Pick<Project, 'slug' | 'organization'>): string {
  return nodeIds.projectOf(edition, project.slug, project.organization, (id) => tree.find(id) !== undefined);
}

/** A project node for a picked project (not necessarily shown in the tree), for commands that take nodes. */
export function projectNodeOf(services: Pick<Services, 'tree'>, picked: PickedProject): NodeOfKind<'project'> {
  const shown = services.tree.find(projectIdInTree(services.tree, picked.edition, picked.project));
  return shown?.kind === 'project' ? shown : projectNode(picked.edition, undefined, nodeIds.edition(picked.edition), picked.project);
}

/** A project a command acts on, with its client. */
export interface ProjectTarget extends ProjectRef {
  readonly client: ReadTheDocsClient;
}

/**
 * The project of the row a command was invoked on, or else asked for (edition when several are
 * signed in, then the project). Undefined when the person dismissed a pick.
 */
export async function resolveProject(services: Pick<Services, 'editions' | 'ui' | 'tree'>, node: DocsNode | undefined, placeHolder: string): Promise<ProjectTarget | undefined> {
  const ref = node && projectRefOf(node);
  if (ref) return { ...ref, client: services.editions.requireClient(ref.edition) };
  const picked = await pickProject(services, placeHolder);
  if (!picked) return undefined;
  return {
    edition: picked.edition,
    projectSlug: picked.project.slug,
    projectId: projectIdInTree(services.tree, picked.edition, picked.project),
    project: picked.project,
    client: services.editions.requireClient(picked.edition),
  };
}

/** How a command asks for an item of a project's folder when it was not invoked on the item's row. */
export interface ItemQuestion<T> {
  /** The question for the project. */
  readonly project: string;
  /** The question for the item. */
  readonly item: string;
  /** The progress title while the project's items are read. */
  readonly reading: (projectSlug: string) => string;
  /** What is said when the project has none. */
  readonly none: (projectSlug: string) => string;
  /** The project's items, a page at a time. */
  readonly list: (client: ReadTheDocsClient, projectSlug: string, call: CallOptions) => Promise<Page<T>>;
  /** The item's line in the pick. */
  readonly choice: (item: T) => vscode.QuickPickItem;
}

/**
 * The item a command acts on, with its project: the item of the row it was invoked on (a row of
 * `folder`), or else asked for (the project as `resolveProject` does, then one of its items).
 * Undefined when the person dismissed a pick or the project has none.
 */
export async function resolveItem<K extends FolderKind>(
  services: Pick<Services, 'editions' | 'ui' | 'tree'>, node: DocsNode | undefined, folder: K, question: ItemQuestion<FolderItem<K>>,
): Promise<{ target: ProjectTarget; item: FolderItem<K> } | undefined> {
  const row = node?.kind === FOLDERS[folder].row.kind ? node as RowOf<K> : undefined;
  const target = await resolveProject(services, row ?? node, question.project);
  if (!target) return undefined;
  if (row) return { target, item: withRow(row, (_descriptor, item) => item as FolderItem<K>) };
  const items = await withProgress(question.reading(target.projectSlug), () => target.client.allItems(question.list(target.client, target.projectSlug, { priority: 'user' })));
  if (items.length === 0) {
    void services.ui.current.info(question.none(target.projectSlug));
    return undefined;
  }
  const picked = await services.ui.current.quickPick(items.map((item) => ({ ...question.choice(item), item })), { placeHolder: question.item, matchOnDescription: true, matchOnDetail: true });
  return picked && { target, item: picked.item };
}

/** What the palette's project and version questions read: the editions, the tree's lists, the workspace's projects. */
export type PaletteServices = Pick<Services, 'editions' | 'ui' | 'tree' | 'workspaceProjects'>;

/** How a palette command asks for a project. */
export interface ProjectQuestion {
  readonly title?: string;
  readonly placeHolder: string;
  /** Only this edition's projects (Private Docs: Business). */
  readonly edition?: Edition;
  /** Only the workspace's projects (a command that needs the folder): one is taken without asking. */
  readonly workspaceOnly?: boolean;
  /** Said when there is nothing to offer (workspaceOnly and no bound project). */
  readonly none?: string;
}

/** A project the palette gave, with its folder when the workspace builds it. */
export interface PaletteProject extends PickedProject {
  readonly bound?: BoundProject;
}

interface ProjectItem extends vscode.QuickPickItem {
  readonly edition: Edition;
  readonly project: Project;
  readonly bound?: BoundProject;
}

/**
 * The project a palette command acts on: this workspace's projects first (Enter takes the first),
 * then the account's other projects, from the list the tree holds when it holds the whole list,
 * else the binding's list (one request per edition, none when it holds it; while the pick shows).
 * Undefined when dismissed.
 */
export async function paletteProject(services: PaletteServices, question: ProjectQuestion): Promise<PaletteProject | undefined> {
  const editions = services.editions.signedIn.filter((edition) => question.edition === undefined || edition === question.edition);
  if (editions.length === 0) {
    void services.ui.current.info(l10n.t('Sign in to Read the Docs first.'));
    return undefined;
  }
  // A binding that failed says so in This Workspace; the palette still offers the account's projects.
  const bound = (await services.workspaceProjects.bound().catch(() => [])).filter((b) => editions.includes(b.edition));
  const itemOf = (edition: Edition, project: Project, folder?: BoundProject): ProjectItem => ({
    label: project.name,
    description: [project.slug, editions.length > 1 ? editionLabel(edition) : undefined, folder ? l10n.t('this workspace') : undefined].filter(Boolean).join(' · '),
    detail: project.repository.url || undefined,
    edition, project, bound: folder,
  });
  // A project built in two folders: once, unless the folder is what is asked for.
  const first = question.workspaceOnly
    ? bound.map((b): ProjectItem => ({ label: b.project.slug, description: b.folderPath, edition: b.edition, project: b.project, bound: b }))
    : bound.filter((b, index) => bound.findIndex((o) => o.edition === b.edition && o.project.slug === b.project.slug) === index).map((b) => itemOf(b.edition, b.project, b));
  if (question.workspaceOnly) {
    if (first.length === 0 && question.none) void services.ui.current.info(question.none);
    if (first.length <= 1) return first[0] && { edition: first[0].edition, project: first[0].project, bound: first[0].bound };
  }
  const load = async (): Promise<ProjectItem[]> => {
    if (question.workspaceOnly) return first;
    const lists = await Promise.all(editions.map(async (edition) => {
      const projects = services.tree.heldProjects(edition) ?? await services.workspaceProjects.account(edition);
      return projects.filter((project) => !first.some((f) => f.edition === edition && f.project.slug === project.slug)).map((project) => itemOf(edition, project));
    }));
    return [...first, ...lists.flat()];
  };
  const picked = await services.ui.current.quickPick(load(), { title: question.title, placeHolder: question.placeHolder, matchOnDescription: true });
  return picked && { edition: picked.edition, project: picked.project, bound: picked.bound };
}

/** A project and one of its versions, as a command acts on them. */
export interface ProjectVersion {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly version: Version;
}

/** How a command asks for a project and one of its active versions when its row does not say. */
export interface VersionQuestion {
  readonly project: string;
  readonly version: (projectSlug: string) => string;
}

/**
 * "A row, else the palette": the project and version a command acts on. A version row gives both;
 * a row of a project (the project, a folder) gives the project and the version is asked for; from
 * the palette the project is asked as `paletteProject` asks it (this workspace's first). The version
 * pick lists the active versions, the default first: from the tree's loaded Versions folder when it
 * holds them (a bound project's branch version before the default), else one list request.
 * Undefined when a pick was dismissed.
 */
export async function resolveVersion(services: PaletteServices, node: DocsNode | undefined, question: VersionQuestion): Promise<ProjectVersion | undefined> {
  if (node?.kind === 'version') return { edition: node.edition, projectSlug: node.projectSlug, version: node.version };
  const ref = node && projectRefOf(node);
  const picked = ref?.project ? { edition: ref.edition, project: ref.project } : await paletteProject(services, { placeHolder: question.project });
  if (!picked) return undefined;
  const { edition, project } = picked;
  const first = 'bound' in picked ? picked.bound?.versionSlug : undefined;
  const held = services.tree.heldActiveVersions(ref?.projectId ?? projectIdInTree(services.tree, edition, project));
  const placeHolder = question.version(project.slug);
  if (!held) {
    const version = await pickActiveVersion(services.ui, services.editions.requireClient(edition), project, placeHolder);
    return version && { edition, projectSlug: project.slug, version };
  }
  const rank = (version: Version) => (version.slug === first ? 0 : version.slug === project.defaultVersion ? 1 : 2);
  const ordered = held.map((version, index) => ({ version, index })).sort((a, b) => rank(a.version) - rank(b.version) || a.index - b.index);
  const chosen = await services.ui.current.quickPick(ordered.map(({ version }) => versionItem(version, project)), { placeHolder, matchOnDescription: true });
  return chosen && { edition, projectSlug: project.slug, version: chosen.version };
}
