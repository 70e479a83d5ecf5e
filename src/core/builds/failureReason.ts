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
/** Zensical `--strict` (FACTS.md §27): `N issues found` (`1 issue found`), then `Aborted because --strict flag is set`. */
const ZENSICAL_ABORT = /^Aborted because --strict flag is set$/m;
const ZENSICAL_ISSUES = /^(\d+) issues? found$/gm;

/**
 * Why a build failed: MkDocs' or Zensical's strict-mode abort when the log (`commands`, when known) ends with one,
 * as the server only says "Unknown problem" then; else from its notifications (the API's `error`
 * field is always empty): the error-type notifications first, as `Header: body` in plain text.
 * Undefined when there is none.
 */
export function failureReason(notifications: readonly Notification[], maxChars = 400, commands: readonly LogCommand[] = []): string | undefined {
  const abort = strictModeAbort(commands);
  if (abort) return truncate(abort, maxChars);
  const ordered = [...notifications.filter((n) => n.type === 'error'), ...notifications.filter((n) => n.type !== 'error')];
  const first = ordered[0];
  if (!first) return undefined;
  const header = trimEndOf(htmlToText(first.header, 120), '.:');
  const body = htmlToText(first.bodyHtml, maxChars);
  const text = header && body ? `${header}: ${body}` : header || body;
  return text ? truncate(text, maxChars) : undefined;
}

/** MkDocs' `Aborted with N warnings in strict mode!` or Zensical's strict abort (with its issue count), from the last command that printed one, in words. */
function strictModeAbort(commands: readonly LogCommand[]): string | undefined {
  for (const command of [...commands].reverse()) {
    const tail = plainTerminalText(command.output.slice(-2000));
    const mkdocs = STRICT_ABORT.exec(tail);
    if (mkdocs) return l10n.t('MkDocs: {0}', mkdocs[0]);
    if (ZENSICAL_ABORT.test(tail)) {
      const issues = [...tail.matchAll(ZENSICAL_ISSUES)].pop()?.[1];
      return issues === undefined ? l10n.t('Zensical: aborted because --strict flag is set')
        : Number(issues) === 1 ? l10n.t('Zensical: 1 issue found, aborted because --strict flag is set')
          : l10n.t('Zensical: {0} issues found, aborted because --strict flag is set', issues);
    }
  }
  return undefined;
}
