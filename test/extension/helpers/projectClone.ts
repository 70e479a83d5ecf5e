import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { gitIn } from '../../helpers/git';
import { removeRepository } from './gitExtension';

/** A repository's files: path (`/`-separated) → text. */
export type RepositoryFiles = Readonly<Record<string, string>>;

/**
 * Makes the workspace folder a clone of a repository holding `files` and nothing else: what the
 * folder held (the fixture workspace, but `.vscode`) is moved beside it, the files are written and
 * committed on `main`, `remote` is its origin. The returned function undoes it all: the git
 * extension closes the repository, the files go (and whatever the test added), the folder's own
 * entries come back.
 */
export function cloneInWorkspace(folder: vscode.Uri, files: RepositoryFiles, remote: string): () => Promise<void> {
  const root = folder.fsPath;
  const aside = mkdtempSync(join(dirname(root), `${basename(root)}-aside-`));
  const held = readdirSync(root).filter((name) => name !== '.vscode');
  for (const name of held) renameSync(join(root, name), join(aside, name));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const git = gitIn(root);
  git('init', '-q', '-b', 'main');
  git('remote', 'add', 'origin', remote);
  git('add', '-A');
  git('commit', '-q', '-m', 'Initial commit');
  return async () => {
    await removeRepository(folder);
    for (const name of readdirSync(root)) if (name !== '.vscode') rmSync(join(root, name), { recursive: true, force: true });
    for (const name of held) renameSync(join(aside, name), join(root, name));
    rmSync(aside, { recursive: true, force: true });
  };
}
