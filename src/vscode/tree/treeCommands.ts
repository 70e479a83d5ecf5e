import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type BuildFilter, type VersionFilter, describeBuildFilter, describeVersionFilter } from '../../core/tree/filters';
import { folderNode } from '../../core/tree/loader';
import { type FolderKind } from '../../core/tree/folders';
import { type DocsNode, type NodeOfKind, nodeIds } from '../../core/tree/nodes';
import { withSuperproject } from '../../core/tree/superproject';
import { formatProjectFilter, projectFilterHelp, parseProjectFilter, validateProjectFilter } from '../../core/filters/projectFilter';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { pickProject, pickSignedInEdition, projectIdInTree, projectNodeOf } from './pickers';
import { type ProjectsTree } from './projectsTree';

/** refresh, loadMore, retry, filterVersions, filterBuilds, filterProjects, clearProjectFilter, revealSuperproject. */
export function registerTreeCommands(services: Services, tree: ProjectsTree): vscode.Disposable[] {
  const { reporter } = services;
  return [
    registerCommand(CommandIds.refresh, accepts.node, (node) => tree.refreshWithProgress(node), reporter),
    registerCommand(CommandIds.loadMore, accepts.nodeOf('loadMore'), async (node) => {
      if (node) await tree.loadMore(node);
    }, reporter),
    registerCommand(CommandIds.retry, accepts.node, (node) => {
      if (node) tree.retry(node);
      else tree.refresh();
    }, reporter),
    registerCommand(CommandIds.filterVersions, accepts.nodeOf('folder', 'project'), (node) => filterVersions(services, tree, node), reporter),
    registerCommand(CommandIds.filterBuilds, accepts.nodeOf('folder', 'project'), (node) => filterBuilds(services, tree, node), reporter),
    registerCommand(CommandIds.filterProjects, accepts.node, (node) => filterProjects(services, tree, node), reporter),
    registerCommand(CommandIds.clearProjectFilter, () => {
      for (const edition of tree.filters.projectsFiltered) tree.setProjectFilter(edition, {});
    }, reporter),
    registerCommand(CommandIds.revealSuperproject, accepts.nodeOf('superproject'), (node) => revealSuperproject(services, tree, node), reporter),
  ];
}

/**
 * `readthedocs.filterProjects`: the API's filters (name, slug, language, programming language)
 * typed as `words slug:… language:…`, pre-filled with the current filter; empty clears it.
 */
export async function filterProjects(services: Services, tree: ProjectsTree, node?: Pick<DocsNode, 'edition'>): Promise<void> {
  const edition = node ? node.edition : await pickSignedInEdition(services, vscode.l10n.t('Filter the projects of which Read the Docs?'));
  if (!edition) return;
  const text = await services.ui.current.inputBox({
    title: vscode.l10n.t('Filter Projects'),
    prompt: projectFilterHelp(),
    placeHolder: vscode.l10n.t('widgets language:en programming_language:py'),
    value: formatProjectFilter(tree.filters.projects(edition)),
    validateInput: validateProjectFilter,
  });
  if (text === undefined) return;
  const parsed = parseProjectFilter(text);
  if (!parsed.ok) return; // the box did not let it through
  tree.setProjectFilter(edition, parsed.filter);
}

/** `readthedocs.revealSuperproject`: selects the parent project's row (loading the path to it). */
export async function revealSuperproject(services: Services, tree: ProjectsTree, row?: NodeOfKind<'superproject'>): Promise<void> {
  if (!row) return;
  const loaded = await withSuperproject(row, services.editions.requireClient(row.edition), { priority: 'user' });
  // The endpoint may not name the organization: the subproject's own organization row is the likely one.
  const subprojectRow = tree.find(row.projectId);
  const above = subprojectRow && tree.getParent(subprojectRow);
  const organization = loaded.project?.organization ?? (above?.kind === 'organization' ? above.organization.slug : undefined);
  const id = projectIdInTree(tree, row.edition, { slug: row.superprojectSlug, organization });
  await tree.reveal(id);
  if (!tree.find(id)) void services.ui.current.info(vscode.l10n.t('{0} is not in the projects list (a filter may hide it).', row.superprojectSlug));
}

interface FolderTarget {
  readonly edition: Edition;
  readonly projectSlug: string;
  /** The folder's id when it is (or may be) in the tree. */
  readonly folderId: string;
}

/** A folder or project row a filter command was run on. */
type FilterRow = NodeOfKind<'folder' | 'project'>;

/** The folder a filter command acts on: the node's own folder, a project's, or a picked project's. */
async function folderTarget(services: Services, node: FilterRow | undefined, folder: FolderKind): Promise<FolderTarget | undefined> {
  if (node?.kind === 'folder') return { edition: node.edition, projectSlug: node.project.slug, folderId: node.id };
  if (node?.kind === 'project') return { edition: node.edition, projectSlug: node.project.slug, folderId: nodeIds.folder(node.id, folder) };
  const picked = await pickProject(services, folder === 'versions' ? vscode.l10n.t('Filter the versions of which project?') : vscode.l10n.t('Filter the builds of which project?'));
  if (!picked) return undefined;
  const project = projectNodeOf(services, picked);
  return { edition: picked.edition, projectSlug: picked.project.slug, folderId: folderNode(project, folder).id };
}

