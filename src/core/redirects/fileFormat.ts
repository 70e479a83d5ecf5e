/**
 * The redirects file, in the format `readthedocs-cli` users keep (`docs/redirects.yaml`): a YAML
 * list of `{type, from_url, to_url}` with the optional `http_status`, `force`, `enabled` and
 * `description`; the list order is the position order. Parsed with every problem located; written
 * back through the same YAML document, so comments and untouched values stay as the person wrote them.
 */
import { l10n } from '../l10n';
import type { Document, Node as YamlNode, YAMLMap } from 'yaml';
import { type YamlFileKind, parseFolderYaml } from '../util/folderYaml';
import { loadYaml } from '../util/yaml';
import { type RedirectRule, RULE_DEFAULTS, normalizeRule, ruleKey, ruleUsesUrls } from './rule';

/** Offsets into the file text (start inclusive, end exclusive). */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

export interface FileProblem {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly range: TextRange;
  /** The entry (0-based position in the list) the problem is about, when it is about one. */
  readonly entry?: number;
}

export type RuleField = 'type' | 'from_url' | 'to_url' | 'http_status' | 'force' | 'enabled' | 'description';

export interface FileEntry {
  readonly rule: RedirectRule;
  /** Its place in the YAML list (0-based). */
  readonly index: number;
  /** Where the entry is, and where each field it sets is (its value). */
  readonly range: TextRange;
  readonly fields: Partial<Record<RuleField, TextRange>>;
}

export interface ParsedRedirectsFile {
  /** The entries that have a usable type, in file order. */
  readonly entries: readonly FileEntry[];
  readonly problems: readonly FileProblem[];
}

const FIELDS: readonly RuleField[] = ['type', 'from_url', 'to_url', 'http_status', 'force', 'enabled', 'description'];

/** The largest redirects file read, in characters (10,000 entries with long URLs take about 3 MB). */
export const MAX_REDIRECTS_FILE_CHARS = 10 * 1024 * 1024;
/** Entries a redirects file may hold (the server allows 100 per project on Community). */
export const MAX_REDIRECTS_FILE_ENTRIES = 10_000;

/** Lines a redirects file may have: 20 per entry (every field, a comment, a blank line) and more. */
export const MAX_REDIRECTS_FILE_LINES = 20 * MAX_REDIRECTS_FILE_ENTRIES;

/** The redirects file for the folder's YAML reader (never kept: it may take megabytes, and a write changes its document). */
const REDIRECTS_YAML: YamlFileKind = { name: () => l10n.t('The redirects file'), maxChars: MAX_REDIRECTS_FILE_CHARS, uniqueKeys: true };

/**
 * Lines of `text`, and the entries that start at the first column (`- ` there: a list item of the
 * top level, since anything inside an item is indented), counted in one pass without parsing.
 */
function countLines(text: string): { lines: number; topItems: number } {
  let topItems = 0;
  for (let start = 0, lines = 1; ; lines++) {
    const next = text.charCodeAt(start + 1);
    if (text.charCodeAt(start) === 45 /* - */ && (Number.isNaN(next) || next === 32 || next === 9 || next === 10 || next === 13)) topItems++;
    const newline = text.indexOf('\n', start);
    if (newline < 0) return { lines, topItems };
    start = newline + 1;
  }
}

/**
 * The redirects file's entries and problems. A file over `MAX_REDIRECTS_FILE_CHARS` characters or
 * `MAX_REDIRECTS_FILE_LINES` lines, or with more than `maxEntries` items at the first column, is
 * refused before the YAML is parsed (that takes about 0.1 ms per entry).
 */
export function parseRedirectsFile(text: string, maxEntries = MAX_REDIRECTS_FILE_ENTRIES): ParsedRedirectsFile {
  if (lastParsed?.text === text && lastParsed.maxEntries === maxEntries) return lastParsed.parsed;
  const parsed = parseText(text, maxEntries);
  lastParsed = { text, maxEntries, parsed };
  return parsed;
}

/** The file parsed last: after an edit, its diagnostics and the pull requests' deleted-page check read the same text. */
let lastParsed: { readonly text: string; readonly maxEntries: number; readonly parsed: ParsedRedirectsFile } | undefined;

