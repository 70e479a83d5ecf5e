import type { Block } from './block';

const ELLIPSIS = '…';
const SEPARATOR = '\n\n';
// Below this much room, stopping at the previous block reads better than a stub of the next one.
const MIN_ROOM_TO_SHORTEN = 200;

export interface AssembledMarkdown {
  markdown: string;
  truncated: boolean;
}

/**
 * Joins blocks until `maxChars` would be exceeded; then the next block is shortened if there is room for
 * something readable, and a final "…" paragraph marks the cut.
 */
export function assemble(blocks: Iterable<Block>, maxChars: number): AssembledMarkdown {
  const budget = maxChars - SEPARATOR.length - ELLIPSIS.length;
  const parts: string[] = [];
  let length = 0;
  for (const block of blocks) {
    const separator = parts.length > 0 ? SEPARATOR.length : 0;
    if (length + separator + block.markdown.length <= budget) {
      parts.push(block.markdown);
      length += separator + block.markdown.length;
      continue;
    }
    const room = budget - length - separator;
    const shortened = room >= MIN_ROOM_TO_SHORTEN || parts.length === 0 ? block.shorten(room) : undefined;
    if (shortened !== undefined) parts.push(shortened);
    parts.push(ELLIPSIS);
    return { markdown: parts.join(SEPARATOR), truncated: true };
  }
  return { markdown: parts.join(SEPARATOR), truncated: false };
}