interface FilterItem<F> extends vscode.QuickPickItem {
  readonly apply: (current: F) => F | Promise<F | undefined> | undefined;
}

export async function filterVersions(services: Services, tree: ProjectsTree, node?: FilterRow): Promise<void> {
  const target = await folderTarget(services, node, 'versions');
  if (!target) return;
  const current = tree.filters.versions(target.edition, target.projectSlug);
  const mark = (on: boolean) => (on ? '$(check) ' : '');
  const items: FilterItem<VersionFilter>[] = [
    { label: `${mark(isCleared(current))}${vscode.l10n.t('All versions')}`, apply: () => ({}) },
    { label: `${mark(current.active === true)}${vscode.l10n.t('Active only')}`, apply: (f) => ({ ...f, active: true }) },
    { label: `${mark(current.active === false)}${vscode.l10n.t('Inactive only')}`, apply: (f) => ({ ...f, active: false }) },
    { label: `${mark(current.built === true)}${vscode.l10n.t('Built only')}`, apply: (f) => ({ ...f, built: true }) },
    { label: `${mark(current.built === false)}${vscode.l10n.t('Not built only')}`, apply: (f) => ({ ...f, built: false }) },
    { label: `${mark(current.type === 'branch')}${vscode.l10n.t('Branches only')}`, apply: (f) => ({ ...f, type: 'branch' }) },
    { label: `${mark(current.type === 'tag')}${vscode.l10n.t('Tags only')}`, apply: (f) => ({ ...f, type: 'tag' }) },
    {
      label: `${mark(!!current.name)}${vscode.l10n.t('Name contains…')}`,
      description: current.name,
      apply: async (f) => {
        const name = await services.ui.current.inputBox({ prompt: vscode.l10n.t('Show versions whose name contains (empty: any name)'), value: f.name ?? '' });
        return name === undefined ? undefined : { ...f, name };
      },
    },
    {
      label: vscode.l10n.t('{0}Slug…', mark(!!current.slug)),
      description: current.slug,
      apply: async (f) => {
        const slug = await services.ui.current.inputBox({ prompt: vscode.l10n.t('Show the version with exactly this slug (empty: any slug)'), value: f.slug ?? '' });
        return slug === undefined ? undefined : { ...f, slug };
      },
    },
    // Private versions exist on Read the Docs for Business only.
    ...(target.edition === 'business' ? [
      { label: vscode.l10n.t('{0}Public only', mark(current.privacyLevel === 'public')), apply: (f: VersionFilter) => ({ ...f, privacyLevel: 'public' as const }) },
      { label: vscode.l10n.t('{0}Private only', mark(current.privacyLevel === 'private')), apply: (f: VersionFilter) => ({ ...f, privacyLevel: 'private' as const }) },
    ] : []),
  ];
  const described = describeVersionFilter(current);
  const picked = await services.ui.current.quickPick(items, { placeHolder: described ? vscode.l10n.t('Filter versions (now: {0})', described) : vscode.l10n.t('Filter versions') });
  const next = picked && await picked.apply(current);
  if (!next) return;
  tree.filters.setVersions(target.edition, target.projectSlug, next);
  tree.refresh(target.folderId); // reloads the folder and redraws its label, which shows the filter
}

export async function filterBuilds(services: Services, tree: ProjectsTree, node?: FilterRow): Promise<void> {
  const target = await folderTarget(services, node, 'builds');
  if (!target) return;
  const current = tree.filters.builds(target.edition, target.projectSlug);
  const mark = (on: boolean) => (on ? '$(check) ' : '');
  const items: FilterItem<BuildFilter>[] = [
    { label: `${mark(isCleared(current))}${vscode.l10n.t('All builds')}`, apply: () => ({}) },
    { label: `${mark(current.running === true)}${vscode.l10n.t('Running only')}`, apply: (f) => ({ ...f, running: true }) },
    {
      label: `${mark(!!current.commit)}${vscode.l10n.t('By commit…')}`,
      description: current.commit,
      apply: async (f) => {
        const commit = await services.ui.current.inputBox({
          prompt: vscode.l10n.t('Show the builds of this commit (full hash; empty: any commit)'),
          value: f.commit ?? '',
          validateInput: (v) => (v.trim() === '' || /^[0-9a-f]{4,40}$/i.test(v.trim()) ? undefined : vscode.l10n.t('A commit hash: 4 to 40 hexadecimal characters.')),
        });
        return commit === undefined ? undefined : { ...f, commit };
      },
    },
  ];
  const described = describeBuildFilter(current);
  const picked = await services.ui.current.quickPick(items, { placeHolder: described ? vscode.l10n.t('Filter builds (now: {0})', described) : vscode.l10n.t('Filter builds') });
  const next = picked && await picked.apply(current);
  if (!next) return;
  tree.filters.setBuilds(target.edition, target.projectSlug, next);
  tree.refresh(target.folderId); // reloads the folder and redraws its label, which shows the filter
}

function isCleared(filter: object): boolean {
  return Object.values(filter).every((v) => v === undefined);
}
