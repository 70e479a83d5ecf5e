/**
 * Environment variable rules. The API checks only the lengths; the name rules are the dashboard's
 * (`EnvironmentVariableForm.clean_name`, `rtd:readthedocs/projects/forms.py`), which the API does not
 * apply, so the client applies them itself (FACTS.md §12, GOTCHAS.md 17).
 *
 * The total size of a project's values (256,000 characters) cannot be checked here: the API never
 * returns values, so the current total is unknown. The server's refusal is shown when it happens.
 */
import { l10n } from '../l10n';
import { tooLong } from './text';

export const MAX_ENV_VAR_NAME_LENGTH = 128;
export const MAX_ENV_VAR_VALUE_LENGTH = 48000;

/**
 * `existingNames`: the names of the project's variables. Like the dashboard, the comparisons are
 * case-sensitive: `READTHEDOCS_X` is refused, `readthedocs_x` and `_READTHEDOCS` are allowed.
 */
export function validateEnvVarName(name: string, existingNames: readonly string[]): string | undefined {
  if (name === '') return l10n.t('Enter a name, for example MY_SETTING.');
  if (name.startsWith('__')) return l10n.t("Variable name can't start with __ (double underscore).");
  if (name.startsWith('READTHEDOCS')) return l10n.t("Variable name can't start with READTHEDOCS: those names are reserved for Read the Docs.");
  if (/\s/.test(name)) return l10n.t("Variable name can't contain spaces.");
  if (!/^\w+$/.test(name)) return l10n.t('Only letters, numbers and underscore are allowed (A-Z, a-z, 0-9, _).');
  return tooLong(name, MAX_ENV_VAR_NAME_LENGTH, l10n.t('the name'))
    ?? (existingNames.includes(name) ? l10n.t('There is already a variable named {0} in this project.', name) : undefined);
}

/** The value is never echoed in a message. */
export function validateEnvVarValue(value: string): string | undefined {
  if (value.trim() === '') return l10n.t('Enter a value.');
  return tooLong(value, MAX_ENV_VAR_VALUE_LENGTH, l10n.t('the value'));
}
