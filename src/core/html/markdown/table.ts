import { type CleanElement, type CleanNode, isElement } from '../cleanNode';
import { type Block, linesBlock } from './block';
import { escapeLineStarts } from './escape';
import { inlinePieces, joinPieces } from './inline';

const MAX_COLUMNS = 6;
const BLOCK_CONTENT = ['ul', 'ol', 'dl', 'pre', 'table', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

const ROW_GROUPS = ['thead', 'tbody', 'tfoot'];

interface Row {
  readonly cells: CleanElement[];
  readonly inHead: boolean;
}

/**
 * A GitHub-style table when it is simple enough to read as one (no spans, few columns, one line per cell),
 * else one list item per row. Rendering stops once it is longer than `limit`.
 */
export function tableBlock(table: CleanElement, limit: number): Block | undefined {
  const rows = tableRows(table);
  const caption = table.children.find((node) => isElement(node, 'caption'));
  const captionLine = caption ? cellText(caption, false) : '';
  const lines = isSimple(rows) ? markdownTable(rows, limit) : rowList(rows, limit);
  if (lines.length === 0) return undefined;
  return linesBlock('table', [...(captionLine ? [`**${captionLine}**`, ''] : []), ...lines].join('\n'));
}

function tableRows(table: CleanElement): Row[] {
  const rows: Row[] = [];
  const visit = (nodes: readonly CleanNode[], inHead: boolean) => {
    for (const node of nodes) {
      if (node.kind !== 'element') continue;
      if (node.tag === 'tr') rows.push({ cells: node.children.filter((cell) => isElement(cell, 'th', 'td')), inHead });
      else if (ROW_GROUPS.includes(node.tag)) visit(node.children, node.tag === 'thead');
    }
  };
  visit(table.children, false);
  return rows.filter((row) => row.cells.length > 0);
}

function isSimple(rows: readonly Row[]): boolean {
  return rows.every((row) => row.cells.length <= MAX_COLUMNS && row.cells.every(isSimpleCell));
}

function isSimpleCell(cell: CleanElement): boolean {
  const spans = Number(cell.attrs.colspan ?? 1) > 1 || Number(cell.attrs.rowspan ?? 1) > 1;
  return !spans && !containsAny(cell.children, BLOCK_CONTENT);
}

function containsAny(nodes: readonly CleanNode[], tags: readonly string[]): boolean {
  return nodes.some((node) => node.kind === 'element' && (tags.includes(node.tag) || containsAny(node.children, tags)));
}

function markdownTable(rows: readonly Row[], limit: number): string[] {
  if (rows.length === 0) return [];
  const columns = rows.reduce((most, row) => Math.max(most, row.cells.length), 0);
  const line = (cells: readonly string[]) => `| ${Array.from({ length: columns }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  const [first, ...rest] = rows;
  const hasHeader = first.inHead || first.cells.every((cell) => cell.tag === 'th');
  const lines = [line(hasHeader ? first.cells.map((cell) => cellText(cell, true)) : []), line(Array<string>(columns).fill('---'))];
  return appendWithin(lines, hasHeader ? rest : rows, (row) => line(row.cells.map((cell) => cellText(cell, true))), limit);
}

function rowList(rows: readonly Row[], limit: number): string[] {
  const item = (row: Row) => {
    const cells = row.cells.map((cell) => cellText(cell, false)).filter((text) => text !== '');
    return cells.length > 0 ? `- ${escapeLineStarts(cells.join(' · '))}` : '';
  };
  return appendWithin([], rows, item, limit).filter((line) => line !== '');
}

function appendWithin<T>(lines: string[], items: readonly T[], render: (item: T) => string, limit: number): string[] {
  let length = lines.join('\n').length;
  for (const item of items) {
    if (length > limit) break;
    const line = render(item);
    lines.push(line);
    length += line.length + 1;
  }
  return lines;
}

function cellText(cell: CleanElement, inTable: boolean): string {
  return joinPieces(inlinePieces(cell.children, { singleLine: true, inTable, inLink: false }));
}
