import { l10n } from '../l10n';
import { type LogCommand } from '../models/buildLog';

/** Cold storage keeps each output's last 1,000,000 characters after this notice. */
const COLD_STORAGE_NOTICE = /^\s*\.\.\. \(truncated\) \.\.\./;
/** Written by the builder when an output is too large to store whole. */
const WRITE_TIME_NOTICE = /Output is too big\. Truncated at \d+ bytes\./;

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
  const n = truncations.length;
  if (cold) {
    return n === 1 ? l10n.t('The output of 1 command was truncated by Read the Docs ("... (truncated) ..."): old builds keep only the last 1,000,000 characters of each output.')
      : l10n.t('The output of {0} commands was truncated by Read the Docs ("... (truncated) ..."): old builds keep only the last 1,000,000 characters of each output.', n);
  }
  return n === 1 ? l10n.t('The output of 1 command was truncated by Read the Docs ("Output is too big"): the rest is not stored.')
    : l10n.t('The output of {0} commands was truncated by Read the Docs ("Output is too big"): the rest is not stored.', n);
}
