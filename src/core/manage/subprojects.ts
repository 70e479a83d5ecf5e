/** Pure parts of the subproject commands (FACTS.md §11). */
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
  const rules = [
    'a subproject must be a project you maintain',
    'that is not already a subproject',
    'and has no subprojects of its own',
    ...(edition === 'business' ? ['and it must be in the same organization as the parent'] : []),
  ].join(' ');
  return `${child} cannot be a subproject here: ${serverMessage.replace(/\.?$/, '.')} (${rules[0]!.toUpperCase()}${rules.slice(1)}.)`;
}

/** Refusals about the parent that no input can fix. */
export function explainParentRefusal(parent: string, serverMessage: string): string {
  return /nesting/i.test(serverMessage)
    ? `${parent} is itself a subproject, and Read the Docs does not nest subprojects: add the subproject to the top project instead.`
    : `Read the Docs refused: ${serverMessage}`;
}
