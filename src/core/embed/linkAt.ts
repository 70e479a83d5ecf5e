import { isWebUrl } from '../validation/urls';
import { lineWindow } from '../util/lineWindow';
import { bareUrls, writtenLinks } from './linkCandidates';

/**
 * True when the cursor is on an http(s) URL of any host (bare, or inside a Markdown or reST
 * link). Used only after `findDocLink` found no docs link, to decide whether learning the
 * user's own documentation domains could change that.
 */
export function webUrlAt(lineText: string, character: number): boolean {
  const { text, offset } = lineWindow(lineText, character);
  if (!/https?:\/\//i.test(text)) return false;
  const cursor = character - offset;
  return [...writtenLinks(text), ...bareUrls(text)].some(({ url, start, end }) => start <= cursor && cursor <= end && isWebUrl(url));
}
