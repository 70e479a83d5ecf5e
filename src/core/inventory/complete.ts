import { posix } from 'node:path';
import { type InventoryIndex } from './inventoryIndex';
import { type CrossReference } from './referenceAt';
import { type InventorySet, isCrossReferenceRole, typesFor } from './resolve';
import { AUTOREFS_ROLE, isDocRole, type ObjectType } from './roles';

/** Completion items offered per request at most; the list says it is incomplete, so typing asks again. */
export const MAX_COMPLETION_ITEMS = 200;
/** Documents of the project's own inventory compared with a `:doc:` target being typed, at most. */
export const MAX_COMPARED_DOCUMENTS = 20_000;

export interface Completion {
  /** What replaces the typed target. */
  readonly insertText: string;
  /** What the person's typing is matched against (the name without an intersphinx prefix). */
  readonly filterText: string;
  /** The title (section title of a label, document title, the object itself). */
  readonly detail: string;
  readonly type: ObjectType;
  /** Intersphinx name of the inventory, undefined for the project's own. */
  readonly inventoryName: string | undefined;
}

/**
 * Targets for the role being typed, from the project's own inventory first, then the named ones
 * (inserted with their `name:` prefix). `typed` is the text between the target's start and the
 * cursor; `python:tu` completes inside `python` only. Documents are offered relative to the
 * current document, as `:doc:` reads them.
 */
export function completionsFor(reference: Pick<CrossReference, 'role' | 'inventory'>, typed: string, set: InventorySet, currentDoc: string | undefined, limit = MAX_COMPLETION_ITEMS): Completion[] {
  if (!isCrossReferenceRole(reference.role)) return [];
  // autorefs identifiers are written without an inventory prefix, whichever inventory has them.
  const unprefixed = reference.role === AUTOREFS_ROLE;
  const colon = unprefixed ? -1 : typed.indexOf(':');
  const prefixed = colon > 0 ? set.named.get(typed.slice(0, colon)) : undefined;
  const explicit = reference.inventory !== undefined ? set.named.get(reference.inventory) : undefined;
  const sources: [string | undefined, InventoryIndex][] = explicit
    ? [[undefined, explicit]]
    : prefixed
      ? [[typed.slice(0, colon), prefixed]]
      : [...(set.own ? [[undefined, set.own] as [undefined, InventoryIndex]] : []), ...set.named];
  const wanted = prefixed && !explicit ? typed.slice(colon + 1) : typed;
  const out: Completion[] = [];
  for (const [name, inventory] of sources) {
    const types = typesFor(reference, inventory) ?? [];
    const own = inventory === set.own;
    if (isDocRole(reference.role) && own) {
      for (const entry of inventory.complete(types, '', MAX_COMPARED_DOCUMENTS)) {
        const relative = relativeDocName(entry.name, currentDoc);
        if (relative.toLowerCase().startsWith(wanted.toLowerCase())) out.push(completion(relative, entry.displayName, 'std:doc', undefined, undefined));
        if (out.length >= limit) return out;
      }
      continue;
    }
    for (const entry of inventory.complete(types, wanted, limit - out.length)) {
      out.push(completion(entry.name, entry.displayName, `${entry.domain}:${entry.type}` as ObjectType, own || explicit || unprefixed ? undefined : name, prefixed ? name : undefined));
    }
    if (out.length >= limit) break;
  }
  return out;
}

function completion(target: string, title: string, type: ObjectType, inventoryName: string | undefined, typedPrefix: string | undefined): Completion {
  const prefix = inventoryName ?? typedPrefix;
  return { insertText: prefix ? `${prefix}:${target}` : target, filterText: prefix && typedPrefix ? `${prefix}:${target}` : target, detail: title, type, inventoryName: prefix };
}

/** A document name as a `:doc:` target from `currentDoc` (`../installation`), absolute when there is no current document. */
export function relativeDocName(docName: string, currentDoc: string | undefined): string {
  if (currentDoc === undefined) return docName;
  const dir = posix.dirname(currentDoc);
  return dir === '.' ? docName : posix.relative(dir, docName);
}
