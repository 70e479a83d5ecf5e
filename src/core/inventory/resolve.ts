import { resolveDocTarget } from './docNames';
import { type InventoryIndex } from './inventoryIndex';
import { MAX_COMPARED_NAMES, nearestNames } from './nearest';
import { type InventoryEntry } from './parse';
import { type CrossReference } from './referenceAt';
import { AUTOREFS_ROLE, type ObjectType, isDocRole, typesOfRole } from './roles';

/** The inventories a document can reach: its own project's and the named (intersphinx) ones. */
export interface InventorySet {
  readonly own: InventoryIndex | undefined;
  /** Intersphinx name → inventory (subprojects by alias, translations by language, conf.py and setting mappings by name). */
  readonly named: ReadonlyMap<string, InventoryIndex>;
}

export type Resolution =
  /** `url` is undefined when the entry's `uri` is no web address: the target is known, but nothing links to it. */
  | { readonly kind: 'resolved'; readonly entry: InventoryEntry; readonly url: string | undefined; readonly inventory: InventoryIndex; readonly inventoryName: string | undefined }
  | { readonly kind: 'unresolved'; readonly name: string; readonly nearest: readonly string[] };

/** The inventory types a reference can point at in `inventory`; undefined: not a cross-reference role. */
export function typesFor(reference: Pick<CrossReference, 'role'>, inventory: InventoryIndex): readonly ObjectType[] | undefined {
  if (reference.role.startsWith('inv:')) return [reference.role.slice('inv:'.length) as ObjectType];
  const types = typesOfRole(reference.role);
  return types === 'any' ? inventory.types : types;
}

/** Whether the role is one this module resolves. */
export function isCrossReferenceRole(role: string): boolean {
  return role.startsWith('inv:') || typesOfRole(role) !== undefined;
}

/** The inventories to search and the name to look for, after an intersphinx prefix (`python:tut-intro`) or `inv:key`. */
function candidatesOf(reference: CrossReference, set: InventorySet, currentDoc: string | undefined): { name: string; inventories: [string | undefined, InventoryIndex][] } {
  const all: [string | undefined, InventoryIndex][] = [...(set.own ? [[undefined, set.own] as [undefined, InventoryIndex]] : []), ...set.named];
  if (reference.inventory !== undefined) {
    const named = set.named.get(reference.inventory);
    return { name: reference.target, inventories: named ? [[reference.inventory, named]] : [] };
  }
  // autorefs identifiers carry no inventory prefix: every inventory is searched.
  const colon = reference.role === AUTOREFS_ROLE ? -1 : reference.target.indexOf(':');
  if (colon > 0) {
    const key = reference.target.slice(0, colon);
    const named = set.named.get(key);
    if (named) return { name: reference.target.slice(colon + 1), inventories: [[key, named]] };
  }
  const name = isDocRole(reference.role) ? resolveDocTarget(reference.target, currentDoc) : reference.target;
  return { name, inventories: all };
}

/**
 * Resolves a reference like Sphinx (+ intersphinx) would; unresolved ones come with the nearest
 * names, unless `suggest` is false (then `nearest` is empty: a lookup only, without the comparisons).
 */
export function resolveReference(reference: CrossReference, set: InventorySet, currentDoc: string | undefined, suggest = true): Resolution | undefined {
  if (!isCrossReferenceRole(reference.role)) return undefined;
  const { name, inventories } = candidatesOf(reference, set, currentDoc);
  for (const [inventoryName, inventory] of inventories) {
    const types = typesFor(reference, inventory) ?? [];
    const entry = inventory.find(types, name);
    if (entry) return { kind: 'resolved', entry, url: inventory.urlOf(entry), inventory, inventoryName };
  }
  if (!suggest) return { kind: 'unresolved', name, nearest: [] };
  const pool = function* () {
    // Each inventory gets its share of the names compared.
    const share = Math.ceil(MAX_COMPARED_NAMES / Math.max(1, inventories.length));
    for (const [, inventory] of inventories) yield* inventory.suggestionNames(typesFor(reference, inventory) ?? [], name, share);
  };
  return { kind: 'unresolved', name, nearest: nearestNames(name, pool()) };
}
