import { buildLabel, formatDuration } from '../builds/facts';
import { capitalise } from '../util/text';
import { type BuildLog, type LogCommand, isCommandRunning, isLogFinal } from './buildLog';
import { type LogProblem } from './problems';
import { stripAnsi } from './text';
import { truncatedCommands, truncationNotice } from './truncation';

/** A command's lines in the document: the `$ command` line to the last line of its output. */
export interface LogSection {
  readonly commandId: number;
  readonly startLine: number;
  readonly endLine: number;
}

export interface RenderedLog {
  readonly text: string;
  readonly sections: readonly LogSection[];
}

export interface LogDocumentInput {
  readonly log: BuildLog;
  readonly projectSlug: string;
  /** Plain-text failure reason from the build's notifications. */
  readonly reason?: string;
  readonly problems: readonly LogProblem[];
}

/**
 * The log document: a header (build, outcome, failure reason, truncation, problem counts) then
 * one section per command: `$ <command line>`, `# exit <code> · <duration>` (or `# running…`),
 * then its output as the service stored it (terminal colours removed).
 */
export function renderBuildLog({ log, projectSlug, reason, problems }: LogDocumentInput): RenderedLog {
  const lines: string[] = [];
  const sections: LogSection[] = [];
  const label = buildLabel({ id: log.id, version: log.versionSlug }, projectSlug);
  lines.push(`# ${capitalise(label)}: ${outcomeText(log)}`);
  if (reason) lines.push(`# Failure: ${reason}`);
  const notice = truncationNotice(truncatedCommands(log.commands));
  if (notice) lines.push(`# ${notice}`);
  const counts = problemCounts(problems);
  if (counts) lines.push(`# ${counts}`);
  if (log.commands.length === 0) {
    lines.push('', isLogFinal(log) ? '# No command output was stored for this build.' : '# No command has started yet.');
  }
  for (const command of log.commands) {
    lines.push('');
    const startLine = lines.length;
    lines.push(`$ ${oneLine(command.command)}`, `# ${commandStatus(command)}`);
    const output = stripAnsi(command.output).replace(/\r\n?/g, '\n').replace(/\n+$/, '');
    if (output) for (const line of output.split('\n')) lines.push(line);
    sections.push({ commandId: command.id, startLine, endLine: lines.length - 1 });
  }
  if (!isLogFinal(log)) lines.push('', '# The build is still running: this log grows as commands finish.');
  return { text: `${lines.join('\n')}\n`, sections };
}

function outcomeText(log: BuildLog): string {
  const duration = formatDuration(log.lengthSeconds);
  if (!isLogFinal(log)) return `${log.state}…`;
  if (log.state === 'cancelled') return 'cancelled';
  const outcome = log.success === false ? 'failed' : 'succeeded';
  return duration ? `${outcome} (${duration})` : outcome;
}

function commandStatus(command: LogCommand): string {
  if (isCommandRunning(command)) return 'running…';
  const duration = formatDuration(command.runSeconds);
  return [`exit ${command.exitCode ?? '?'}`, duration].filter(Boolean).join(' · ');
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim() || '(no command line)';
}

/** `2 errors, 5 warnings` or undefined when there are none. */
export function problemCounts(problems: readonly LogProblem[]): string | undefined {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const parts = [errors ? `${errors} error${errors === 1 ? '' : 's'}` : '', warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : ''].filter(Boolean);
  return parts.length ? `${parts.join(', ')} in this log` : undefined;
}

/** What "Show Problems of This Build" says: how many problems went to the Problems panel, and how many stayed in the log. */
export function shownProblemsMessage(label: string, placed: number, logOnly: number): string {
  if (placed === 0 && logOnly === 0) return `${capitalise(label)} has no warnings or errors.`;
  const elsewhere = logOnly ? ` (${logOnly} more only in the log: their files are not in this workspace)` : '';
  return `${capitalise(label)}: ${placed} problem${placed === 1 ? '' : 's'} in the Problems panel${elsewhere}.`;
}
