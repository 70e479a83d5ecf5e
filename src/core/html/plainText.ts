import { cleanTree } from './cleanTree';
import { collapseWhitespace, textContent } from './cleanNode';
import { parseUntrusted } from './parseUntrusted';
import { plainTerminalText } from '../util/terminalText';

/** Remote HTML (notification bodies) as one line of plain text: tags dropped, entities decoded, terminal and bidi controls removed (`plainTerminalText`), whitespace collapsed. */
export function htmlToText(html: string, maxChars = 400): string {
  const parsed = parseUntrusted(html);
  // Controls out before whitespace is collapsed: an OSC string ends at a line end at the latest.
  const text = parsed.ok ? collapseWhitespace(plainTerminalText(textContent(cleanTree(parsed.fragment, 'https://invalid.invalid/')))) : '';
  return truncate(text.trim(), maxChars);
}

export function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`;
}
