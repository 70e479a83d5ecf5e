import * as vscode from 'vscode';
import { errorDetail } from '../../core/api/describeError';
import { type Logger } from '../../core/log';

/** The part of the built-in git extension's API (`vscode.git`, `getAPI(1)`, extensions/git/src/api/git.d.ts) used here. */
export interface GitChange { readonly uri: vscode.Uri; readonly originalUri: vscode.Uri; readonly renameUri: vscode.Uri | undefined; readonly status: number }

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD: { readonly name?: string; readonly commit?: string } | undefined;
    readonly remotes: readonly { readonly name: string; readonly fetchUrl?: string; readonly pushUrl?: string }[];
    readonly onDidChange: vscode.Event<void>;
    readonly workingTreeChanges?: readonly GitChange[];
    readonly indexChanges?: readonly GitChange[];
  };
  /** Refs of the repository; tags (`type` 2) with the commit they point at (peeled). */
  getRefs?(query: { readonly pattern?: string }): Promise<readonly { readonly type: number; readonly name?: string; readonly commit?: string }[]>;
  /** `git diff --name-status <ref1>...<ref2>`, read by the git extension. */
  diffBetween(ref1: string, ref2: string): Promise<GitChange[]>;
  getCommit(ref: string): Promise<{ readonly parents: readonly string[] }>;
  /** `git merge-base <ref1> <ref2>`; undefined or a rejection when git cannot tell (a commit not fetched). */
  getMergeBase?(ref1: string, ref2: string): Promise<string | undefined>;
}

export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: readonly GitRepository[];
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
  readonly onDidCloseRepository: vscode.Event<GitRepository>;
  getRepository(uri: vscode.Uri): GitRepository | null;
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** The git extension's `Status` values of `diffBetween`'s changes (`D`, `R` of name-status). */
export const GIT_STATUS = { indexDeleted: 2, indexRenamed: 3, deleted: 6 } as const;

/**
 * The git extension's API, activating the extension; undefined when it is missing, turned off
 * (`git.enabled`) or fails to activate (logged). We run no git process of our own.
 */
export async function gitApi(logger: Logger): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) return undefined;
  try {
    const exports = extension.isActive ? extension.exports : await extension.activate();
    return exports.enabled ? exports.getAPI(1) : undefined;
  } catch (error) {
    logger.debug(`the git extension is not usable: ${errorDetail(error)}`);
    return undefined;
  }
}
