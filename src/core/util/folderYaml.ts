/**
 * The one reader of the folder's YAML files (`mkdocs.yml`, `.readthedocs.yaml`, the redirects
 * file), in time linear in the text: a size cap per kind of file, anchors, aliases and nesting
 * counted on yaml's syntax tree before a node is made or an alias resolved, no quadratic
 * duplicate-key scan, and each text parsed once for everyone who reads it.
 */
import type * as Yaml from 'yaml';
import { l10n } from '../l10n';
import { keptReadings } from './keptReadings';
import { loadYaml } from './yaml';

/** What the reader needs to know about a kind of file. */
export interface YamlFileKind {
  /** How the file is named to people ("mkdocs.yml"), at the start of a sentence. */
  readonly name: () => string;
  /** Longer texts are refused unparsed. */
  readonly maxChars: number;
  /** Tags beyond YAML's core schema (MkDocs' `!ENV`). */
  readonly customTags?: () => Yaml.Tags;
  /** A key given twice in one mapping is an error of the document (found in one pass per mapping). */
  readonly uniqueKeys?: boolean;
}

/** Anchors and aliases together a file may hold: configurations use a few, if any; each alias resolved scans them. */
export const MAX_YAML_ANCHORS_AND_ALIASES = 100;
/** Collections inside collections a file may nest: configurations nest a handful; yaml composes them recursively. */
export const MAX_YAML_DEPTH = 64;
/**
 * Values a file may stand for once each alias is counted as a copy of its anchor's value: what a
 * walk over the plain value may meet (a "billion laughs" file stands for 10^9 with 90 aliases).
 */
export const MAX_YAML_EXPANDED_VALUES = 100_000;
/** Texts of each kind whose reading is kept: the layout, the rules and the quick fixes read the same few. */
const KEPT_PER_KIND = 4;

/** A file as read: its first YAML document (`errors` hold its syntax errors) and its plain value. */
export interface FolderYaml {
  readonly refused?: undefined;
  readonly document: Yaml.Document.Parsed;
  /** The plain value (`toJS`, computed once), even when the document has errors; undefined when an alias cannot be resolved. */
  value(): unknown;
}

/** A file that is not read, with the reason in words for whoever shows it. */
export interface RefusedYaml {
  readonly refused: string;
}

/**
 * `text` read as a file of `kind`, shared: the same text (of the same kind) read again gets the
 * same reading, so its document must not be changed. Pure apart from that memory.
 */
export const readFolderYaml: (kind: YamlFileKind, text: string) => FolderYaml | RefusedYaml = keptReadings(parseFolderYaml, KEPT_PER_KIND);

