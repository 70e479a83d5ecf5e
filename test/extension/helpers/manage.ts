// Shared setup of the manage*.test.ts files: one sandbox per file, signed in as the owner,
// tree lookups that load like the view does, and request-log filters.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type FolderKind } from '../../../src/core/tree/folders';
import { type DocsNode, type NodeOfKind } from '../../../src/core/tree/nodes';
import type { TestingApi } from '../../../src/vscode/testing';
import { type RequestLogEntry, type Sandbox, type SandboxOptions, startSandbox } from '../../sandbox';
import { getTesting, setEditionUrls, signInWith, signOutAll, waitFor } from './host';
import { ScriptedUi } from './scriptedUi';

export interface ManageContext {
  sandbox: Sandbox;
  testing: TestingApi;
}

/** `before`/`after` hooks: a fresh sandbox, its edition pointed at it (the other switched off), signed in as the owner. */
export function useSignedInSandbox(options: SandboxOptions = {}): ManageContext {
  const edition = options.edition ?? 'community';
  const context = {} as ManageContext;
  before(async function () {
    this.timeout(60_000);
    context.sandbox = await startSandbox({ buildStepMs: 100, ...options });
    context.testing = await getTesting();
    await signOutAll(context.testing);
    await setEditionUrls(edition === 'community' ? { community: context.sandbox.origin, business: '' } : { community: '', business: context.sandbox.origin });
    await waitFor(() => context.testing.editions.origin(edition) === context.sandbox.origin, `the ${edition} client to follow the setting`);
    await signInWith(context.testing, context.sandbox.tokens.owner, edition);
    await waitFor(() => context.testing.editions.signedIn.includes(edition), 'the sign-in');
  });
  after(async function () {
    this.timeout(30_000);
    if (context.testing) await signOutAll(context.testing);
    await setEditionUrls({ community: '', business: '' });
    await context.sandbox?.close();
  });
  return context;
}

/** Runs a command with a scripted UI and returns what it returned. */
export async function run(testing: TestingApi, command: string, ui: ScriptedUi, ...args: unknown[]): Promise<unknown> {
  testing.setUi(ui);
  return await vscode.commands.executeCommand(command, ...args);
}

/** A child of `parent` (or of the roots), loaded the way the view loads it. */
export async function childOf(testing: TestingApi, parent: DocsNode | undefined, test: (node: DocsNode) => boolean, what: string): Promise<DocsNode> {
  const children = await testing.tree.getChildren(parent);
  const found = children.find(test);
  if (!found) assert.fail(`${what} not found among ${children.map((c) => c.id).join(', ')}`);
  return found;
}

export async function projectNode(testing: TestingApi, slug: string): Promise<NodeOfKind<'project'>> {
  return await childOf(testing, undefined, (n) => n.kind === 'project' && n.project.slug === slug, `project ${slug}`) as NodeOfKind<'project'>;
}

export async function folderNode(testing: TestingApi, slug: string, folder: FolderKind): Promise<NodeOfKind<'folder'>> {
  const project = await projectNode(testing, slug);
  return await childOf(testing, project, (n) => n.kind === 'folder' && n.folder === folder, `${slug}/${folder}`) as NodeOfKind<'folder'>;
}

/** The rows of a folder as the tree shows them now. */
export async function folderRows(testing: TestingApi, slug: string, folder: FolderKind): Promise<DocsNode[]> {
  return await testing.tree.getChildren(await folderNode(testing, slug, folder));
}

/** Everything a tree row shows (label, description, tooltip) plus the node data, as one string. */
export function rowText(testing: TestingApi, node: DocsNode): string {
  const item = testing.tree.getTreeItem(node);
  const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip ?? '');
  const label = typeof item.label === 'object' ? item.label.label : String(item.label ?? '');
  return [label, String(item.description ?? ''), tooltip, JSON.stringify(node)].join('\n');
}

export function writes(sandbox: Sandbox, method?: string): RequestLogEntry[] {
  return sandbox.requests.filter((r) => (method ? r.method === method : r.method !== 'GET' && r.method !== 'OPTIONS'));
}