function parseText(text: string, maxEntries: number): ParsedRedirectsFile {
  const refused = (message: string): ParsedRedirectsFile => ({ entries: [], problems: [{ severity: 'error', message, range: { start: 0, end: 1 } }] });
  if (text.length > MAX_REDIRECTS_FILE_CHARS) {
    return refused(l10n.t('The redirects file is larger than {0} MB: it is not read.', MAX_REDIRECTS_FILE_CHARS / (1024 * 1024)));
  }
  const { lines, topItems } = countLines(text);
  if (lines > MAX_REDIRECTS_FILE_LINES) return refused(l10n.t('The redirects file has more than {0} lines: it is not read.', MAX_REDIRECTS_FILE_LINES));
  if (topItems > maxEntries) return refused(l10n.t('The redirects file holds {0} redirects, more than the {1} read: it is not read.', topItems, maxEntries));
  const read = parseFolderYaml(REDIRECTS_YAML, text);
  if (read.refused !== undefined) return refused(read.refused);
  const doc = read.document;
  const problems: FileProblem[] = doc.errors.map((e) => ({ severity: 'error', message: `YAML: ${firstLine(e.message)}`, range: { start: e.pos[0], end: Math.max(e.pos[1], e.pos[0] + 1) } }));
  if (doc.errors.length) return { entries: [], problems };
  const root = doc.contents;
  if (root === null || (loadYaml().isScalar(root) && root.value === null)) return { entries: [], problems };
  if (!loadYaml().isSeq(root)) {
    problems.push({ severity: 'error', message: l10n.t('The redirects file is a YAML list of redirects, one "- type: page" entry each.'), range: rangeOf(root, text) });
    return { entries: [], problems };
  }
  if (root.items.length > maxEntries) {
    const message = l10n.t('The redirects file holds {0} redirects, more than the {1} read: it is not read.', root.items.length, maxEntries);
    problems.push({ severity: 'error', message, range: rangeOf(root, text) });
    return { entries: [], problems };
  }
  const entries: FileEntry[] = [];
  root.items.forEach((item, index) => {
    const entry = parseEntry(item as YamlNode, index, text, problems);
    if (entry) entries.push(entry);
  });
  return { entries, problems };
}

function parseEntry(item: YamlNode, index: number, text: string, problems: FileProblem[]): FileEntry | undefined {
  const range = rangeOf(item, text);
  const problem = (message: string, at: TextRange = range, severity: FileProblem['severity'] = 'error') =>
    problems.push({ severity, message: l10n.t('Redirect {0}: {1}', index + 1, message), range: at, entry: index });
  if (!loadYaml().isMap(item)) {
    problem(l10n.t('each redirect is a mapping with type, from_url and to_url.'));
    return undefined;
  }
  const values: Partial<Record<RuleField, unknown>> = {};
  const fields: Partial<Record<RuleField, TextRange>> = {};
  for (const pair of item.items) {
    const key = loadYaml().isScalar(pair.key) ? String(pair.key.value) : '';
    const valueNode = pair.value as YamlNode | null;
    const at = valueNode ? rangeOf(valueNode, text) : rangeOf(pair.key as YamlNode, text);
    if (!(FIELDS as readonly string[]).includes(key)) {
      const keyRange = rangeOf(pair.key as YamlNode, text);
      problem(key === 'position'
        ? l10n.t('position is ignored: the order of the list is the order on Read the Docs.')
        : l10n.t('unknown field "{0}" is ignored (fields: {1}).', key, FIELDS.join(', ')), keyRange, 'warning');
      continue;
    }
    fields[key as RuleField] = at;
    values[key as RuleField] = loadYaml().isScalar(valueNode) ? valueNode.value : valueNode === null ? null : valueNode;
  }
  const bad = (field: RuleField, expected: string) => problem(l10n.t('{0} must be {1}.', field, expected), fields[field] ?? range);
  const typed = <T>(field: RuleField, is: (value: unknown) => value is T, expected: string): T | undefined => {
    const value = values[field];
    if (value === undefined || value === null) return undefined;
    if (is(value)) return value;
    bad(field, expected);
    return undefined;
  };
  const text_ = (field: RuleField) => typed(field, (v): v is string => typeof v === 'string', l10n.t('a string'));
  const flag = (field: RuleField) => typed(field, (v): v is boolean => typeof v === 'boolean', l10n.t('true or false'));
  const type = text_('type');
  if (values.type === undefined) problem(l10n.t('type is required (page, exact, clean_url_to_html or html_to_clean_url).'));
  let httpStatus: 301 | 302 | undefined;
  const status = values.http_status;
  if (status !== undefined && status !== null) {
    if (status === 301 || status === 302) httpStatus = status;
    else bad('http_status', l10n.t('301 (permanent) or 302 (temporary)'));
  }
  const rule: RedirectRule = {
    type: type ?? '',
    fromUrl: text_('from_url') ?? '',
    toUrl: text_('to_url') ?? '',
    httpStatus: httpStatus ?? RULE_DEFAULTS.httpStatus,
    force: flag('force') ?? RULE_DEFAULTS.force,
    enabled: flag('enabled') ?? RULE_DEFAULTS.enabled,
    description: text_('description') ?? RULE_DEFAULTS.description,
  };
  return type === undefined ? undefined : { rule, index, range, fields };
}

/** The rule as a file entry: only the fields that differ from what the server assumes. */
export function entryOfRule(rule: RedirectRule): Record<string, unknown> {
  const entry: Record<string, unknown> = { type: rule.type };
  if (ruleUsesUrls(rule.type)) {
    entry.from_url = rule.fromUrl;
    entry.to_url = rule.toUrl;
  }
  if (rule.httpStatus !== RULE_DEFAULTS.httpStatus) entry.http_status = rule.httpStatus;
  if (rule.force !== RULE_DEFAULTS.force) entry.force = rule.force;
  if (rule.enabled !== RULE_DEFAULTS.enabled) entry.enabled = rule.enabled;
  if (rule.description !== RULE_DEFAULTS.description) entry.description = rule.description;
  return entry;
}

