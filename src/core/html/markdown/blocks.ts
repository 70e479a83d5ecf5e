import {
  type CleanElement, type CleanNode, collapseWhitespace, hasClass, HEADING_TAGS, isElement, textContent,
} from '../cleanNode';
import { type Block, linesBlock, piecesBlock } from './block';
import { codeSpan, fencedCode } from './escape';
import { inlinePieces, joinPieces, PARAGRAPH_CONTEXT } from './inline';
import { codeLanguage } from './language';
import { tableBlock } from './table';

export interface BlockContext {
  /** Language of the code blocks inside a Sphinx `highlight-<language>` wrapper. */
  readonly language?: string;
  /** Containers stop rendering once longer than this: the rest could never be shown. */
  readonly limit: number;
  readonly headings: { count: number };
}

export function newBlockContext(limit: number): BlockContext {
  return { limit, headings: { count: 0 } };
}

const BLOCK_TAGS: ReadonlySet<string> = new Set([
  ...HEADING_TAGS, 'p', 'pre', 'hr', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'thead', 'tbody', 'tfoot',
  'tr', 'th', 'td', 'blockquote', 'div', 'section', 'article', 'aside', 'figure', 'figcaption', 'details', 'summary',
]);

/** The Markdown blocks of `nodes`, produced lazily so that a long section is only rendered as far as it is shown. */
export function* blocks(nodes: readonly CleanNode[], context: BlockContext): Generator<Block> {
  let inline: CleanNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'element' && BLOCK_TAGS.has(node.tag)) {
      yield* paragraph(inline);
      inline = [];
      yield* elementBlocks(node, context);
    } else {
      inline.push(node);
    }
  }
  yield* paragraph(inline);
}

/** All blocks of `nodes` as one Markdown string (for list items and quotes), cut off once past the context's limit. */
export function renderBlocks(nodes: readonly CleanNode[], context: BlockContext): string {
  let markdown = '';
  for (const block of blocks(nodes, context)) {
    if (markdown !== '') markdown += startsTightList(block) ? '\n' : '\n\n';
    markdown += block.markdown;
    if (markdown.length > context.limit) break;
  }
  return markdown;
}

function* elementBlocks(element: CleanElement, context: BlockContext): Generator<Block> {
  const { tag, children } = element;
  if (HEADING_TAGS.has(tag)) yield* optional(heading(element, context));
  else if (tag === 'p' && hasClass(element, 'admonition-title')) yield* optional(bold(children));
  else if (tag === 'p' || tag === 'figcaption' || tag === 'caption') yield* paragraph(children);
  else if (tag === 'summary' || (tag === 'dt' && !hasClass(element, 'sig'))) yield* optional(bold(children));
  else if (tag === 'dt') yield* optional(signature(element));
  else if (tag === 'pre') yield* optional(codeBlock(element, context));
  else if (tag === 'ul' || tag === 'ol') yield* optional(list(element, context));
  else if (tag === 'table') yield* optional(tableBlock(element, context.limit));
  else if (tag === 'blockquote' || hasClass(element, 'admonition')) yield* optional(quote(children, context));
  else if (tag === 'hr') yield linesBlock('rule', '---');
  else yield* blocks(children, withLanguageOf(element, context));
}

function* optional(block: Block | undefined): Generator<Block> {
  if (block) yield block;
}

function* paragraph(nodes: readonly CleanNode[]): Generator<Block> {
  if (nodes.length > 0) yield* optional(piecesBlock('paragraph', inlinePieces(nodes, PARAGRAPH_CONTEXT)));
}

/** The first heading is the section title; the hover has little room, so the rest share one smaller level. */
function heading(element: CleanElement, context: BlockContext): Block | undefined {
  const pieces = inlinePieces(element.children, { ...PARAGRAPH_CONTEXT, singleLine: true });
  const block = piecesBlock('heading', pieces, context.headings.count === 0 ? '### ' : '#### ');
  if (block) context.headings.count += 1;
  return block;
}

function bold(nodes: readonly CleanNode[]): Block | undefined {
  const text = joinPieces(inlinePieces(nodes, { ...PARAGRAPH_CONTEXT, singleLine: true }));
  return text === '' ? undefined : piecesBlock('paragraph', [`**${text}**`]);
}

/** Sphinx API signatures (`<dt class="sig">`) read best as code. */
function signature(element: CleanElement): Block | undefined {
  const text = collapseWhitespace(textContent(element.children));
  return text === '' ? undefined : piecesBlock('paragraph', [codeSpan(text, false)]);
}

function codeBlock(pre: CleanElement, context: BlockContext): Block | undefined {
  const code = textContent(pre.children).replace(/\r\n?/g, '\n').replace(/^\n+/, '').trimEnd();
  if (code === '') return undefined;
  const codeChild = pre.children.find((node): node is CleanElement => isElement(node, 'code'));
  const language = codeLanguage(pre) ?? (codeChild && codeLanguage(codeChild)) ?? context.language;
  return linesBlock('code', fencedCode(code, language));
}

function list(element: CleanElement, context: BlockContext): Block | undefined {
  const ordered = element.tag === 'ol';
  let number = Number(element.attrs.start ?? 1);
  const items: string[] = [];
  let length = 0;
  for (const node of element.children) {
    if (length > context.limit) break;
    const body = renderBlocks(isElement(node, 'li') ? node.children : [node], context);
    if (body === '') continue;
    const item = withMarker(ordered ? `${number++}. ` : '- ', body);
    items.push(item);
    length += item.length + 1;
  }
  return items.length > 0 ? linesBlock('list', items.join('\n')) : undefined;
}

/** Puts the list marker before the first line and indents the rest to the item's content column. */
function withMarker(marker: string, body: string): string {
  const indent = ' '.repeat(marker.length);
  return body.split('\n').map((line, i) => (i === 0 ? marker + line : line === '' ? '' : indent + line)).join('\n');
}

function quote(nodes: readonly CleanNode[], context: BlockContext): Block | undefined {
  const body = renderBlocks(nodes, context);
  if (body === '') return undefined;
  return linesBlock('quote', body.split('\n').map((line) => (line === '' ? '>' : `> ${line}`)).join('\n'));
}

function withLanguageOf(element: CleanElement, context: BlockContext): BlockContext {
  const language = codeLanguage(element);
  return language === undefined ? context : { ...context, language };
}

/** A bullet list, or one starting at 1, may follow a paragraph line directly; that keeps item lists tight. */
function startsTightList(block: Block): boolean {
  return block.kind === 'list' && /^(?:- |1\. )/.test(block.markdown);
}
