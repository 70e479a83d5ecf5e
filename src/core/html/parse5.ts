// parse5 ships only ES modules; Node >= 20.19 (and esbuild) load them through require(), which
// tsconfig's "module": "node20" models.
import { type DefaultTreeAdapterMap, type DefaultTreeAdapterTypes, type TreeAdapter as Parse5TreeAdapter, defaultTreeAdapter, html, parseFragment } from 'parse5';

export type ParsedNode = DefaultTreeAdapterTypes.ChildNode;
export type ParsedElement = DefaultTreeAdapterTypes.Element;
export type ParsedFragment = DefaultTreeAdapterTypes.DocumentFragment;
export type TreeAdapter = Parse5TreeAdapter<DefaultTreeAdapterMap>;

export { defaultTreeAdapter, parseFragment };
export const HTML_NAMESPACE = html.NS.HTML;
