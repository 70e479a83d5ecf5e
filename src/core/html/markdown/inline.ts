import { collapseWhitespace, type CleanElement, type CleanNode, textContent } from '../cleanNode';
import { codeSpan, escapeGluedDot, escapeGluedStart, escapeMarkdown, linkDestination } from './escape';

export interface InlineContext {
  /** Table cells and headings: line breaks become spaces. */
  readonly singleLine: boolean;
  readonly inTable: boolean;
  readonly inLink: boolean;
}

export const PARAGRAPH_CONTEXT: InlineContext = { singleLine: false, inTable: false, inLink: false };

export const SPACE = ' ';
const HARD_BREAK = '\\\n';

const EMPHASIS = new Map([
  ['em', '*'], ['i', '*'], ['cite', '*'], ['dfn', '*'], ['var', '*'],
  ['strong', '**'], ['b', '**'],
  ['s', '~~'], ['del', '~~'],
]);
const CODE_TAGS: ReadonlySet<string> = new Set(['code', 'kbd', 'samp']);
// Other elements met inside inline content are blocks: they keep the words around them apart.
const PHRASING_TAGS: ReadonlySet<string> = new Set(['span', 'sub', 'sup', 'u', 'ins', 'mark', 'small', 'abbr', 'a']);

/**
 * Inline content as a list of pieces that must not be split (a word, a link, a code span, an emphasis),
 * separated by SPACE pieces. Paragraphs are shortened between pieces, so markup always stays balanced.
 */
export function inlinePieces(nodes: readonly CleanNode[], context: InlineContext): string[] {
  const pieces: string[] = [];
  for (const node of nodes) {
    // A loop, not push(...): a single text node may hold hundreds of thousands of words.
    for (const piece of node.kind === 'text' ? textPieces(node.text) : elementPieces(node, context)) {
      pieces.push(pieces.length ? escapeGluedDot(pieces[pieces.length - 1], piece) : piece);
    }
  }
  return pieces;
}

/** Joins pieces into one line (or lines split by hard breaks), with single spaces and no space at either end. */
export function joinPieces(pieces: readonly string[]): string {
  // Once runs of spaces are one space, a space on either side of a break is at most one.
  const text = pieces.join('').replace(/ {2,}/g, ' ').replace(/ ?\\\n ?/g, HARD_BREAK).trim();
  let start = 0;
  let end = text.length;
  while (text.startsWith(HARD_BREAK, start)) start += HARD_BREAK.length;
  while (end - HARD_BREAK.length >= start && text.endsWith(HARD_BREAK, end)) end -= HARD_BREAK.length;
  return text.slice(start, end);
}

function textPieces(text: string): string[] {
  return text.split(/(\s+)/).filter((part) => part !== '')
    .map((part, index) => (/^\s/.test(part) ? SPACE : index === 0 ? escapeGluedStart(escapeMarkdown(part)) : escapeMarkdown(part)));
}

function elementPieces(element: CleanElement, context: InlineContext): string[] {
  const { tag } = element;
  if (tag === 'br') return [context.singleLine ? SPACE : HARD_BREAK];
  if (tag === 'img') return [image(element)];
  if (CODE_TAGS.has(tag)) return wrapped(collapseWhitespace(textContent(element.children)), (code) => codeSpan(code, context.inTable));
  if (tag === 'a' && !context.inLink) {
    const href = element.attrs.href;
    return wrappedPieces(inlinePieces(element.children, { ...context, inLink: true }), (text) => `[${text}](${linkDestination(href)})`);
  }
  const marker = EMPHASIS.get(tag);
  if (marker) return wrappedPieces(inlinePieces(element.children, context), (text) => `${marker}${text}${marker}`);
  if (tag === 'q') return wrappedPieces(inlinePieces(element.children, context), (text) => `“${text}”`);
  const inner = inlinePieces(element.children, context);
  return PHRASING_TAGS.has(tag) ? inner : [SPACE, ...inner, SPACE];
}

/** Keeps the spaces at the edges of `pieces` outside the markup that `wrap` adds. */
function wrappedPieces(pieces: readonly string[], wrap: (text: string) => string): string[] {
  const text = joinPieces(pieces);
  if (text === '') return pieces.includes(SPACE) ? [SPACE] : [];
  return [...(pieces[0] === SPACE ? [SPACE] : []), wrap(text), ...(pieces[pieces.length - 1] === SPACE ? [SPACE] : [])];
}

function wrapped(text: string, wrap: (text: string) => string): string[] {
  return text === '' ? [] : [wrap(text)];
}

function image(element: CleanElement): string {
  return `![${escapeMarkdown(collapseWhitespace(element.attrs.alt ?? ''))}](${linkDestination(element.attrs.src)})`;
}

