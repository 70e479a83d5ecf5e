/**
 * Zensical's reports (FACTS.md §27; its `crates/zensical/src/python/issues.rs` drives ariadne), as
 * they read once terminal colours are stripped (`plainTerminalText`: ariadne colours every
 * character of the quoted line):
 *
 * ```
 * Warning: page does not exist
 *    ╭─[ folder1/test-file-1.md:9:68 ]
 *    │
 *  9 │ This is a file in folder 1. And a Link to [folder2/test-file-2.md](../folder2/test-file-2.md) …
 *    │                                                                    ────────────┬────────────
 *    │                                                                                ╰────────────── page does not exist
 * ───╯
 * ```
 *
 * The header is always `Warning: <message>`; the location `path:line:col`, the path relative to
 * `docs_dir`, line and column 1-based, columns counting characters (ariadne before 0.5 wrote
 * `╭─[path:line:col]`, without the spaces). An autoref inside a docstring has no span: one line,
 * `` unresolved autoref `<id>` in <page> ``, blamed on the page that renders it (as MkDocs'
 * autorefs does). Python's warnings (mkdocstrings, griffe) come as bare lines,
 * `griffe: zen_demo/core.py:28: No type or annotation for parameter 'text'`. `N issues found`
 * closes the list and `Aborted because --strict flag is set` a strict build
 * (`core/builds/failureReason.ts` reads those two).
 */
import { type LogProblem } from './logProblem';
import { mkdocsProblem } from './mkdocsProblems';

/** The start of a report's first line. */
export const REPORT_HEADER = 'Warning: ';
const LOCATION_START = '╭─[';
const BOX_END = '╯';
/** How far below its header a report's location may be (ariadne puts it on the next line). */
const LOCATION_WITHIN = 2;
/** The lines of a report Zensical prints (the quoted line with its labels, some context): a box longer than this is not one. */
const MAX_REPORT_LINES = 64;
const AUTOREF = /^unresolved autoref `(?<id>[^`]+)` in (?<page>\S.*)$/;
/** Zensical's messages (FACTS.md §27): a header without its box is one of them only when it says one of these. */
const MESSAGES = new Set([
  'unresolved link reference', 'unresolved footnote reference', 'unused link definition', 'unused footnote definition',
  'shadowed link definition', 'shadowed footnote definition', 'page does not exist', 'anchor does not exist', 'unresolved autoref',
]);

/** A report's location box `╭─[ path:line:col ]`: the path (spaces and colons kept), the line and the column. */
export function reportLocation(line: string): { path: string; line: number; column: number } | undefined {
  const start = line.indexOf(LOCATION_START);
  const end = line.lastIndexOf(']');
  if (start < 0 || end < start || line.slice(0, start).trim() !== '') return undefined;
  const inside = line.slice(start + LOCATION_START.length, end).trim();
  const columnAt = inside.lastIndexOf(':');
  const lineAt = inside.lastIndexOf(':', columnAt - 1);
  if (lineAt <= 0) return undefined;
  const lineNumber = Number(inside.slice(lineAt + 1, columnAt));
  const column = Number(inside.slice(columnAt + 1));
  if (!Number.isInteger(lineNumber) || lineNumber < 1 || !Number.isInteger(column) || column < 1) return undefined;
  return { path: inside.slice(0, lineAt), line: lineNumber, column };
}

/** Reads Zensical's reports line by line, in one pass (a report's location is at most two lines below its header). */
export class ZensicalReports {
  private header: { readonly message: string; readonly lineIndex: number } | undefined;

  constructor(private readonly commandId: number) {}

  /**
   * The problems a line completes: a header waits for its location; a header whose report has
   * none (the next header, or nothing within two lines) is a problem without a file when it says
   * one of Zensical's messages (another program's `Warning:` line is not Zensical's report).
   */
  read(line: string, lineIndex: number): LogProblem[] {
    const out: LogProblem[] = [];
    const pending = this.header;
    if (pending) {
      const location = reportLocation(line);
      if (location) {
        this.header = undefined;
        return [this.problem(pending.message, location)];
      }
      if (line.startsWith(REPORT_HEADER) || lineIndex - pending.lineIndex >= LOCATION_WITHIN) {
        this.header = undefined;
        if (MESSAGES.has(pending.message)) out.push(this.problem(pending.message, undefined));
      }
    }
    if (line.startsWith(REPORT_HEADER)) {
      this.header = { message: line.slice(REPORT_HEADER.length).trim(), lineIndex };
      return out;
    }
    const autoref = AUTOREF.exec(line)?.groups;
    if (autoref) out.push(this.autoref(line, autoref.id, autoref.page));
    else if (line.startsWith('griffe: ')) {
      const griffe = mkdocsProblem('warning', line, this.commandId);
      if (griffe.code === 'griffe') out.push({ ...griffe, tool: 'zensical' });
    }
    return out;
  }

  /** The report still waiting for its location when the output ends. */
  end(): LogProblem[] {
    const pending = this.header;
    this.header = undefined;
    return pending && MESSAGES.has(pending.message) ? [this.problem(pending.message, undefined)] : [];
  }

  private problem(message: string, location: { path: string; line: number; column: number } | undefined): LogProblem {
    const autoref = message === 'unresolved autoref';
    return {
      severity: 'warning', message, code: autoref ? 'autorefs' : `zensical.${message.replace(/\s+/g, '-')}`, tool: 'zensical',
      path: location?.path, base: 'mkdocsDocs', line: location?.line, column: location?.column, commandId: this.commandId,
    };
  }

  private autoref(message: string, id: string, page: string): LogProblem {
    return {
      severity: 'warning', message, code: 'autorefs', tool: 'zensical', path: page.trim(), base: 'mkdocsDocs', line: undefined,
      locate: [`[${id}]`, `[\`${id}\`]`, id], rendersPython: true, commandId: this.commandId,
    };
  }
}

/**
 * Where each report of the lines is, for folding: its `Warning:` line to the line closing its
 * box (`───╯`); a header whose box does not follow makes no range. One pass.
 */
export function reportRanges(lines: readonly string[], first = 0): { startLine: number; endLine: number }[] {
  const ranges: { startLine: number; endLine: number }[] = [];
  for (let i = first; i < lines.length; i += 1) {
    if (!lines[i]!.startsWith(REPORT_HEADER) || !reportLocation(lines[i + 1] ?? '')) continue;
    const last = Math.min(lines.length - 1, i + MAX_REPORT_LINES);
    let end = i + 1;
    while (end < last && !lines[end]!.trimEnd().endsWith(BOX_END)) end += 1;
    if (!lines[end]!.trimEnd().endsWith(BOX_END)) continue;
    ranges.push({ startLine: i, endLine: end });
    i = end;
  }
  return ranges;
}