/**
 * The file text for `rules`, in that order. With `previous` (the file as it is), its comments and
 * the entries that stay are kept as written; a value is rewritten only when it means something
 * else (`/docs/` stays when the rule says `/docs`). `header` is the comment of a new file.
 */
export function writeRedirectsFile(rules: readonly RedirectRule[], previous?: string, header?: string): string {
  const read = previous === undefined ? undefined : parseFolderYaml(REDIRECTS_YAML, previous);
  const doc: Document | undefined = read?.refused === undefined ? read?.document : undefined;
  if (doc && doc.errors.length === 0 && (loadYaml().isSeq(doc.contents) || doc.contents === null)) {
    const entries = loadYaml().isSeq(doc.contents) ? [...doc.contents.items] as YamlNode[] : [];
    // Entries are set apart as the file sets them apart: by a blank line, unless it has none between them.
    const blankLines = entries.length < 2 || entries.slice(1).some((item) => item.spaceBefore);
    const [first] = entries;
    const old = new Map<string, YAMLMap[]>();
    for (const item of entries) {
      if (!loadYaml().isMap(item)) continue;
      const key = ruleKey(ruleOfMap(item));
      const same = old.get(key);
      if (same) same.push(item);
      else old.set(key, [item]);
    }
    const seq = loadYaml().isSeq(doc.contents) ? doc.contents : new (loadYaml().YAMLSeq)();
    const items = rules.map((rule, index) => reuseOrCreate(doc, old, rule, index, blankLines));
    // An entry that moves to the top or away from it takes the spacing of its new place.
    items.forEach((item, index) => {
      if (index === 0) item.spaceBefore = false;
      else if (item === first) item.spaceBefore = blankLines;
    });
    seq.items = items;
    seq.flow = false;
    doc.contents = seq;
    return doc.toString();
  }
  const fresh: Document = loadYaml().parseDocument('[]');
  const seq = new (loadYaml().YAMLSeq)();
  seq.items = rules.map((rule, index) => createItem(fresh, rule, index, true));
  fresh.contents = seq;
  if (header) fresh.commentBefore = header;
  return fresh.toString();
}

/** `old`: the file's entries by rule key, in file order; the entry reused is taken out. */
function reuseOrCreate(doc: Document, old: Map<string, YAMLMap[]>, rule: RedirectRule, index: number, blankLines: boolean): YamlNode {
  const item = old.get(ruleKey(rule))?.shift();
  if (!item) return createItem(doc, rule, index, blankLines);
  const current = ruleOfMap(item);
  const normalCurrent = normalizeRule(current);
  const normalNext = normalizeRule(rule);
  const entry = entryOfRule(rule);
  const set = (field: RuleField, same: boolean, value: unknown) => {
    if (same) return;
    if (value === undefined) item.delete(field);
    else item.set(field, value);
  };
  set('type', current.type === rule.type, rule.type);
  set('from_url', normalCurrent.fromUrl === normalNext.fromUrl, entry.from_url);
  set('to_url', normalCurrent.toUrl === normalNext.toUrl, entry.to_url);
  set('http_status', current.httpStatus === rule.httpStatus, entry.http_status ?? (item.has('http_status') ? rule.httpStatus : undefined));
  set('force', current.force === rule.force, entry.force ?? (item.has('force') ? rule.force : undefined));
  set('enabled', current.enabled === rule.enabled, entry.enabled ?? (item.has('enabled') ? rule.enabled : undefined));
  set('description', current.description === rule.description, entry.description ?? (item.has('description') ? rule.description : undefined));
  return item;
}

function createItem(doc: Document, rule: RedirectRule, index: number, blankLines: boolean): YamlNode {
  const node = doc.createNode(entryOfRule(rule)) as YAMLMap;
  // A blank line between entries, as people write these files.
  if (index > 0) node.spaceBefore = blankLines;
  return node;
}

/** The rule a map says, leniently (for matching entries when rewriting). */
function ruleOfMap(item: YAMLMap): RedirectRule {
  const get = (field: RuleField) => {
    const value = item.get(field, true);
    return loadYaml().isScalar(value) ? value.value : undefined;
  };
  const str = (field: RuleField) => (typeof get(field) === 'string' ? (get(field) as string) : '');
  const status = get('http_status');
  return {
    type: str('type'),
    fromUrl: str('from_url'),
    toUrl: str('to_url'),
    httpStatus: status === 301 ? 301 : 302,
    force: get('force') === true,
    enabled: get('enabled') !== false,
    description: str('description'),
  };
}

function rangeOf(node: YamlNode, text: string): TextRange {
  const [start, end] = node.range ?? [0, text.length];
  return { start, end: Math.max(end, start + 1) };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!;
}
