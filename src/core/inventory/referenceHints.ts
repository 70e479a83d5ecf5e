import { type AuthoringLanguage, documentReferences } from './referenceAt';
import { type InventorySet, resolveReference } from './resolve';
import { AUTOREFS_ROLE, typesOfRole } from './roles';

/**
 * References of one document looked up at most, per check: a lookup is a map read, so this bounds
 * a check after an edit to a few milliseconds however long the page.
 */
export const MAX_CHECKED_REFERENCES = 5_000;
/**
 * References of one document read per check at most, looked up or not (other roles, anchors):
 * the rest of the document is not split into references.
 */
export const MAX_READ_REFERENCES = 20_000;
/** Hints given per document at most; the rest of its unresolved targets go unmarked. */
export const MAX_REFERENCE_HINTS = 1_000;

/** A `:ref:`/`:doc:` target of the document that no inventory publishes. */
export interface ReferenceHint {
  readonly line: number;
  /** Where the target is on its line. */
  readonly start: number;
  readonly end: number;
  /** The name looked for (a `:doc:` target resolved against the current document). */
  readonly name: string;
}

/** Labels, documents and autorefs identifiers are the project's own; an unknown one is likely a typo. */
function isLocalTarget(role: string): boolean {
  if (role === AUTOREFS_ROLE) return true;
  const types = typesOfRole(role);
  return Array.isArray(types) && (types.includes('std:label') || types.includes('std:doc'));
}

/**
 * The local targets (`:ref:`, `:doc:`, their MyST forms, autorefs identifiers with a dot) of a document that the project's
 * inventories do not publish. No "did you mean" here: that compares thousands of names per target,
 * so the hover of a target computes it when it is shown. Nothing is judged without the project's
 * own inventory. At most `MAX_READ_REFERENCES` read, `MAX_CHECKED_REFERENCES` looked up and
 * `MAX_REFERENCE_HINTS` returned.
 */
export function referenceHints(
  lineAt: (line: number) => string, lineCount: number, language: AuthoringLanguage, set: InventorySet, docName: string | undefined,
): ReferenceHint[] {
  const hints: ReferenceHint[] = [];
  if (!set.own) return hints;
  let checked = 0;
  for (const { line, reference } of documentReferences({ lineAt, lineCount }, language, MAX_READ_REFERENCES)) {
    if (reference.anchorOnly || !isLocalTarget(reference.role)) continue;
    if (++checked > MAX_CHECKED_REFERENCES) return hints;
    const resolution = resolveReference(reference, set, docName, false);
    if (resolution?.kind !== 'unresolved') continue;
    hints.push({ line, start: reference.targetStart, end: reference.targetEnd, name: resolution.name });
    if (hints.length === MAX_REFERENCE_HINTS) return hints;
  }
  return hints;
}
