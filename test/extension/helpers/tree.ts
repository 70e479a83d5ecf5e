// Tree lookups that load like the views do (through their providers' getChildren), and running a
// command with a scripted UI: shared by every extension-host test file.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Edition } from '../../../src/core/api/client';
import { type FolderKind } from '../../../src/core/tree/folders';
import { type DocsNode, type NodeOfKind } from '../../../src/core/tree/nodes';
import { type WorkspaceRow } from '../../../src/core/workspace/section';
import type { TestingApi } from '../../../src/vscode/testing';
import { type ScriptedUi } from './scriptedUi';

/** Runs a command with a scripted UI and returns what it returned. */
export async function run(testing: TestingApi, command: string, ui: ScriptedUi, ...args: unknown[]): Promise<unknown> {
  testing.setUi(ui);
  return await vscode.commands.executeCommand(command, ...args);
}

/** The children of `parent` (or the roots), asked of the provider as the view asks. */
export async function children(testing: TestingApi, parent?: DocsNode): Promise<DocsNode[]> {
  return (await testing.projects.provider.getChildren(parent)) ?? [];
}

/** The row VS Code draws for `node` (the provider answers at once). */
export function treeItem(testing: TestingApi, node: DocsNode): vscode.TreeItem {
  const item = testing.projects.provider.getTreeItem(node);
  if ('then' in item) assert.fail(`the row of ${node.id} was not drawn at once`);
  return item;
}

/** The loaded node with this id, found by walking down from the roots as the view would (undefined when the path does not lead there). */
export async function findNode(testing: TestingApi, id: string): Promise<DocsNode | undefined> {
  let rows = await children(testing);
  for (let depth = 0; depth < 12; depth++) {
    const exact = rows.find((c) => c.id === id);
    if (exact) return exact;
    const ancestor = rows.find((c) => id.startsWith(`${c.id}/`));
    if (!ancestor) return undefined;
    rows = await children(testing, ancestor);
  }
  return undefined;
}

/** Refresh (the view's title button without a node, a row's inline action with one). */
export async function refresh(node?: DocsNode): Promise<void> {
  await vscode.commands.executeCommand('readthedocs.refresh', node);
}

/**
 * The editions signed in, as the Projects view shows them: nothing (the welcome view) when none,
 * the rows of the one edition, or one row per edition when both are.
 */
export async function signedInEditions(testing: TestingApi): Promise<Edition[]> {
  return [...new Set((await children(testing)).map((n) => n.edition))];
}

/** A child of `parent` (or of the roots), loaded the way the view loads it. */
export async function childOf(testing: TestingApi, parent: DocsNode | undefined, test: (node: DocsNode) => boolean, what: string): Promise<DocsNode> {
  const rows = await children(testing, parent);
  const found = rows.find(test);
  if (!found) assert.fail(`${what} not found among ${rows.map((c) => c.id).join(', ')}`);
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
  return await children(testing, await folderNode(testing, slug, folder));
}

/** The version row as the tree shows it now (loading the folder again if it was refreshed). */
export async function versionNode(testing: TestingApi, slug: string, version: string): Promise<NodeOfKind<'version'>> {
  return await childOf(testing, await folderNode(testing, slug, 'versions'), (n) => n.kind === 'version' && n.version.slug === version, `${slug}/${version}`) as NodeOfKind<'version'>;
}

/** The rows of the "This Workspace" view under `parent` (or its top rows), asked of its provider as the view asks. */
export async function workspaceRows(testing: TestingApi, parent?: WorkspaceRow): Promise<WorkspaceRow[]> {
  return (await testing.workspaceView.provider.getChildren(parent)) ?? [];
}

/** The row VS Code draws for a "This Workspace" row. */
export async function workspaceItem(testing: TestingApi, row: WorkspaceRow): Promise<vscode.TreeItem> {
  return testing.workspaceView.provider.getTreeItem(row);
}
