import { type LogCommand } from './buildLog';

/** Cold storage keeps each output's last 1,000,000 characters after this notice. */
const COLD_STORAGE_NOTICE = /^\s*\.\.\. \(truncated\) \.\.\./;
/** Written by the builder when an output is too large to store whole. */
const WRITE_TIME_NOTICE = /Output is too big\. Truncated at (\d+) bytes\./;

export interface Truncation {
  readonly commandId: number;
  readonly kind: 'coldStorage' | 'tooBig';
}

/** The commands whose output the service cut, and how. */
export function truncatedCommands(commands: readonly LogCommand[]): Truncation[] {
  return commands.flatMap((command): Truncation[] => {
    if (COLD_STORAGE_NOTICE.test(command.output.slice(0, 200))) return [{ commandId: command.id, kind: 'coldStorage' }];
    if (WRITE_TIME_NOTICE.test(command.output.slice(0, 200)) || WRITE_TIME_NOTICE.test(command.output.slice(-200))) {
      return [{ commandId: command.id, kind: 'tooBig' }];
    }
    return [];
  });
}

/** One sentence for the top of the log, or undefined when nothing was cut. */
export function truncationNotice(truncations: readonly Truncation[]): string | undefined {
  if (truncations.length === 0) return undefined;
  const cold = truncations.some((t) => t.kind === 'coldStorage');
  const what = truncations.length === 1 ? 'The output of 1 command was' : `The output of ${truncations.length} commands was`;
  return cold
    ? `${what} truncated by Read the Docs ("... (truncated) ..."): old builds keep only the last 1,000,000 characters of each output.`
    : `${what} truncated by Read the Docs ("Output is too big"): the rest is not stored.`;
}
