import { isWebUrl } from '../validation/urls';
import { bareUrls, writtenLinks } from './linkCandidates';

const SCAN_RADIUS = 4096;

/**
 * True when the cursor is on an http(s) URL of any host (bare, or inside a Markdown or reST
 * link). Used only after `findDocLink` found no docs link, to decide whether learning the
 * user's own documentation domains could change that.
 */
export function webUrlAt(lineText: string, character: number): boolean {
  const offset = Math.max(0, character - SCAN_RADIUS);
  const text = lineText.slice(offset, character + SCAN_RADIUS);
  if (!/https?:\/\//i.test(text)) return false;
  const cursor = character - offset;
  return [...writtenLinks(text), ...bareUrls(text)].some(({ url, start, end }) => start <= cursor && cursor <= end && isWebUrl(url));
}
