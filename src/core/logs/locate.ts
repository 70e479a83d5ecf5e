import { type LogProblem } from './logProblem';
import { type ToolDirectories, repositoryCandidates, stripCheckout } from './paths';

/**
 * Repository-relative files a problem may be about, best first. Empty when it names no file or
 * a file outside the checkout (the virtualenv, the system): such problems stay in the log only.
 */
export function problemCandidates(problem: Pick<LogProblem, 'path' | 'base'>, dirs: ToolDirectories): string[] {
  if (problem.path === undefined) return [];
  switch (problem.base) {
    case 'checkout': {
      const path = stripCheckout(problem.path);
      return path ? [path] : [];
    }
    case 'mkdocsConfig':
      return [dirs.mkdocsConfig ?? 'mkdocs.yml'];
    case 'mkdocsDocs':
      return repositoryCandidates(problem.path, dirs.mkdocsDocs !== undefined ? [dirs.mkdocsDocs] : ['docs']);
    case 'python':
      return repositoryCandidates(problem.path, dirs.python.filter((dir) => dir !== ''));
    case 'sphinx':
      return repositoryCandidates(problem.path, dirs.sphinx !== undefined ? [dirs.sphinx] : []);
  }
}