/** `text` read as a file of `kind`, into a document of the caller's own (to change and write back). Pure. */
export function parseFolderYaml(kind: YamlFileKind, text: string): FolderYaml | RefusedYaml {
  if (text.length > kind.maxChars) return { refused: l10n.t('{0} is larger than {1} KB: it is not read.', kind.name(), Math.floor(kind.maxChars / 1024)) };
  const tokens = [...new (loadYaml().Parser)().parse(text)];
  const shape = shapeOf(tokens);
  if (shape.anchorsAndAliases > MAX_YAML_ANCHORS_AND_ALIASES) {
    return { refused: l10n.t('{0} holds more than {1} anchors and aliases: it is not read.', kind.name(), MAX_YAML_ANCHORS_AND_ALIASES) };
  }
  if (shape.depth > MAX_YAML_DEPTH) return { refused: l10n.t('{0} nests more than {1} levels deep: it is not read.', kind.name(), MAX_YAML_DEPTH) };
  const composer = new (loadYaml().Composer)({ customTags: kind.customTags?.(), logLevel: 'silent', uniqueKeys: false, keepSourceTokens: false });
  let document: Yaml.Document.Parsed | undefined;
  for (const next of composer.compose(tokens, true, text.length)) {
    if (!document) document = next;
    else {
      document.errors.push(new (loadYaml().YAMLParseError)(next.range.slice(0, 2) as [number, number], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
  }
  const parsed = document!;
  if (expandedSize(parsed.contents) > MAX_YAML_EXPANDED_VALUES) {
    return { refused: l10n.t('{0} stands for more than {1} values through its aliases: it is not read.', kind.name(), MAX_YAML_EXPANDED_VALUES) };
  }
  if (kind.uniqueKeys) parsed.errors.push(...duplicateKeys(parsed.contents));
  let value: { readonly is: unknown } | undefined;
  return {
    document: parsed,
    value: () => (value ??= { is: plainValue(parsed) }).is,
  };
}

/** The plain value; yaml's own alias guard (a scan of the whole document per alias) is off: `expandedSize` did its job. */
function plainValue(document: Yaml.Document.Parsed): unknown {
  try {
    return document.toJS({ maxAliasCount: -1 });
  } catch {
    return undefined;
  }
}

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);
const CHILDREN = ['start', 'key', 'sep', 'value', 'items', 'props', 'end'] as const;

/**
 * The anchors and aliases of the syntax tree and how deep its collections nest, in one pass
 * without recursion (the tree of a hostile text is as deep as the text is long); it stops once
 * either is over its limit.
 */
function shapeOf(tokens: readonly Yaml.CST.Token[]): { anchorsAndAliases: number; depth: number } {
  let anchorsAndAliases = 0;
  let depth = 0;
  const pending: [unknown, number][] = tokens.map((token) => [token, 0]);
  while (pending.length > 0) {
    const [node, level] = pending.pop()!;
    if (Array.isArray(node)) {
      for (const child of node) pending.push([child, level]);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const token = node as Partial<Record<(typeof CHILDREN)[number] | 'type', unknown>>;
    if (token.type === 'anchor' || token.type === 'alias') {
      if (++anchorsAndAliases > MAX_YAML_ANCHORS_AND_ALIASES) break;
      continue;
    }
    const inner = typeof token.type === 'string' && COLLECTIONS.has(token.type) ? level + 1 : level;
    depth = Math.max(depth, inner);
    if (depth > MAX_YAML_DEPTH) break;
    for (const child of CHILDREN) if (token[child] !== undefined) pending.push([token[child], inner]);
  }
  return { anchorsAndAliases, depth };
}

/**
 * How many values `root` stands for when each alias counts as a copy of the value of the anchor
 * before it, in one pass in document order; Infinity for an alias inside its own anchor's value
 * (a value that contains itself). The nesting is bounded (`MAX_YAML_DEPTH`) before this runs.
 */
function expandedSize(root: unknown): number {
  const anchored = new Map<string, number>();
  const sizeOf = (node: unknown): number => {
    if (loadYaml().isAlias(node)) return anchored.get(node.source) ?? 0;
    if (loadYaml().isPair(node)) return sizeOf(node.key) + sizeOf(node.value);
    if (!loadYaml().isNode(node)) return 0;
    const { anchor } = node;
    if (anchor) anchored.set(anchor, Infinity);
    let size = 1;
    if (loadYaml().isCollection(node)) for (const item of node.items) size += sizeOf(item);
    if (anchor) anchored.set(anchor, size);
    return size;
  };
  return sizeOf(root);
}

/** A key given again in the same mapping, each found through a set of that mapping's keys. */
function duplicateKeys(root: unknown): Yaml.YAMLParseError[] {
  const found: Yaml.YAMLParseError[] = [];
  const visit = (node: unknown): void => {
    if (loadYaml().isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = loadYaml().isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key) && loadYaml().isScalar(pair.key)) {
          const [start, end] = pair.key.range ?? [0, 1];
          found.push(new (loadYaml().YAMLParseError)([start, end], 'DUPLICATE_KEY', 'Map keys must be unique'));
        }
        seen.add(key);
        visit(pair.key);
        visit(pair.value);
      }
    } else if (loadYaml().isSeq(node)) {
      for (const item of node.items) visit(item);
    }
  };
  visit(root);
  return found;
}
