import { htmlToText, truncate } from '../html/plainText';
import { l10n } from '../l10n';
import { type LogCommand } from '../models/buildLog';
import { plainTerminalText } from '../util/terminalText';
import { type Notification } from '../models/notification';
import { trimEndOf } from '../util/trim';

/**
 * MkDocs `--strict` (`mkdocs.fail_on_warning`) ends a build that warned with `Aborted with 5 warnings
 * in strict mode!` (1.5+ also `Aborted with 2 warnings, 1 errors in strict mode!`; mkdocs/commands/build.py).
 */
const STRICT_ABORT = /^Aborted with \d+ \w+(?:, \d+ \w+)* in strict mode!$/m;

/**
 * Why a build failed: MkDocs' strict-mode abort when the log (`commands`, when known) ends with one,
 * as the server only says "Unknown problem" then; else from its notifications (the API's `error`
 * field is always empty): the error-type notifications first, as `Header: body` in plain text.
 * Undefined when there is none.
 */
export function failureReason(notifications: readonly Notification[], maxChars = 400, commands: readonly LogCommand[] = []): string | undefined {
  const abort = strictModeAbort(commands);
  if (abort) return truncate(l10n.t('MkDocs: {0}', abort), maxChars);
  const ordered = [...notifications.filter((n) => n.type === 'error'), ...notifications.filter((n) => n.type !== 'error')];
  const first = ordered[0];
  if (!first) return undefined;
  const header = trimEndOf(htmlToText(first.header, 120), '.:');
  const body = htmlToText(first.bodyHtml, maxChars);
  const text = header && body ? `${header}: ${body}` : header || body;
  return text ? truncate(text, maxChars) : undefined;
}

/** `Aborted with N warnings in strict mode!` from the last command that printed one. */
export function strictModeAbort(commands: readonly LogCommand[]): string | undefined {
  for (const command of [...commands].reverse()) {
    const match = STRICT_ABORT.exec(plainTerminalText(command.output.slice(-2000)));
    if (match) return match[0];
  }
  return undefined;
}
