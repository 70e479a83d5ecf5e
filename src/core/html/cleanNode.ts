/** The tree left after sanitising: only allowed elements and attributes, URLs already absolute and checked. */
export type CleanNode = CleanElement | CleanText;

export interface CleanElement {
  readonly kind: 'element';
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: CleanNode[];
}

export interface CleanText {
  readonly kind: 'text';
  text: string;
}

export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function isElement(node: CleanNode, ...tags: string[]): node is CleanElement {
  return node.kind === 'element' && (tags.length === 0 || tags.includes(node.tag));
}

export function hasClass(element: CleanElement, name: string): boolean {
  return (element.attrs.class ?? '').split(' ').includes(name);
}

export function textContent(nodes: readonly CleanNode[]): string {
  return nodes.map((node) => (node.kind === 'text' ? node.text : textContent(node.children))).join('');
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const TERM_TAGS: ReadonlySet<string> = new Set(['dt']);

/** The text of the first heading, else of the first term (a glossary entry, an API signature), for a title. */
export function sectionTitle(nodes: readonly CleanNode[]): string | undefined {
  return firstTextOf(nodes, HEADING_TAGS) ?? firstTextOf(nodes, TERM_TAGS);
}

function firstTextOf(nodes: readonly CleanNode[], tags: ReadonlySet<string>): string | undefined {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    const text = tags.has(node.tag) ? collapseWhitespace(textContent(node.children).replace(/¶/g, '')) : firstTextOf(node.children, tags);
    if (text) return text;
  }
  return undefined;
}
