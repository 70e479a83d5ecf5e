import { l10n } from '../l10n';
import { buildLabel, buildOutcome, formatDuration, outcomeFactsOfLog, outcomeLook } from '../builds/facts';
import { capitalise } from '../util/text';
import { type BuildLog, type LogCommand, isCommandRunning, isLogFinal } from '../models/buildLog';
import { type LogProblem } from './logProblem';
import { plainTerminalText } from '../util/terminalText';
import { truncatedCommands, truncationNotice } from './truncation';
import { REPORT_HEADER, reportRanges } from './zensicalProblems';
import { onOneLine, trimEndOf } from '../util/trim';

/**
 * A log of more commands shows its last this many (where a failure is): a build runs tens of
 * commands; a document of hundreds of thousands would take seconds to write and to fold.
 */
export const MAX_SHOWN_COMMANDS = 10_000;

/** A command's lines in the document: the `$ command` line to the last line of its output. */
export interface LogSection {
  readonly commandId: number;
  readonly startLine: number;
  readonly endLine: number;
}

export interface RenderedLog {
  readonly text: string;
  readonly sections: readonly LogSection[];
  /** Zensical's reports inside the sections (`reportRanges`), folded each on its own. */
  readonly reports?: readonly { readonly startLine: number; readonly endLine: number }[];
}

export interface LogDocumentInput {
  readonly log: BuildLog;
  readonly projectSlug: string;
  /** Plain-text failure reason from the build's notifications. */
  readonly reason?: string;
  readonly problems: readonly LogProblem[];
}

/**
 * The log document: a header (build, outcome, failure reason, truncation, problem counts, the
 * commands left out past MAX_SHOWN_COMMANDS) then one section per command: `$ <command line>`,
 * `# exit <code> · <duration>` (or `# running…`), then its output as the service stored it
 * (terminal and bidirectional controls removed).
 */
export function renderBuildLog({ log, projectSlug, reason, problems }: LogDocumentInput): RenderedLog {
  const lines: string[] = [];
  const sections: LogSection[] = [];
  const reports: { startLine: number; endLine: number }[] = [];
  const label = buildLabel({ id: log.id, version: log.versionSlug }, projectSlug);
  lines.push(`# ${capitalise(label)}: ${outcomeText(log)}`);
  if (reason) lines.push(`# Failure: ${plainTerminalText(reason)}`);
  const notice = truncationNotice(truncatedCommands(log.commands));
  if (notice) lines.push(`# ${notice}`);
  const counts = problemCounts(problems);
  if (counts) lines.push(`# ${counts}`);
  const hidden = Math.max(0, log.commands.length - MAX_SHOWN_COMMANDS);
  if (hidden > 0) lines.push(`# ${l10n.t('The first {0} commands are not shown: this log shows the last {1}.', hidden, MAX_SHOWN_COMMANDS)}`);
  if (log.commands.length === 0) {
    lines.push('', isLogFinal(log) ? l10n.t('# No command output was stored for this build.') : l10n.t('# No command has started yet.'));
  }
  // The commands' lines go in as whole outputs (counted, not split) and each status is worded
  // once: a log of 100,000 commands is otherwise mostly array and string churn.
  let lineCount = lines.length;
  const statuses = new Map<string, string>();
  for (const command of hidden > 0 ? log.commands.slice(hidden) : log.commands) {
    const startLine = lineCount + 1;
    const plain = plainTerminalText(command.output);
    const output = trimEndOf(plain.includes('\r') ? plain.replace(/\r\n?/g, '\n') : plain, '\n');
    // Three lines: a blank one, the command line, its status.
    lines.push(`\n$ ${oneLine(command.command)}\n# ${statusOf(command, statuses)}`);
    lineCount += 3;
    if (output) {
      lines.push(output);
      if (output.includes(REPORT_HEADER)) {
        for (const { startLine: start, endLine: end } of reportRanges(output.split('\n'))) reports.push({ startLine: lineCount + start, endLine: lineCount + end });
      }
      lineCount += 1 + lineBreaksIn(output);
    }
    sections.push({ commandId: command.id, startLine, endLine: lineCount - 1 });
  }
  if (!isLogFinal(log)) lines.push('', l10n.t('# The build is still running: this log grows as commands finish.'));
  return { text: `${lines.join('\n')}\n`, sections, reports };
}

function lineBreaksIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** `commandStatus`, worded once per exit code and duration. */
function statusOf(command: LogCommand, statuses: Map<string, string>): string {
  if (isCommandRunning(command)) return commandStatus(command);
  const key = `${command.exitCode}|${command.runSeconds}`;
  let status = statuses.get(key);
  if (status === undefined) statuses.set(key, (status = commandStatus(command)));
  return status;
}

function outcomeText(log: BuildLog): string {
  const outcome = buildOutcome(log, outcomeFactsOfLog(log));
  if (outcome === 'running') return `${log.state}…`;
  const word = outcomeLook(outcome).word();
  const duration = formatDuration(log.lengthSeconds);
  return duration && outcome !== 'cancelled' && outcome !== 'skipped' ? l10n.t('{0} ({1})', word, duration) : word;
}

function commandStatus(command: LogCommand): string {
  if (isCommandRunning(command)) return l10n.t('running…');
  const duration = formatDuration(command.runSeconds);
  return [l10n.t('exit {0}', command.exitCode ?? '?'), duration].filter(Boolean).join(' · ');
}

function oneLine(text: string): string {
  return onOneLine(plainTerminalText(text)).trim() || l10n.t('(no command line)');
}

/** `2 errors, 5 warnings` or undefined when there are none. */
export function problemCounts(problems: readonly LogProblem[]): string | undefined {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const parts = [
    errors === 0 ? '' : errors === 1 ? l10n.t('1 error') : l10n.t('{0} errors', errors),
    warnings === 0 ? '' : warnings === 1 ? l10n.t('1 warning') : l10n.t('{0} warnings', warnings),
  ].filter(Boolean);
  return parts.length ? l10n.t('{0} in this log', parts.join(', ')) : undefined;
}

/** What "Show Problems of This Build" says: how many problems went to the Problems panel, and how many stayed in the log. */
export function shownProblemsMessage(label: string, placed: number, logOnly: number): string {
  if (placed === 0 && logOnly === 0) return l10n.t('{0} has no warnings or errors.', capitalise(label));
  const inPanel = placed === 1 ? l10n.t('{0}: 1 problem in the Problems panel', capitalise(label)) : l10n.t('{0}: {1} problems in the Problems panel', capitalise(label), placed);
  return logOnly ? l10n.t('{0} ({1} more only in the log: their files are not in this workspace).', inPanel, logOnly) : l10n.t('{0}.', inPanel);
}
