import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from './host';

/** The part of the vscode.git API the tests read (extensions/git/src/api/git.d.ts). */
export interface GitRepository { readonly state: { readonly HEAD: { readonly commit?: string } | undefined }; status(): Promise<void> }
export interface GitApi { getRepository(uri: vscode.Uri): GitRepository | null }

export async function gitApi(): Promise<GitApi> {
  const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
  assert.ok(extension, 'the built-in git extension is present');
  return (extension.isActive ? extension.exports : await extension.activate()).getAPI(1);
}

/**
 * Deletes the folder's `.git` and waits until the git extension has closed the repository: left
 * open, its next refresh fails inside the extension host (an uncaught EPIPE in a later test file)
 * and its remotes would still bind the folder.
 */
export async function removeRepository(folder: vscode.Uri): Promise<void> {
  const api = await gitApi();
  const repository = api.getRepository(folder);
  rmSync(join(folder.fsPath, '.git'), { recursive: true, force: true });
  // A status run is where the git extension finds the repository gone and closes it.
  await repository?.status().catch(() => undefined);
  await waitFor(() => api.getRepository(folder) === null, 'the git extension to close the removed repository', 30_000, 100);
}
