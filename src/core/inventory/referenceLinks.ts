import { type AuthoringLanguage, type DocumentText, documentReferences } from './referenceAt';
import { type InventorySet, resolveReference } from './resolve';

/**
 * References of one document read for links at most, so at most this many links: the document is
 * not split further once they are read (150,000 references took seconds per request).
 */
export const MAX_REFERENCE_LINKS = 5_000;

/** A cross-reference target that opens the published page of what it names. */
export interface ReferenceLink {
  readonly line: number;
  /** Where the target is on its line. */
  readonly start: number;
  readonly end: number;
  /** An http(s) address under its inventory's root (`InventoryIndex.urlOf`, through `webUrlOf`). */
  readonly url: string;
  /** What the target names, to say where the link goes. */
  readonly title: string;
}

/** The links of a document's resolved cross-references, from its first `MAX_REFERENCE_LINKS` references. */
export function referenceLinks(text: DocumentText, language: AuthoringLanguage, set: InventorySet, docName: string | undefined, signal?: AbortSignal): ReferenceLink[] {
  const links: ReferenceLink[] = [];
  for (const { line, reference } of documentReferences(text, language, MAX_REFERENCE_LINKS)) {
    if (signal?.aborted) break;
    const resolution = resolveReference(reference, set, docName, false);
    if (resolution?.kind !== 'resolved' || resolution.url === undefined) continue;
    links.push({ line, start: reference.targetStart, end: reference.targetEnd, url: resolution.url, title: resolution.entry.displayName });
  }
  return links;
}
