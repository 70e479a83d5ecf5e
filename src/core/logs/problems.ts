import { type LogCommand } from '../models/buildLog';
import { IndexedText } from './indexedText';
import { type LogProblem, type ProblemSeverity } from './logProblem';
import { attachPages, mkdocsProblem } from './mkdocsProblems';
import { ZensicalReports } from './zensicalProblems';
import { plainTerminalText } from '../util/terminalText';

// Warnings and errors found in a build's output: Sphinx (`file:line: WARNING: message [type]`,
// without a line, `docstring of`, and `-W`'s "Warning, treated as error"), docutils system
// messages (`file:line: (ERROR/3) message`), MkDocs and its plugins (`WARNING  -  Doc file 'x.md' …`,
// autorefs, griffe, mkdocstrings: `mkdocsProblems.ts`), Zensical's reports (`zensicalProblems.ts`) and Python
// tracebacks whose frames reach into the checkout (a broken conf.py).

const SEVERITY: Record<string, ProblemSeverity | undefined> = {
  WARNING: 'warning', ERROR: 'error', CRITICAL: 'error', SEVERE: 'error',
};

// Sphinx: `<path>[:docstring of <obj>][:<line>]: <LEVEL>: <message>[ [<type>]]`
const SPHINX = /^(?<file>[^\s:][^:\n]*)(?::docstring of (?<obj>[^:\n]+))?(?::(?<line>\d+))?: (?<sev>WARNING|ERROR|CRITICAL|SEVERE): (?<msg>.*?)(?: \[(?<type>[\w.-]+)\])?$/;
// Sphinx, a message with no location: `WARNING: autodoc: failed to import …`
const SPHINX_BARE = /^(?<sev>WARNING|ERROR|CRITICAL): (?<msg>.*?)(?: \[(?<type>[\w.-]+)\])?$/;
// `sphinx-build -W` stops at the first warning and prints it without a level.
const TREATED_AS_ERROR = /^Warning, treated as error:$/;
const SPHINX_NO_LEVEL = /^(?<file>[^\s:][^:\n]*)(?::docstring of (?<obj>[^:\n]+))?(?::(?<line>\d+))?:(?<msg>\S.*)$/;
// docutils: `<path>:<line>: (ERROR/3) <message>`
const DOCUTILS = /^(?<file>[^\s:][^:\n]*)(?::(?<line>\d+))?: \((?<sev>INFO|WARNING|ERROR|SEVERE)\/\d\) (?<msg>.*)$/;
// MkDocs: `WARNING  -  <message>` (1.4) or `WARNING -  <message>` (1.5+)
const MKDOCS = /^(?<sev>WARNING|ERROR)\s+-\s+(?<msg>\S.*)$/;
const TRACEBACK_START = /^Traceback \(most recent call last\):\s*$/;
const FRAME = /^\s+File "(?<file>[^"]+)", line (?<line>\d+)/;
const EXCEPTION = /^(?<exc>[A-Z_][\w.]*)(?::\s?(?<msg>.*))?$/i;

/** Lines longer than this are output, not messages: skipping them keeps a 10 MB log fast. */
const MAX_LINE = 4000;

