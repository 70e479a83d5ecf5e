import { cleanTree } from './cleanTree';
import { collapseWhitespace, textContent } from './cleanNode';
import { parseUntrusted } from './parseUntrusted';

/** Remote HTML (notification bodies) as one line of plain text: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string, maxChars = 400): string {
  const parsed = parseUntrusted(html);
  const text = parsed.ok ? collapseWhitespace(textContent(cleanTree(parsed.fragment, 'https://invalid.invalid/'))) : '';
  return truncate(stripControl(text), maxChars);
}

function stripControl(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ').replace(/ {2,}/g, ' ').trim();
}

export function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`;
}
