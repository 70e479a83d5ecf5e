import * as vscode from 'vscode';
import { type Edition, type ReadTheDocsClient } from '../../core/api/client';
import { editionLabel } from '../../core/config';
import { type Page } from '../../core/models/page';
import { type Project } from '../../core/models/project';
import { type DocsNode, type FolderKind, isNodeOfKind, nodeIds } from '../../core/tree/nodes';
import { type Services } from '../services';
import { pickProject } from '../tree/pickers';

/** What the manage commands use from the services. */
export type ManageServices = Pick<Services, 'editions' | 'ui' | 'reporter' | 'tree' | 'logger'>;

/** A project a command acts on, with where it sits in the tree. */
export interface ProjectTarget {
  readonly edition: Edition;
  readonly client: ReadTheDocsClient;
  readonly slug: string;
  /** When the node or the pick carried it. */
  readonly project: Project | undefined;
  /** The project's node id (loaded or not): folders and items hang below it. */
  readonly projectId: string;
}

export function clientFor(services: ManageServices, edition: Edition): ReadTheDocsClient {
  const client = services.editions.client(edition);
  if (!client) throw new Error(`${editionLabel(edition)} is switched off in the settings.`);
  return client;
}

/** `<edition>[/org:<org>]/project:<slug>` of any node at or below a project. */
export function projectIdOf(node: DocsNode): string | undefined {
  if (node.kind === 'project') return node.id;
  return /^(.*?\/project:[^/]+)(?:\/|$)/.exec(node.id)?.[1];
}

/** The id a project's node has (or will have) in the tree, for a project found through the palette. */
export function guessProjectId(services: ManageServices, edition: Edition, slug: string, organization?: string): string {
  const direct = nodeIds.project(nodeIds.edition(edition), slug);
  if (services.tree.find(direct) || !organization) return direct;
  return nodeIds.project(nodeIds.organization(edition, organization), slug);
}

/** The slug of the project a node belongs to (project, folder, or an item below one). */
function projectSlugOf(node: DocsNode): string | undefined {
  switch (node.kind) {
    case 'project':
    case 'folder':
      return node.project.slug;
    case 'redirect':
    case 'environmentVariable':
    case 'subproject':
    case 'version':
    case 'build':
    case 'translation':
      return node.projectSlug;
    default:
      return undefined;
  }
}

/**
 * The project from a tree node, or else asked for (edition when several are signed in, then the
 * project). Undefined when the person dismissed a pick.
 */
export async function resolveProject(services: ManageServices, node: unknown, placeHolder: string): Promise<ProjectTarget | undefined> {
  if (isDocsNode(node)) {
    const slug = projectSlugOf(node);
    if (slug !== undefined) {
      const project = node.kind === 'project' || node.kind === 'folder' ? node.project : undefined;
      return {
        edition: node.edition,
        client: clientFor(services, node.edition),
        slug,
        project,
        projectId: projectIdOf(node) ?? guessProjectId(services, node.edition, slug),
      };
    }
  }
  const picked = await pickProject(services, placeHolder);
  if (!picked) return undefined;
  return {
    edition: picked.edition,
    client: clientFor(services, picked.edition),
    slug: picked.project.slug,
    project: picked.project,
    projectId: guessProjectId(services, picked.edition, picked.project.slug, picked.project.organization),
  };
}

export function isDocsNode(value: unknown): value is DocsNode {
  return typeof value === 'object' && value !== null && typeof (value as DocsNode).id === 'string'
    && typeof (value as DocsNode).kind === 'string' && typeof (value as DocsNode).edition === 'string';
}

export function nodeOfKind<K extends DocsNode['kind']>(value: unknown, kind: K) {
  return isNodeOfKind(value, kind) ? value : undefined;
}

/** Reloads a folder of the project after a write (only redrawn when it is shown). */
export function refreshFolder(services: ManageServices, target: Pick<ProjectTarget, 'projectId'>, folder: FolderKind): void {
  services.tree.refresh(nodeIds.folder(target.projectId, folder));
}

/** Loads every page of a list. */
export async function loadAll<T>(client: ReadTheDocsClient, first: Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of client.all(first, { priority: 'user' })) items.push(item);
  return items;
}

/** Runs `task` with a progress notification in the status bar area (writes are quick; lists may page). */
export function withProgress<T>(title: string, task: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, task));
}

export interface Labeled<T> extends vscode.QuickPickItem {
  readonly value: T;
}
