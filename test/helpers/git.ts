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
