import { sectionTitle } from './cleanNode';
import { cleanTree } from './cleanTree';
import { parseUntrusted, rejectionMessage, type Rejection } from './parseUntrusted';
import { escapeHtml } from './escapeHtml';
import { serializeHtml } from './serializeHtml';

export const DEFAULT_MAX_OUTPUT_CHARS = 200_000;

export interface SanitizeOptions {
  /** The page the HTML came from: relative links resolve against it. */
  pageUrl: string;
  maxOutputChars?: number;
}

export interface SafeHtml {
  /** Allow-listed HTML for a webview body; when `rejected`, a paragraph that says why. */
  html: string;
  /** Text of the first heading (else of the first term), for the panel title. */
  title?: string;
  truncated: boolean;
  rejected?: Rejection;
}

/** The only way remote HTML reaches a webview: parsed, reduced to an allow-list, re-serialised. */
export function sanitizeHtml(html: string, options: SanitizeOptions): SafeHtml {
  const parsed = parseUntrusted(html);
  if (!parsed.ok) {
    return { html: `<p>${escapeHtml(rejectionMessage(parsed.rejection))}</p>`, truncated: false, rejected: parsed.rejection };
  }
  const nodes = cleanTree(parsed.fragment, options.pageUrl);
  const serialized = serializeHtml(nodes, options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS);
  return { html: serialized.html, title: sectionTitle(nodes), truncated: serialized.truncated };
}
