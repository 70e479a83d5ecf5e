import type { CleanElement, CleanNode } from './cleanNode';
import { VOID_ELEMENTS } from './policy';
import { escapeAttribute, escapeHtml } from './escapeHtml';

export interface SerializedHtml {
  html: string;
  truncated: boolean;
}

/**
 * Writes the clean tree as HTML of at most `maxChars` characters. When the budget runs out the text is cut
 * at a word, "…" is added, and every open element is still closed (their end tags are reserved up front).
 */
export function serializeHtml(nodes: readonly CleanNode[], maxChars: number): SerializedHtml {
  const writer = new BudgetWriter(maxChars);
  writeNodes(nodes, writer);
  return { html: writer.parts.join(''), truncated: writer.truncated };
}

class BudgetWriter {
  readonly parts: string[] = [];
  truncated = false;

  constructor(public remaining: number) {}

  /** Writes `text` and reserves `reserved` characters for later; false (and truncated) when it does not fit. */
  tryWrite(text: string, reserved = 0): boolean {
    if (text.length + reserved > this.remaining) {
      this.truncated = true;
      return false;
    }
    this.parts.push(text);
    this.remaining -= text.length + reserved;
    return true;
  }
}

const ELLIPSIS = '…';

function writeNodes(nodes: readonly CleanNode[], writer: BudgetWriter): void {
  for (const node of nodes) {
    if (writer.truncated) return;
    if (node.kind === 'text') writeText(node.text, writer);
    else writeElement(node, writer);
  }
}

function writeElement(element: CleanElement, writer: BudgetWriter): void {
  const isVoid = VOID_ELEMENTS.has(element.tag);
  const endTag = isVoid ? '' : `</${element.tag}>`;
  if (!writer.tryWrite(startTag(element), endTag.length) || isVoid) return;
  // The parser drops one newline right after <pre>; doubling it keeps a leading blank line.
  if (element.tag === 'pre' && startsWithNewline(element.children)) writer.tryWrite('\n');
  writeNodes(element.children, writer);
  writer.parts.push(endTag);
}

function startTag(element: CleanElement): string {
  const attributes = Object.entries(element.attrs).map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`);
  return `<${element.tag}${attributes.join('')}>`;
}

function writeText(text: string, writer: BudgetWriter): void {
  if (writer.tryWrite(escapeHtml(text)) || writer.remaining < ELLIPSIS.length) return;
  writer.parts.push(escapeHtml(prefixWithin(text, writer.remaining - ELLIPSIS.length)) + ELLIPSIS);
}

/** The longest prefix of `text` that still fits once escaped, shortened to the last word boundary when there is one. */
function prefixWithin(text: string, budget: number): string {
  let end = 0;
  let used = 0;
  while (end < text.length) {
    const cost = escapeHtml(text[end]).length;
    if (used + cost > budget) break;
    used += cost;
    end += 1;
  }
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  const lastSpace = text.slice(0, end).search(/\s\S*$/);
  return text.slice(0, lastSpace > 0 ? lastSpace : end);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function startsWithNewline(children: readonly CleanNode[]): boolean {
  const first = children[0];
  return first?.kind === 'text' && first.text.startsWith('\n');
}
