import { type ParsedFragment, type TreeAdapter, loadParse5 } from './parse5';

export const MAX_INPUT_CHARS = 2 * 1024 * 1024;
/**
 * The HTML parser re-opens unclosed formatting elements for every new paragraph, so a few kilobytes of
 * crafted markup can grow into millions of elements. Parsing stops once this many have been created.
 */
export const MAX_ELEMENTS = 200_000;

export type Rejection = 'tooLarge' | 'tooComplex';

export type ParseOutcome =
  | { ok: true; fragment: ParsedFragment }
  | { ok: false; rejection: Rejection };

class ElementBudgetExceeded extends Error {}

export function parseUntrusted(html: string): ParseOutcome {
  if (html.length > MAX_INPUT_CHARS) return { ok: false, rejection: 'tooLarge' };
  try {
    const { parseFragment, defaultTreeAdapter } = loadParse5();
    return { ok: true, fragment: parseFragment(html, { treeAdapter: countingTreeAdapter(defaultTreeAdapter) }) };
  } catch (error) {
    if (error instanceof ElementBudgetExceeded) return { ok: false, rejection: 'tooComplex' };
    throw error;
  }
}

function countingTreeAdapter(defaultTreeAdapter: TreeAdapter): TreeAdapter {
  let created = 0;
  return {
    ...defaultTreeAdapter,
    createElement(tagName, namespaceURI, attrs) {
      created += 1;
      if (created > MAX_ELEMENTS) throw new ElementBudgetExceeded();
      return defaultTreeAdapter.createElement(tagName, namespaceURI, attrs);
    },
  };
}

export function rejectionMessage(rejection: Rejection): string {
  return rejection === 'tooLarge'
    ? `This section is too large to preview (over ${MAX_INPUT_CHARS / (1024 * 1024)} MB of HTML). Open it in the browser instead.`
    : 'This section is too complex to preview. Open it in the browser instead.';
}
