import { cleanTree } from './cleanTree';
import { collapseWhitespace, textContent } from './cleanNode';
import { MAX_ELEMENTS, parseUntrusted } from './parseUntrusted';
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
    const read = readHtmlText(whole ? html : html.slice(0, window));
    if (read === undefined) return '';
    // Controls out before whitespace is collapsed: an OSC string ends at a line end at the latest.
    const text = collapseWhitespace(plainTerminalText(read)).trim();
    if (whole || text.length > maxChars + WINDOW_MARGIN_CHARS) return truncate(text, maxChars);
  }
}

/** The text of the markup as `cleanTree` keeps it; undefined when the parser refuses it. */
function readHtmlText(html: string): string | undefined {
  const simple = simpleMarkupText(html);
  if (simple !== undefined) return simple;
  const parsed = parseUntrusted(html);
  return parsed.ok ? textContent(cleanTree(parsed.fragment, 'https://invalid.invalid/')) : undefined;
}

/**
 * Elements whose parsing never moves, drops or adds text (no tables, which move text out of them;
 * no `pre`, which drops a first line break; no raw text, foreign or dropped elements; no `img`,
 * whose alt text may stand in): between their tags the text is the markup's text as it stands.
 */
const SIMPLE_ELEMENTS: ReadonlySet<string> = new Set([
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'em', 'strong', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'small',
  'abbr', 'cite', 'q', 'dfn', 'code', 'kbd', 'var', 'samp', 'sub', 'sup', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote',
  'span', 'div', 'section', 'article', 'aside', 'figure', 'figcaption',
]);
// One form of each part, so that a failed match never backtracks far: attributes without spaces
// around `=`, no `/>`; anything else (comments, a bare `<`, other spellings) goes to the parser.
const SIMPLE_TAG = /<\/?([a-z][a-z0-9]*)(?:\s+[^\s"'<>/=]+(?:=(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*>/iy;
const SIMPLE_TEXT = /[^<&\r\0]+/y;
const CHARACTER_REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/y;
const NAMED_REFERENCES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text of markup made only of text, the common character references and the tags of
 * SIMPLE_ELEMENTS (what notices and configuration errors hold), read in one pass without the
 * parser; undefined for anything else, which the parser reads.
 */
function simpleMarkupText(html: string): string | undefined {
  const parts: string[] = [];
  let tags = 0;
  for (let at = 0; at < html.length;) {
    const char = html[at];
    if (char === '<') {
      SIMPLE_TAG.lastIndex = at;
      const tag = SIMPLE_TAG.exec(html);
      if (!tag || !SIMPLE_ELEMENTS.has(tag[1]!.toLowerCase()) || (tags += 1) > MAX_ELEMENTS) return undefined;
      // Sphinx's permalinks are dropped with their text.
      if (/^<a\s/i.test(tag[0]) && tag[0].includes('headerlink')) return undefined;
      at = SIMPLE_TAG.lastIndex;
    } else if (char === '&') {
      const next = html[at + 1];
      if (next === undefined || !/[a-z0-9#]/i.test(next)) {
        parts.push('&');
        at += 1;
        continue;
      }
      CHARACTER_REFERENCE.lastIndex = at;
      const reference = CHARACTER_REFERENCE.exec(html);
      const decoded = reference && (reference[3] ? NAMED_REFERENCES[reference[3]] : plainCodePoint(reference[1] ? Number(reference[1]) : parseInt(reference[2]!, 16)));
      if (!decoded) return undefined;
      parts.push(decoded);
      at = CHARACTER_REFERENCE.lastIndex;
    } else {
      SIMPLE_TEXT.lastIndex = at;
      // A carriage return or NUL (the parser turns or drops them) goes to the parser.
      if (!SIMPLE_TEXT.exec(html)) return undefined;
      parts.push(html.slice(at, SIMPLE_TEXT.lastIndex));
      at = SIMPLE_TEXT.lastIndex;
    }
  }
  return parts.join('');
}

/** A numeric reference's character when the parser takes it as it is (printable, not a surrogate or non-character). */
function plainCodePoint(code: number): string | undefined {
  const plain = (code >= 0x20 && code < 0x7f) || code === 0x09 || code === 0x0a || (code >= 0xa0 && code < 0xd800)
    || (code >= 0xe000 && code <= 0x10ffff && !(code >= 0xfdd0 && code <= 0xfdef) && (code & 0xfffe) !== 0xfffe);
  return plain ? String.fromCodePoint(code) : undefined;
}

export function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`;
}
