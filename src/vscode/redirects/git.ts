import * as vscode from 'vscode';

/** The part of the vscode.git API the redirects use (extensions/git/src/api/git.d.ts). */
export interface GitChange { readonly uri: vscode.Uri; readonly originalUri: vscode.Uri; readonly renameUri: vscode.Uri | undefined; readonly status: number }
export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: { readonly HEAD: { readonly commit?: string } | undefined; readonly onDidChange: vscode.Event<void> };
  /** `git diff --name-status <ref1>...<ref2>`, read by the git extension. */
  diffBetween(ref1: string, ref2: string): Promise<GitChange[]>;
  getCommit(ref: string): Promise<{ readonly parents: readonly string[] }>;
}
export interface GitApi {
  readonly repositories: readonly GitRepository[];
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
  getRepository(uri: vscode.Uri): GitRepository | null;
}

/** The git extension's `Status` values of `diffBetween`'s changes (`D`, `R` of name-status). */
export const GIT_STATUS = { indexDeleted: 2, indexRenamed: 3, deleted: 6 } as const;

/** The git extension's API (activating it); undefined when it is missing. */
export async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
  if (!extension) return undefined;
  return (extension.isActive ? extension.exports : await extension.activate()).getAPI(1);
}
