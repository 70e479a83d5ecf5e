import { webUrlOf } from '../validation/urls';
import { type InventoryEntry, type ParsedInventory, flatStringBytes } from './parse';
import { CASE_INSENSITIVE_TYPES, type ObjectType } from './roles';

/** Lookup form of a name: labels and terms are matched without regard to case. */
function lookupName(type: ObjectType, name: string): string {
  return CASE_INSENSITIVE_TYPES.has(type) ? name.toLowerCase() : name;
}

/** Bytes an entry holds besides its strings once its type was used: the object, its map slot, its places in the sorted lists (measured on Python's inventory: bench/lib/parser.ts). */
const ENTRY_OVERHEAD_BYTES = 150;

interface TypeTable {
  readonly folded: boolean;
  /** The entries of the type in inventory order, until `byName` is built from them. */
  entries: InventoryEntry[] | undefined;
  /** Lookup names to entries, built on the first lookup of the type (most types of an inventory never are). */
  byName?: Map<string, InventoryEntry>;
  /** Lowercased names, sorted, for prefix search; `order[i]` is the entry of `sorted[i]`. */
  sorted?: string[];
  order?: InventoryEntry[];
}

/**
 * One inventory ready for lookups: exact names per `domain:type` (case folded where Sphinx folds
 * it) and sorted name lists for prefix completion, each built on the type's first use (then a
 * map lookup, or a binary search).
 */
export class InventoryIndex {
  readonly project: string;
  readonly version: string;
  readonly size: number;
  /**
   * Memory the index holds once every type was used: its strings as the parser counted them (or
   * as two-byte ones), a case-folded key for each name of a folded type, and a fixed cost per
   * entry (measured: bench/lib/parser.ts).
   */
  readonly heldBytes: number;
  private readonly tables = new Map<ObjectType, TypeTable>();
  /** The root as a URL, its path cut after the last `/`: every link of the inventory stays under it. */
  private readonly root: URL | undefined;

  /** `rootUrl`: the documentation root of the version (`…/en/latest/`), what `uri` is relative to. */
  constructor(parsed: ParsedInventory, readonly rootUrl: string) {
    this.project = parsed.project;
    this.root = webUrlOf(rootUrl.slice(0, rootUrl.lastIndexOf('/') + 1) || rootUrl);
    this.version = parsed.version;
    this.size = parsed.entries.length;
    this.heldBytes = groupByType(parsed, this.tables) + parsed.entries.length * ENTRY_OVERHEAD_BYTES;
  }

  get types(): readonly ObjectType[] {
    return [...this.tables.keys()];
  }

  find(types: readonly ObjectType[], name: string): InventoryEntry | undefined {
    for (const type of types) {
      const table = this.tables.get(type);
      const entry = table && byNameOf(table).get(lookupName(type, name));
      if (entry) return entry;
    }
    return undefined;
  }

  /** Entries of `types` whose name starts with `prefix` (case-insensitive), in name order, at most `limit`. */
  complete(types: readonly ObjectType[], prefix: string, limit: number): InventoryEntry[] {
    const wanted = prefix.toLowerCase();
    const out: InventoryEntry[] = [];
    for (const type of types) {
      const table = this.tables.get(type);
      if (!table) continue;
      const { sorted, order } = this.sortedOf(table);
      for (let i = lowerBound(sorted, wanted); i < sorted.length && out.length < limit && sorted[i].startsWith(wanted); i++) out.push(order[i]);
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * At most `limit` names of `types` to compare with `wanted` for "did you mean": every name of a
   * table that fits, else the names around `wanted` in name order (those share its longest prefix).
   */
  *suggestionNames(types: readonly ObjectType[], wanted: string, limit: number): Iterable<string> {
    let left = limit;
    for (const type of types) {
      const table = this.tables.get(type);
      if (!table || left <= 0) continue;
      const byName = byNameOf(table);
      if (byName.size <= left) {
        yield* byName.keys();
        left -= byName.size;
        continue;
      }
      const { sorted, order } = this.sortedOf(table);
      const from = Math.max(0, Math.min(lowerBound(sorted, wanted.toLowerCase()) - (left >> 1), sorted.length - left));
      for (let i = from; i < from + left; i++) yield lookupName(type, order[i].name);
      left = 0;
    }
  }

  /**
   * The published URL of an entry; undefined when its `uri` is no web address (`command:`, `file:`, …)
   * or leads off the inventory's root (`//other.host/x`, `https://other.host/`, `../../x`): a docs
   * host vouches only for its own pages.
   */
  urlOf(entry: InventoryEntry): string | undefined {
    const root = this.root;
    const url = root && webUrlOf(entry.uri, root);
    return url && url.origin === root.origin && url.pathname.startsWith(root.pathname) ? url.href : undefined;
  }

  private sortedOf(table: TypeTable): { sorted: string[]; order: InventoryEntry[] } {
    if (!table.sorted || !table.order) {
      const pairs = [...byNameOf(table).values()].map((entry) => [entry.name.toLowerCase(), entry] as const);
      pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      table.sorted = pairs.map((p) => p[0]);
      table.order = pairs.map((p) => p[1]);
    }
    return { sorted: table.sorted, order: table.order };
  }
}

/**
 * Puts each entry in the table of its type, and says what their strings and the case-folded keys
 * will take: the parser's count, else each string as its own two-byte one (entries made elsewhere).
 */
function groupByType(parsed: ParsedInventory, tables: Map<ObjectType, TypeTable>): number {
  let stringBytes = parsed.stringBytes ?? 0;
  const counted = parsed.stringBytes !== undefined;
  // Entries come mostly grouped by kind, and a parsed inventory shares one domain and type string per kind.
  const byDomain = new Map<string, Map<string, TypeTable>>();
  let domain: string | undefined;
  let kind: string | undefined;
  let table: TypeTable | undefined;
  for (const entry of parsed.entries) {
    if (entry.domain !== domain || entry.type !== kind || !table) {
      domain = entry.domain;
      kind = entry.type;
      let ofDomain = byDomain.get(domain);
      if (!ofDomain) byDomain.set(domain, ofDomain = new Map());
      table = ofDomain.get(kind);
      if (!table) {
        const type = `${domain}:${kind}` as ObjectType;
        table = tables.get(type);
        if (!table) tables.set(type, table = { folded: CASE_INSENSITIVE_TYPES.has(type), entries: [] });
        ofDomain.set(kind, table);
      }
    }
    table.entries!.push(entry);
    if (table.folded) stringBytes += flatStringBytes(entry.name.length, false);
    if (!counted) {
      stringBytes += flatStringBytes(entry.name.length, true) + flatStringBytes(entry.uri.length, true)
        + (entry.displayName === entry.name ? 0 : flatStringBytes(entry.displayName.length, true));
    }
  }
  return stringBytes;
}

/** The table's lookup names, built from its entries on first use; the first entry of a name wins, as in Sphinx's intersphinx. */
function byNameOf(table: TypeTable): Map<string, InventoryEntry> {
  if (!table.byName) {
    const byName = new Map<string, InventoryEntry>();
    for (const entry of table.entries ?? []) {
      const key = table.folded ? entry.name.toLowerCase() : entry.name;
      if (!byName.has(key)) byName.set(key, entry);
    }
    table.byName = byName;
    table.entries = undefined;
  }
  return table.byName;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
