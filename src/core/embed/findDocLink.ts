import type { DocHost, DocHostMatcher } from './docHosts';
import { bareUrls, type LinkCandidate, writtenLinks } from './linkCandidates';
import { lineWindow } from '../util/lineWindow';

export interface DocLink {
  /** The URL, normalised (`new URL(…).href`), fragment included. */
  readonly url: string;
  /** Character range of the link as written (a whole Markdown or reST link, or the bare URL); end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly host: DocHost;
}

/** The docs link under the cursor (`character` is a UTF-16 offset, as in VS Code positions), if any. */
export function findDocLink(lineText: string, character: number, matcher: DocHostMatcher): DocLink | undefined {
  const { text, offset } = lineWindow(lineText, character);
  const cursor = character - offset;
  // Inside a Markdown or reST link, its URL is the only candidate, even when the cursor is on the link text.
  const candidate = candidateAt(writtenLinks(text), cursor) ?? candidateAt(bareUrls(text), cursor);
  if (!candidate) return undefined;
  const host = matcher.match(candidate.url);
  if (!host) return undefined;
  return { url: new URL(candidate.url).href, start: candidate.start + offset, end: candidate.end + offset, host };
}

/** The candidate under the cursor, or else the one the cursor sits right after (the end of a word counts as on it). */
function candidateAt(candidates: readonly LinkCandidate[], cursor: number): LinkCandidate | undefined {
  return candidates.find(({ start, end }) => start <= cursor && cursor < end)
    ?? candidates.find(({ end }) => cursor === end);
}
