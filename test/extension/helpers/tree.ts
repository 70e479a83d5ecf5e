// Tree lookups that load like the view does (through the provider's getChildren), and running a
// command with a scripted UI: shared by every extension-host test file.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type FolderKind } from '../../../src/core/tree/folders';
import { type DocsNode, type NodeOfKind } from '../../../src/core/tree/nodes';
import type { TestingApi } from '../../../src/vscode/testing';
import { type ScriptedUi } from './scriptedUi';

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

/** The version row as the tree shows it now (loading the folder again if it was refreshed). */
export async function versionNode(testing: TestingApi, slug: string, version: string): Promise<NodeOfKind<'version'>> {
  return await childOf(testing, await folderNode(testing, slug, 'versions'), (n) => n.kind === 'version' && n.version.slug === version, `${slug}/${version}`) as NodeOfKind<'version'>;
}
