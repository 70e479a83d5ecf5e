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

export const PUBLIC_WARNING = 'Public values are given to pull-request builds too, so anyone who can open a pull request can read them. Keep secrets private.';

/** The confirmation of "Replace value…": what happens, in order, and what is kept when it fails. */
export function replaceConfirmation(name: string, projectSlug: string): { readonly message: string; readonly detail: string } {
  return {
    message: `Replace the value of ${name} in ${projectSlug}?`,
    detail: [
      'Read the Docs cannot change a value in place.',
      `This creates a new ${name} with the new value first, and deletes the old one only when that worked.`,
      'If Read the Docs refuses the new value, the old variable stays as it is.',
    ].join(' '),
  };
}
