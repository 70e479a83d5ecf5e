import { execFileSync } from 'node:child_process';

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
