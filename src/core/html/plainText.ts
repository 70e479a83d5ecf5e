import { cleanTree } from './cleanTree';
import { collapseWhitespace, textContent } from './cleanNode';
import { parseUntrusted } from './parseUntrusted';
import { plainTerminalText } from '../util/terminalText';

/**
 * How much of a long body is parsed at first, per character shown; a window whose text falls short
 * of what is shown grows fourfold (a body of markup without text is parsed whole, in about 4/3 of
 * the time), and a cut may garble the last characters of a window's text: this many are not used.
 */
const WINDOW_PER_SHOWN_CHAR = 4;
const WINDOW_MARGIN_CHARS = 64;

/**
 * Remote HTML (notification bodies) as one line of plain text: tags dropped, entities decoded,
 * terminal and bidi controls removed (`plainTerminalText`), whitespace collapsed; at most
 * `maxChars`, read from the start of the body only as far as that takes.
 */
export function htmlToText(html: string, maxChars = 400): string {
  for (let window = Math.max(1024, maxChars * WINDOW_PER_SHOWN_CHAR); ; window *= 4) {
    const whole = window >= html.length;
    const parsed = parseUntrusted(whole ? html : html.slice(0, window));
    if (!parsed.ok) return '';
    // Controls out before whitespace is collapsed: an OSC string ends at a line end at the latest.
    const text = collapseWhitespace(plainTerminalText(textContent(cleanTree(parsed.fragment, 'https://invalid.invalid/')))).trim();
    if (whole || text.length > maxChars + WINDOW_MARGIN_CHARS) return truncate(text, maxChars);
  }
}

export function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`;
}
