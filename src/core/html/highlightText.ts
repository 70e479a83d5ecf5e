import { parseUntrusted } from './parseUntrusted';
import { type ParsedNode } from './parse5';

/** Plain text of a search highlight, with the marked (`<span>`) ranges. */
export interface HighlightText {
  readonly text: string;
  readonly marks: readonly (readonly [start: number, end: number])[];
}

/**
 * A Search API highlight (`… <span>word</span> …`) as plain text: markup is parsed (never
 * passed on), entities decoded, whitespace collapsed; the text of `<span>` elements is remembered
 * as marked ranges. Anything else in the string is only text.
 */
export function highlightText(html: string): HighlightText {
  const parsed = parseUntrusted(html);
  if (!parsed.ok) return { text: '', marks: [] };
  let text = '';
  const marks: [number, number][] = [];
  const walk = (nodes: readonly ParsedNode[], marked: boolean) => {
    for (const node of nodes) {
      if (node.nodeName === '#text' && 'value' in node) {
        const start = text.length;
        text += node.value.replace(/\s+/g, ' ');
        if (marked && text.length > start) marks.push([start, text.length]);
      } else if ('childNodes' in node && node.nodeName !== 'script' && node.nodeName !== 'style') {
        walk(node.childNodes, marked || node.nodeName === 'span');
      }
    }
  };
  walk(parsed.fragment.childNodes, false);
  return { text, marks };
}
