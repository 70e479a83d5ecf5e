// parse5 ships only ES modules; Node >= 20.19 (and esbuild) load them through require(), which
// tsconfig's "module": "node20" models.
import type * as Parse5 from 'parse5';
import { type DefaultTreeAdapterMap, type DefaultTreeAdapterTypes, type TreeAdapter as Parse5TreeAdapter } from 'parse5';

export type ParsedNode = DefaultTreeAdapterTypes.ChildNode;
export type ParsedElement = DefaultTreeAdapterTypes.Element;
export type ParsedFragment = DefaultTreeAdapterTypes.DocumentFragment;
export type TreeAdapter = Parse5TreeAdapter<DefaultTreeAdapterMap>;

/** The namespace parse5 gives HTML elements (`html.NS.HTML`); SVG and MathML have their own. */
export const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

let parse5: typeof Parse5 | undefined;

/**
 * parse5 is required on first use (the first hover, preview or build message), so start-up does
 * not load it; the extension's bundle maps it to its own file (esbuild.mjs).
 */
export function loadParse5(): typeof Parse5 {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (parse5 ??= require('parse5') as typeof Parse5);
}
