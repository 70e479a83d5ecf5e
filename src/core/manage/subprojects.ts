/** Pure parts of the subproject commands (FACTS.md §11). */
import { l10n } from '../l10n';
import { type Project, type Subproject } from '../models/project';

/**
 * Projects that may become subprojects of `parent`, as far as the client can tell: not the parent,
 * not already its subproject, not a subproject elsewhere, not a translation. The server still has
 * the last word (projects with subprojects of their own, other organizations on Business).
 */
export function subprojectCandidates(parent: string, projects: readonly Project[], existing: readonly Subproject[]): Project[] {
  const children = new Set(existing.map((s) => s.child.slug));
  return projects.filter((p) => p.slug !== parent && !children.has(p.slug) && !p.subprojectOf && !p.translationOf);
}

/** `non_field_errors` about the alias ("Aliases can't contain slashes.") belong on the alias step. */
export function subprojectFieldOfMessage(message: string): string | undefined {
  return /alias/i.test(message) ? 'alias' : undefined;
}

/** Says in plain words why the server refused a child, after its own message. */
export function explainChildRefusal(child: string, serverMessage: string, edition: 'community' | 'business'): string {
  const rules = edition === 'business'
    ? l10n.t('A subproject must be a project you maintain that is not already a subproject and has no subprojects of its own and it must be in the same organization as the parent.')
    : l10n.t('A subproject must be a project you maintain that is not already a subproject and has no subprojects of its own.');
  return l10n.t('{0} cannot be a subproject here: {1} ({2})', child, serverMessage.replace(/\.?$/, '.'), rules);
}

/** Refusals about the parent that no input can fix. */
export function explainParentRefusal(parent: string, serverMessage: string): string {
  return /nesting/i.test(serverMessage)
    ? l10n.t('{0} is itself a subproject, and Read the Docs does not nest subprojects: add the subproject to the top project instead.', parent)
    : l10n.t('Read the Docs refused: {0}', serverMessage);
}
