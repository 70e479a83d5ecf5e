import { l10n } from '../l10n';
/**
 * Pure parts of the environment variable commands (FACTS.md §12). Values are never part of any
 * text made here.
 */

/** The field a message without one is about: the project-wide size limit is fixed on the value step. */
export function envVarFieldOfMessage(message: string): string | undefined {
  return /size|KB|value/i.test(message) ? 'value' : undefined;
}

/** Names to refuse for a new variable: every existing name (the API itself allows duplicates). */
export function takenNames(variables: readonly { readonly name: string }[]): string[] {
  return [...new Set(variables.map((v) => v.name))];
}

export const publicWarning = (): string => l10n.t('Public values are given to pull-request builds too, so anyone who can open a pull request can read them. Keep secrets private.');

/** The confirmation of "Replace value…": what happens, in order, and what is kept when it fails. */
export function replaceConfirmation(name: string, projectSlug: string): { readonly message: string; readonly detail: string } {
  return {
    message: l10n.t('Replace the value of {0} in {1}?', name, projectSlug),
    detail: [
      l10n.t('Read the Docs cannot change a value in place.'),
      l10n.t('This creates a new {0} with the new value first, and deletes the old one only when that worked.', name),
      l10n.t('If Read the Docs refuses the new value, the old variable stays as it is.'),
    ].join(' '),
  };
}
