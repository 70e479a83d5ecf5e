/** JSON as readable YAML (the build document's fields and configuration). Pure. */
import { trimEndOf } from './trim';

const MAX_DEPTH = 32;
const PLAIN = /^[\w./@+-][\w ./@+,()=~:-]*$/;
const RESERVED = /^(?:true|false|yes|no|on|off|null|[~yn])$/i;
const NUMBER_LIKE = /^[-+]?(?:\d[\d_]*(?:\.\d*)?(?:e[-+]?\d+)?|\.\d+|0x[0-9a-f]+|0o[0-7]+|\.inf|\.nan)$/i;

function scalarText(value: string): string {
  const trimmed = value.trim();
  const plain = value !== '' && value === trimmed && PLAIN.test(value) && !/^-(?: |$)/.test(value) && !value.includes(': ') && !value.endsWith(':');
  if (plain && !RESERVED.test(value) && !NUMBER_LIKE.test(value)) {
    return value;
  }
  return JSON.stringify(value);
}

function keyText(key: string): string {
  return scalarText(key);
}

function isScalar(value: unknown): boolean {
  return value === null || value === undefined || typeof value !== 'object';
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return scalarText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : JSON.stringify(String(value));
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(String(value));
}

function isEmptyCollection(value: unknown): string | undefined {
  if (Array.isArray(value) && value.length === 0) return '[]';
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return '{}';
  return undefined;
}

/** A multi-line string without other control characters becomes a `|` block. */
function blockLines(value: unknown): string[] | undefined {
  // eslint-disable-next-line no-control-regex
  if (typeof value !== 'string' || !value.includes('\n') || /[\u0000-\u0009\u000b-\u001f\u007f]/.test(value)) return undefined;
  return trimEndOf(value, '\n').split('\n');
}

function renderLines(value: unknown, indent: string, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH) {
    out.push(`${indent}"…"`);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) renderItem(item, indent, depth, out);
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const head = `${indent}${keyText(key)}:`;
    const empty = isEmptyCollection(item);
    const block = blockLines(item);
    if (empty) out.push(`${head} ${empty}`);
    else if (block) out.push(`${head} |`, ...block.map((line) => (line ? `${indent}  ${line}` : '')));
    else if (isScalar(item)) out.push(`${head} ${scalar(item)}`);
    else {
      out.push(head);
      renderLines(item, `${indent}  `, depth + 1, out);
    }
  }
}

function renderItem(item: unknown, indent: string, depth: number, out: string[]): void {
  const empty = isEmptyCollection(item);
  const block = blockLines(item);
  if (empty) out.push(`${indent}- ${empty}`);
  else if (block) out.push(`${indent}- |`, ...block.map((line) => (line ? `${indent}    ${line}` : '')));
  else if (isScalar(item)) out.push(`${indent}- ${scalar(item)}`);
  else {
    // The first line of the nested block goes on the dash line.
    const nested: string[] = [];
    renderLines(item, `${indent}  `, depth + 1, nested);
    out.push(`${indent}- ${nested[0].slice(indent.length + 2)}`, ...nested.slice(1));
  }
}

/** JSON as readable YAML: block style, plain scalars where unambiguous, double quotes otherwise. */
export function toReadableYaml(value: unknown): string {
  const empty = isEmptyCollection(value);
  if (empty) return empty;
  if (isScalar(value)) return scalar(value);
  const out: string[] = [];
  renderLines(value, '', 0, out);
  return out.join('\n');
}
