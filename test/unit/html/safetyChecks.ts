import assert from 'node:assert/strict';
import { parseFragment } from 'parse5';

// Written out here, not imported from the policy, so that a change to the policy has to change a test too.
const EXPECTED_ELEMENTS = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'a', 'em', 'strong', 'b', 'i', 'u', 's', 'del', 'ins', 'mark',
  'small', 'abbr', 'cite', 'q', 'dfn', 'code', 'pre', 'kbd', 'var', 'samp', 'sub', 'sup', 'ul', 'ol', 'li', 'dl', 'dt',
  'dd', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'blockquote', 'img', 'span', 'div', 'section',
  'article', 'aside', 'figure', 'figcaption', 'details', 'summary',
]);
const EXPECTED_ATTRIBUTES = new Set(['id', 'class', 'lang', 'title', 'href', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'start', 'open']);
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

interface ParsedNode {
  nodeName: string;
  tagName?: string;
  namespaceURI?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: ParsedNode[];
}

/** Re-parses sanitised HTML the way a webview would and checks every element, attribute and URL in it. */
export function assertSafeHtml(html: string): void {
  const stack: ParsedNode[] = [parseFragment(html) as ParsedNode];
  while (stack.length > 0) {
    const node = stack.pop() as ParsedNode;
    assert.notEqual(node.nodeName, '#comment', 'no comments survive');
    if (node.tagName !== undefined) {
      assert.equal(node.namespaceURI, HTML_NAMESPACE, `<${node.tagName}> is HTML, not SVG or MathML`);
      assert.ok(EXPECTED_ELEMENTS.has(node.tagName), `<${node.tagName}> is allowed`);
      for (const { name, value } of node.attrs ?? []) assertSafeAttribute(node.tagName, name, value);
    }
    for (const child of node.childNodes ?? []) stack.push(child);
  }
}

function assertSafeAttribute(tag: string, name: string, value: string): void {
  assert.ok(!/^on/i.test(name), `no event handler (${name} on <${tag}>)`);
  assert.ok(EXPECTED_ATTRIBUTES.has(name), `attribute ${name} on <${tag}> is allowed`);
  if (name === 'href') assert.match(new URL(value).protocol, /^https?:$/, `href ${value}`);
  if (name === 'src') assert.equal(new URL(value).protocol, 'https:', `src ${value}`);
}

/** Markdown with its code spans and fences removed: what a renderer would read as markup. */
export function outsideCode(markdown: string): string {
  return markdown.replace(/^( *)(`{3,})[^\n]*\n[\s\S]*?\n\1\2$/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
}

/** No raw HTML, no entity, no non-http(s) link or image, no dangerous scheme anywhere. */
export function assertSafeMarkdown(markdown: string): void {
  const markup = outsideCode(markdown);
  assert.doesNotMatch(markup, /(?:^|[^\\])(?:\\\\)*[<&]/, 'every < and & outside code is escaped');
  for (const [, destination] of markdown.matchAll(/(?:^|[^\\])(?:\\\\)*\]\(([^)\s]*)\)/g)) {
    assert.match(destination, /^https?:\/\//, `link destination ${destination}`);
  }
  for (const [, source] of markdown.matchAll(/(?:^|[^\\])(?:\\\\)*!\[[^\]]*\]\(([^)\s]*)\)/g)) {
    assert.match(source, /^https:\/\//, `image source ${source}`);
  }
  assert.doesNotMatch(markdown, /javascript:|vbscript:|\bdata:(?:[a-z-]+\/[\w.+-]+)?[;,]/i, 'no dangerous scheme');
  assertBalancedFences(markdown);
}

function assertBalancedFences(markdown: string): void {
  let open: string | undefined;
  for (const line of markdown.split('\n')) {
    const fence = /^[>\s]*(`{3,})(.*)$/.exec(line);
    if (!fence) continue;
    if (open === undefined) open = fence[1];
    else if (fence[1] === open && fence[2].trim() === '') open = undefined;
  }
  assert.equal(open, undefined, 'every code fence is closed');
}
