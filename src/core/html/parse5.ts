// parse5 8 ships only ES modules. Node >= 20.19 and esbuild load them through require(), but TypeScript's
// "module": "Node16" does not model require(esm) ("node20" does), so the types come from a type-only import.
import type * as Parse5 from 'parse5' with { 'resolution-mode': 'import' };

export type ParsedNode = Parse5.DefaultTreeAdapterTypes.ChildNode;
export type ParsedElement = Parse5.DefaultTreeAdapterTypes.Element;
export type ParsedFragment = Parse5.DefaultTreeAdapterTypes.DocumentFragment;
export type TreeAdapter = Parse5.TreeAdapter<Parse5.DefaultTreeAdapterMap>;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const parse5: typeof Parse5 = require('parse5');

export const { parseFragment, defaultTreeAdapter } = parse5;
export const HTML_NAMESPACE = parse5.html.NS.HTML;