/** Every problem in the outputs, in log order, each reported once. */
export function findProblems(commands: readonly LogCommand[]): LogProblem[] {
  const seen = new Set<string>();
  const problems: LogProblem[] = [];
  for (const command of commands) {
    for (const problem of problemsInOutput(command.output, command.id)) {
      const key = `${problem.severity}|${problem.path}|${problem.docstringOf}|${problem.line}|${problem.column}|${problem.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}

export function problemsInOutput(output: string, commandId: number): LogProblem[] {
  const problems: LogProblem[] = [];
  const lines = plainTerminalText(output).split(/\r?\n/);
  let treatedAsError = false;
  let frames: { file: string; line: number }[] | undefined;
  const zensical = new ZensicalReports(commandId);
  for (const [index, raw] of lines.entries()) {
    if (raw.length > MAX_LINE) continue;
    const line = raw.trimEnd();
    problems.push(...zensical.read(line, index));
    if (frames) {
      const frame = FRAME.exec(line);
      if (frame?.groups) {
        frames.push({ file: frame.groups.file, line: Number(frame.groups.line) });
        continue;
      }
      if (line === '' || /^\s/.test(line)) continue; // source lines and carets under a frame
      const problem = tracebackProblem(frames, line, commandId);
      if (problem) problems.push(problem);
      frames = undefined;
      continue;
    }
    if (TRACEBACK_START.test(line)) {
      frames = [];
      continue;
    }
    if (treatedAsError) {
      treatedAsError = false;
      const match = SPHINX_NO_LEVEL.exec(line);
      if (match?.groups && !SPHINX.test(line)) {
        problems.push(sphinxProblem('error', match.groups, commandId));
        continue;
      }
    }
    if (TREATED_AS_ERROR.test(line)) {
      treatedAsError = true;
      continue;
    }
    const problem = lineProblem(line, commandId);
    if (problem) problems.push(problem);
  }
  problems.push(...zensical.end());
  return attachPages(problems);
}

function lineProblem(line: string, commandId: number): LogProblem | undefined {
  if (!/WARNING|ERROR|CRITICAL|SEVERE/.test(line)) return undefined;
  const docutils = DOCUTILS.exec(line);
  if (docutils?.groups) {
    const severity = SEVERITY[docutils.groups.sev];
    if (!severity) return undefined; // INFO/1
    return {
      severity, message: docutils.groups.msg, code: 'docutils', tool: 'docutils', path: docutils.groups.file, base: 'sphinx',
      line: lineNumber(docutils.groups.line), commandId,
    };
  }
  const sphinx = SPHINX.exec(line);
  if (sphinx?.groups) return sphinxProblem(SEVERITY[sphinx.groups.sev] ?? 'warning', sphinx.groups, commandId);
  const bare = SPHINX_BARE.exec(line);
  if (bare?.groups) {
    return {
      severity: SEVERITY[bare.groups.sev] ?? 'warning', message: bare.groups.msg, code: bare.groups.type ?? 'sphinx', tool: 'sphinx',
      path: undefined, base: 'sphinx', line: undefined, commandId,
    };
  }
  const mkdocs = MKDOCS.exec(line);
  if (mkdocs?.groups) return mkdocsProblem(SEVERITY[mkdocs.groups.sev] ?? 'warning', mkdocs.groups.msg, commandId);
  return undefined;
}

function sphinxProblem(severity: ProblemSeverity, groups: Record<string, string | undefined>, commandId: number): LogProblem {
  const file = groups.file!;
  const docutils = groups.type === 'docutils';
  return {
    severity,
    message: groups.msg ?? '',
    code: groups.type ?? 'sphinx',
    tool: docutils ? 'docutils' : 'sphinx',
    path: file === '<unknown>' ? undefined : file,
    base: 'sphinx',
    line: lineNumber(groups.line),
    ...(groups.obj ? { docstringOf: groups.obj, locate: definitionTexts(groups.obj) } : {}),
    commandId,
  };
}

/** `def spin`, `class Gizmo`, `spin =` for `gizmo.Gizmo.spin`: where the documented object is defined. */
function definitionTexts(dotted: string): string[] {
  const name = dotted.split('.').pop() ?? dotted;
  return [`def ${name}(`, `class ${name}`, `${name} =`];
}

/** The deepest frame inside the checkout, with the exception line as the message. */
function tracebackProblem(frames: readonly { file: string; line: number }[], line: string, commandId: number): LogProblem | undefined {
  const exception = EXCEPTION.exec(line);
  if (!exception?.groups) return undefined;
  const frame = [...frames].reverse().find((f) => f.file.includes('/checkouts/') && !f.file.includes('/site-packages/'));
  if (!frame) return undefined;
  const exc = exception.groups.exc;
  return {
    severity: 'error',
    message: exception.groups.msg ? `${exc}: ${exception.groups.msg}` : exc,
    code: exc.split('.').pop() ?? exc,
    tool: 'python',
    path: frame.file,
    base: 'checkout',
    line: frame.line,
    commandId,
  };
}

function lineNumber(text: string | undefined): number | undefined {
  const n = text === undefined ? NaN : Number(text);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The 1-based line of a problem that the log did not place precisely: the first line containing
 * one of `locate` (tried in order), shifted by a docstring's own line; else the given line or 1.
 */
export function resolveLine(problem: Pick<LogProblem, 'line' | 'locate' | 'docstringOf'>, fileText: string | undefined): number {
  return locatedLine(problem, fileText === undefined ? undefined : new IndexedText(fileText)) ?? (problem.docstringOf ? 1 : problem.line ?? 1);
}

/** The line where the file says one of `locate` (see `resolveLine`); undefined when it says none. */
export function locatedLine(problem: Pick<LogProblem, 'line' | 'locate' | 'docstringOf'>, file: IndexedText | undefined): number | undefined {
  if (file === undefined || !problem.locate?.length) return undefined;
  for (const text of problem.locate) {
    // A line holds no line break: such a text is on no line.
    const at = /[\r\n]/.test(text) ? -1 : file.indexOf(text);
    if (at >= 0) return file.lineOf(at) + 1 + (problem.docstringOf ? problem.line ?? 1 : 0);
  }
  return undefined;
}
