import { cleanTree } from '../html/cleanTree';
import { collapseWhitespace, textContent } from '../html/cleanNode';
import { parseUntrusted } from '../html/parseUntrusted';
import { type Build, type BuildNotification, isFinal } from '../models/build';

/** Words for builds, shared by notifications, the status bar, quick picks and the build document. Pure. */

export type BuildOutcome = 'succeeded' | 'failed' | 'cancelled' | 'running';

export function buildOutcome(build: Pick<Build, 'state' | 'success'>): BuildOutcome {
  if (!isFinal(build)) return 'running';
  if (build.state === 'cancelled') return 'cancelled';
  return build.success === true ? 'succeeded' : 'failed';
}

/** `45 s`, `1 min 5 s`, `2 h 3 min`; undefined when the server gave no duration. */
export function formatDuration(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return undefined;
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return secs > 0 ? `${minutes} min ${secs} s` : `${minutes} min`;
}

/** `build #123 of widgets (latest)`. */
export function buildLabel(build: Pick<Build, 'id' | 'version'>, projectSlug: string): string {
  return `build #${build.id} of ${projectSlug}${build.version ? ` (${build.version})` : ''}`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The sentence of the "build ended" notification. `reason` is plain text (see `failureReason`). */
export function buildFinishedMessage(build: Build, projectSlug: string, reason?: string): string {
  const label = capitalise(buildLabel(build, projectSlug));
  const duration = formatDuration(build.durationSeconds);
  switch (buildOutcome(build)) {
    case 'succeeded':
      return `${label} succeeded${duration ? ` in ${duration}` : ''}.`;
    case 'cancelled':
      return `${label} was cancelled${duration && build.durationSeconds ? ` after ${duration}` : ''}.`;
    case 'failed':
      return `${label} failed${duration ? ` after ${duration}` : ''}${reason ? `: ${reason}` : '.'}`;
    default:
      return `${label} is ${build.stateName.toLowerCase()}.`;
  }
}

/** Remote HTML (notification bodies) as one line of plain text: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string, maxChars = 400): string {
  const parsed = parseUntrusted(html);
  const text = parsed.ok ? collapseWhitespace(textContent(cleanTree(parsed.fragment, 'https://invalid.invalid/'))) : '';
  return truncate(stripControl(text), maxChars);
}

function stripControl(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ').replace(/ {2,}/g, ' ').trim();
}

export function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`;
}

/**
 * Why a build failed, from its notifications (the API's `error` field is always empty): the
 * error-type notifications first, as `Header: body` in plain text. Undefined when there is none.
 */
export function failureReason(notifications: readonly BuildNotification[], maxChars = 400): string | undefined {
  const ordered = [...notifications.filter((n) => n.type === 'error'), ...notifications.filter((n) => n.type !== 'error')];
  const first = ordered[0];
  if (!first) return undefined;
  const header = htmlToText(first.header, 120).replace(/[.:]+$/, '');
  const body = htmlToText(first.bodyHtml, maxChars);
  const text = header && body ? `${header}: ${body}` : header || body;
  return text ? truncate(text, maxChars) : undefined;
}

/** The status bar text while builds run. */
export function runningBuildsText(count: number): string {
  return `$(sync~spin) ${count} building`;
}

/** The status bar text while the request budget waits for a 429's or 503's Retry-After (minutes from 2 min on). */
export function rateLimitedText(pausedUntil: number, now: number): string {
  const seconds = Math.max(1, Math.ceil((pausedUntil - now) / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`;
  return `$(watch) Read the Docs: rate limited, retrying in ${wait}`;
}

// --- the build document -------------------------------------------------------------------

export interface BuildDocumentInput {
  readonly build: Build;
  readonly projectSlug: string;
  /** Host of the server, for the heading. */
  readonly host?: string;
  /** Plain-text failure reason from the build's notifications. */
  readonly reason?: string;
}

/**
 * The read-only build document: the fields as YAML (state, success, error, commit, version,
 * created, finished, duration, the dashboard URL) followed by the resolved build configuration.
 */
export function renderBuildDocument({ build, projectSlug, host, reason }: BuildDocumentInput): string {
  const outcome = buildOutcome(build);
  const fields: Record<string, unknown> = {
    id: build.id,
    project: projectSlug,
    version: build.version ?? null,
    state: build.stateName && build.stateName.toLowerCase() !== build.state ? `${build.stateName} (${build.state})` : build.state,
    outcome,
    success: build.success ?? null,
    error: reason ?? (outcome === 'failed' || outcome === 'cancelled' ? 'no reason given' : ''),
    commit: build.commit ?? null,
    created: build.created ?? null,
    finished: build.finished ?? null,
    duration: formatDuration(build.durationSeconds) ?? null,
    url: build.urls.build ?? null,
  };
  const heading = [
    `# ${capitalise(buildLabel(build, projectSlug))}${host ? ` on ${host}` : ''}`,
    '# Read-only. "Open Build in Browser" (editor title) opens the dashboard page.',
  ];
  const config = build.config === undefined
    ? '# config: not sent by the server'
    : Object.keys(build.config).length === 0
      ? '# config: none recorded (no .readthedocs.yaml was read for this build)'
      : `# config: the .readthedocs.yaml this build used, as the server resolved it\n${toReadableYaml({ config: build.config })}`;
  return `${heading.join('\n')}\n\n${toReadableYaml({ build: fields })}\n\n${config}\n`;
}

// --- YAML-ish rendering -------------------------------------------------------------------

const MAX_DEPTH = 32;
const PLAIN = /^[A-Za-z0-9_./@+-][A-Za-z0-9_ ./@+,()=~:-]*$/;
const RESERVED = /^(?:true|false|yes|no|on|off|null|~|y|n)$/i;
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
  return value.replace(/\n+$/, '').split('\n');
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
