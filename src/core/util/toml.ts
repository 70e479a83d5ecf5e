/**
 * The folder's TOML files (`zensical.toml`), read the way the folder's YAML is (`folderYaml.ts`):
 * a size cap per kind of file, nesting counted before anything is used, `__proto__` and
 * `constructor` keys dropped, each text read once for everyone who asks. smol-toml is required on
 * first use (the first `zensical.toml` read), so start-up does not load it; the extension's bundle
 * maps it to its own file (dist/smol-toml.js). This is its only importer.
 */
import type * as Toml from 'smol-toml';
import { l10n } from '../l10n';
import { isJsonObject } from './json';
import { MAX_YAML_DEPTH } from './folderYaml';
import { keptReadings } from './keptReadings';

let toml: typeof Toml | undefined;

function loadToml(): typeof Toml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (toml ??= require('smol-toml') as typeof Toml);
}

/** What the reader needs to know about a kind of TOML file. */
export interface TomlFileKind {
  /** How the file is named to people ("zensical.toml"), at the start of a sentence. */
  readonly name: () => string;
  /** Longer texts are refused unparsed. */
  readonly maxChars: number;
}

/** A TOML file as data (its top-level table), or the reason it is not read (too long, too deep, not TOML). */
export type FolderToml = { readonly refused?: undefined; readonly value: Record<string, unknown> } | { readonly refused: string };

/** Texts of each kind whose reading is kept: the layout, the inventories and the upload read the same few. */
const KEPT_PER_KIND = 4;

/**
 * `text` read as a TOML file of `kind`, shared (the same text of the same kind gets the same
 * reading: never change its value). Tables and arrays may nest `MAX_YAML_DEPTH` levels, as YAML's.
 */
export const readFolderToml: (kind: TomlFileKind, text: string) => FolderToml = keptReadings(parseFolderToml, KEPT_PER_KIND);

function parseFolderToml(kind: TomlFileKind, text: string): FolderToml {
  if (text.length > kind.maxChars) return { refused: l10n.t('{0} is larger than {1} KB: it is not read.', kind.name(), Math.floor(kind.maxChars / 1024)) };
  let value: unknown;
  try {
    value = loadToml().parse(text, { maxDepth: MAX_YAML_DEPTH, unsafeKeyBehaviour: 'drop' });
  } catch (error) {
    const line = isJsonObject(error) && typeof error.line === 'number' ? error.line : undefined;
    return { refused: line === undefined ? l10n.t('{0} is not valid TOML: it is not read.', kind.name()) : l10n.t('{0} is not valid TOML (line {1}): it is not read.', kind.name(), line) };
  }
  if (deeperThan(value, MAX_YAML_DEPTH)) return { refused: l10n.t('{0} nests more than {1} levels deep: it is not read.', kind.name(), MAX_YAML_DEPTH) };
  return { value: isJsonObject(value) ? value : {} };
}

/**
 * True when tables and arrays nest more than `limit` levels (table headers and dotted keys make
 * depth that smol-toml's `maxDepth`, for inline values, does not count). One pass without
 * recursion, stopping past the limit.
 */
function deeperThan(root: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[root, 0]];
  while (pending.length > 0) {
    const [node, level] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (level > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) pending.push([child, level + 1]);
  }
  return false;
}
