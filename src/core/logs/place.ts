import { IndexedText } from './indexedText';
import { problemCandidates } from './locate';
import { type ToolDirectories, repositoryCandidates } from './paths';
import { type LogProblem } from './logProblem';
import { locatedLine, resolveLine } from './problems';

/**
 * The workspace's files, by repository-relative path. Make one per mapping of a build's problems:
 * each file is read and indexed once for the problems placed with the same object.
 */
export interface ProblemFiles {
  exists(path: string): Promise<boolean>;
  read(path: string): Promise<string | undefined>;
}

export interface Placement {
  /** Repository-relative, `/` separators. */
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  /** 0-based, in UTF-16 code units as editors count (the log's column counts characters); undefined: the whole line. */
  readonly column?: number;
}

/**
 * The file and line a problem goes on: the first candidate file that exists, at the line the log
 * gives or where the file says the problem's text. An autorefs reference its page does not say is
 * looked for in the Python modules the page renders (`::: mk_demo.core`), else it goes on line 1 of
 * the page. Undefined when no file is in the workspace (the problem stays in the log).
 */
export async function placeProblem(problem: LogProblem, dirs: ToolDirectories, files: ProblemFiles): Promise<Placement | undefined> {
  const path = await firstExisting(problemCandidates(problem, dirs), files);
  if (path === undefined) return undefined;
  const needsText = problem.locate !== undefined || problem.docstringOf !== undefined || problem.column !== undefined;
  const text = needsText ? await indexedFile(files, path) : undefined;
  if (problem.column !== undefined && problem.line !== undefined) {
    return { path, line: problem.line, column: text && codeUnitColumn(text.lineAt(problem.line - 1), problem.column) };
  }
  const found = locatedLine(problem, text);
  if (found !== undefined) return { path, line: found };
  if (problem.rendersPython && text !== undefined) {
    for (const module of renderedModules(text.text)) {
      const source = await firstExisting(module.flatMap((file) => repositoryCandidates(file, dirs.python.filter((d) => d !== ''))), files);
      const line = source === undefined ? undefined : locatedLine(problem, await indexedFile(files, source));
      if (source !== undefined && line !== undefined) return { path: source, line };
    }
  }
  return { path, line: resolveLine(problem, undefined) };
}

/**
 * The module files a page renders with mkdocstrings (`::: a.b.C`), each as its candidate paths
 * relative to a python path: `a/b/C.py`, `a/b/C/__init__.py`, then `a/b.py`, `a/b/__init__.py`, ….
 */
export function renderedModules(pageText: string): string[][] {
  const modules: string[][] = [];
  for (const match of pageText.matchAll(/^\s{0,3}::: *([A-Z_][\w.]*)\s*$/gim)) {
    const parts = match[1]!.split('.');
    const files: string[] = [];
    for (let n = parts.length; n > 0; n -= 1) {
      const stem = parts.slice(0, n).join('/');
      files.push(`${stem}.py`, `${stem}/__init__.py`);
    }
    modules.push(files);
  }
  return modules;
}

/** The 0-based UTF-16 offset of a 1-based column counted in characters (code points); undefined past the line's end. */
export function codeUnitColumn(lineText: string | undefined, column: number): number | undefined {
  if (lineText === undefined) return undefined;
  let offset = 0;
  for (let n = 1; n < column; n += 1) {
    if (offset >= lineText.length) return undefined;
    offset += lineText.codePointAt(offset)! > 0xffff ? 2 : 1;
  }
  return offset <= lineText.length ? offset : undefined;
}

const indexedFiles = new WeakMap<ProblemFiles, Map<string, Promise<IndexedText | undefined>>>();

/** The file's text, indexed once per `files` (one mapping of a build's problems), however many problems it holds. */
function indexedFile(files: ProblemFiles, path: string): Promise<IndexedText | undefined> {
  let byPath = indexedFiles.get(files);
  if (!byPath) indexedFiles.set(files, (byPath = new Map()));
  let file = byPath.get(path);
  if (!file) byPath.set(path, (file = files.read(path).then((text) => text === undefined ? undefined : new IndexedText(text))));
  return file;
}

async function firstExisting(candidates: readonly string[], files: ProblemFiles): Promise<string | undefined> {
  for (const candidate of candidates) if (await files.exists(candidate)) return candidate;
  return undefined;
}
