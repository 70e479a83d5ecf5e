import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Runs the real `git` CLI in `cwd` with a fixed identity (no global config needed, no signing),
 * for tests that make real repositories. Returns stdout.
 */
export function gitIn(cwd: string): (...args: string[]) => string {
  return (...args) => execFileSync('git', [
    '-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', '-c', 'protocol.file.allow=always', ...args,
  ], { cwd, stdio: 'pipe' }).toString();
}

/**
 * Makes `folder` (a copy of the fixture workspace) a clone of the sandbox's widgets on `main`:
 * one commit of README.md and docs/, with `remote` as its origin.
 */
export function makeWidgetsClone(folder: string, remote = 'git@github.com:Example-Org/widgets.git'): void {
  const git = gitIn(folder);
  git('init', '-q', '-b', 'main');
  git('remote', 'add', 'origin', remote);
  git('add', 'README.md', 'docs');
  git('commit', '-q', '-m', 'docs');
}

/**
 * Makes `folder` a clone of the sandbox's MkDocs project `mk-demo` on `main`: its repository's
 * files (`files`: path → text, test/fixtures/mkdocs-demo) written and committed, `remote` as its
 * origin. Returns the paths written, for the test to remove.
 */
export function makeMkDemoClone(folder: string, files: Record<string, string>, remote = 'git@github.com:example-org/mk-demo.git'): string[] {
  const paths = Object.keys(files);
  for (const path of paths) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), files[path]!);
  }
  const git = gitIn(folder);
  git('init', '-q', '-b', 'main');
  git('remote', 'add', 'origin', remote);
  git('add', ...paths);
  git('commit', '-q', '-m', 'docs');
  return paths;
}
