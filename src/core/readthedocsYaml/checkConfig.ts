import type { Document } from 'yaml';
import { type TextSpan, nodeAt, spanOf } from './configKeyRange';
import { loadYaml } from '../util/yaml';
import { readConfigYaml } from '../docsLayout/configYaml';
import { type ConfigFinding, serverRuleFindings } from './serverRules';

/** A `.readthedocs.yaml` parsed once for the rules and for placing what they find. */
export interface ParsedConfig {
  readonly document: Document;
  /** The plain value (`toJS`); undefined when the file has YAML errors (the YAML extension says those). */
  readonly config: unknown;
}

/** A finding with where it goes in the file (undefined: the first line). */
export interface PlacedFinding extends ConfigFinding {
  readonly span: TextSpan | undefined;
}

/** A text replacement in the configuration file. */
export interface TextEdit extends TextSpan {
  readonly text: string;
}

/**
 * A configuration file's text as `readConfigYaml` reads it (once per text: the diagnostics and the
 * quick fixes share its document); undefined when it refuses the file (larger than a configuration,
 * `MAX_CONFIG_CHARS`; too many anchors and aliases, too deep). Pure.
 */
export function parseConfig(text: string): ParsedConfig | undefined {
  const read = readConfigYaml(text);
  if (read.refused !== undefined) return undefined;
  return { document: read.document, config: read.document.errors.length > 0 ? undefined : read.value() };
}

/** The server's rules on a parsed file (`serverRuleFindings`), each at its key's place. Pure. */
export function checkConfig(parsed: ParsedConfig, exists: (path: string) => boolean): PlacedFinding[] {
  return serverRuleFindings(parsed.config, exists).map((finding) => ({
    ...finding,
    span: finding.key === '' ? undefined : nodeAt(parsed.document.contents, finding.key)?.span,
  }));
}

/** The span of the value at a dotted key (a path to replace with an existing file). Pure. */
export function valueSpan(parsed: ParsedConfig, dottedKey: string): TextSpan | undefined {
  const value = nodeAt(parsed.document.contents, dottedKey)?.value;
  return value && typeof value === 'object' ? spanOf(value as Parameters<typeof spanOf>[0]) : undefined;
}

/**
 * The edit that adds `format` to `formats`: a new item in a block or flow list, or a new top-level
 * `formats` key after `version` (at the end without one). Undefined when `formats` is something
 * else (`all`: every format is in). Pure.
 */
export function addFormatEdit(text: string, parsed: ParsedConfig, format: string): TextEdit | undefined {
  const { isMap, isSeq } = loadYaml();
  const contents = parsed.document.contents;
  if (!isMap(contents)) return undefined;
  const formats = nodeAt(contents, 'formats');
  if (!formats) {
    const version = nodeAt(contents, 'version')?.value;
    const after = version && typeof version === 'object' ? spanOf(version as Parameters<typeof spanOf>[0])?.end : undefined;
    const lineEnd = after === undefined ? -1 : text.indexOf('\n', after);
    const at = lineEnd === -1 ? text.length : lineEnd + 1;
    const lead = at > 0 && text[at - 1] !== '\n' ? '\n' : '';
    return { start: at, end: at, text: `${lead}formats:\n  - ${format}\n` };
  }
  const seq = formats.value;
  if (!isSeq(seq) || !seq.range) return undefined;
  const [start, end] = seq.range;
  if (seq.flow) {
    const close = text.lastIndexOf(']', end);
    if (close < start) return undefined;
    return { start: close, end: close, text: seq.items.length > 0 ? `, ${format}` : format };
  }
  const last = seq.items[seq.items.length - 1] as { range?: [number, number, number] } | undefined;
  const lastEnd = last?.range?.[1] ?? end;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
  const lineEnd = text.indexOf('\n', lastEnd > 0 ? lastEnd - 1 : 0);
  const at = lineEnd === -1 ? text.length : lineEnd + 1;
  return { start: at, end: at, text: `${lineEnd === -1 ? '\n' : ''}${indent}- ${format}\n` };
}
