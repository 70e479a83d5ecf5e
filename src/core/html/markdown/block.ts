import { escapeLineStarts } from './escape';
import { joinPieces, SPACE } from './inline';

export type BlockKind = 'paragraph' | 'heading' | 'code' | 'list' | 'table' | 'quote' | 'rule';

/** One Markdown block, able to render a shorter version of itself that is still well-formed. */
export interface Block {
  readonly kind: BlockKind;
  readonly markdown: string;
  /** At most `maxChars` characters of this block, or undefined when nothing useful fits. */
  shorten(maxChars: number): string | undefined;
}

/** A paragraph (or, with a prefix such as `### `, a heading) that can be cut between inline pieces. */
export function piecesBlock(kind: 'paragraph' | 'heading', pieces: readonly string[], prefix = ''): Block | undefined {
  const render = (count: number) => prefix + escapeLineStarts(joinPieces(pieces.slice(0, count)));
  const markdown = render(pieces.length);
  if (markdown === prefix) return undefined;
  return {
    kind,
    markdown,
    shorten(maxChars) {
      let count = 0;
      let estimate = prefix.length;
      while (count < pieces.length && estimate + pieces[count].length <= maxChars) estimate += pieces[count++].length;
      while (count > 0 && render(count).length > maxChars) count -= 1;
      return pieces.slice(0, count).some((piece) => piece !== SPACE) ? render(count) : undefined;
    },
  };
}

/** A block cut between lines; a code fence left open by the cut is closed. */
export function linesBlock(kind: BlockKind, markdown: string): Block {
  return { kind, markdown, shorten: (maxChars) => shortenLines(markdown, maxChars) };
}

// A fence line, possibly inside quotes (`> `) or list items (indentation): prefix, backticks, info string.
const FENCE_LINE = /^([>\s]*)(`{3,})(?!`)(.*)$/;

interface OpenFence {
  readonly closingLine: string;
}

function shortenLines(markdown: string, maxChars: number): string | undefined {
  const kept: string[] = [];
  let length = 0;
  let openFence: OpenFence | undefined;
  let hasContent = false;
  for (const line of markdown.split('\n')) {
    const fence = FENCE_LINE.exec(line);
    const isFence = fence !== null;
    const nextFence = fence ? fenceAfter(openFence, fence) : openFence;
    const added = (kept.length > 0 ? 1 : 0) + line.length;
    const closingCost = nextFence ? 1 + nextFence.closingLine.length : 0;
    if (length + added + closingCost > maxChars) break;
    kept.push(line);
    length += added;
    openFence = nextFence;
    hasContent ||= !isFence && line.replace(/[>\s]/g, '') !== '';
  }
  if (!hasContent) return undefined;
  if (openFence) kept.push(openFence.closingLine);
  return kept.join('\n');
}

function fenceAfter(open: OpenFence | undefined, [, prefix, backticks, info]: RegExpExecArray): OpenFence | undefined {
  if (!open) return { closingLine: prefix + backticks };
  // Inside an open fence only its own closing line counts: the content never holds a run that long.
  return open.closingLine === prefix + backticks && info.trim() === '' ? undefined : open;
}
