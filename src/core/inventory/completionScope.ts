import { type AuthoringLanguage } from './referenceAt';
import { type InventorySet } from './resolve';

/** `readthedocs.crossReferences.completion`. */
export type CrossReferenceCompletion = 'auto' | 'always' | 'never';

/** The extension id of Esbonio, the Sphinx language server, which completes a folder's own targets from its local build. */
export const ESBONIO_EXTENSION_ID = 'swyddfa.esbonio';

export function crossReferenceCompletionOf(value: unknown): CrossReferenceCompletion {
  return value === 'always' || value === 'never' ? value : 'auto';
}

/**
 * The inventories completion offers targets from: none (`never`); all (`always`); with `auto`,
 * all unless Esbonio is active, which already offers the folder's own targets: then only the
 * published inventories of other projects and the intersphinx mappings. Pure.
 */
export function completionInventories(set: InventorySet, mode: CrossReferenceCompletion, esbonioActive: boolean): InventorySet | undefined {
  if (mode === 'never') return undefined;
  if (mode === 'auto' && esbonioActive) return { own: undefined, named: set.named };
  return set;
}

/** The extension id of Zensical Studio (FACTS.md §27), which checks a Zensical project's Markdown links, anchors and autorefs itself. */
export const ZENSICAL_STUDIO_EXTENSION_ID = 'zensical.zensical-studio';

/**
 * True when a page's reference hints are left to Zensical Studio: it is active and the page is
 * Markdown (its own checks cover those references), as completion leaves the folder's targets to
 * Esbonio. reStructuredText pages keep theirs. Pure.
 */
export function hintsLeftToStudio(language: AuthoringLanguage, studioActive: boolean): boolean {
  return studioActive && language !== 'restructuredtext';
}
