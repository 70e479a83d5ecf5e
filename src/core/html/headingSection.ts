import { loadParse5, type ParsedElement, type ParsedNode } from './parse5';
import { parseUntrusted } from './parseUntrusted';
import { attributeOf, isElement, textOf } from './parsedTree';

/** A heading with a long signature in it stays far below this; a section's answer is often above. */
const MAX_BARE_TARGET_CHARS = 64 * 1024;

/** The element with `id` when the HTML is only that element (the answer of the embed endpoint for a heading or an anchor). */
function loneTarget(html: string, id: string): ParsedElement | undefined {
  const parsed = parseUntrusted(html);
  if (!parsed.ok) return undefined;
  const elements = parsed.fragment.childNodes.filter((node) => 'tagName' in node || ('value' in node && node.value.trim() !== ''));
  const [only] = elements;
  return elements.length === 1 && isElement(only) && idOf(only) === id ? only : undefined;
}

/**
 * Whether the embed endpoint's answer for `#id` is a bare target: a heading (MkDocs and other
 * generators put ids on headings, with no `<section>` around what follows) or an empty anchor
 * (mkdocstrings' `<a id>` for an object shown without its heading). Such an answer holds none of
 * the section's text: `sectionAround` finds it in the page.
 */
export function isBareTarget(html: string, id: string): boolean {
  // Most answers are whole sections: those are not parsed a second time here.
  if (html.length > MAX_BARE_TARGET_CHARS || !/^\s*<(?:h[1-6]|a)[\s>]/i.test(html)) return false;
  const target = loneTarget(html, id);
  return target !== undefined && isBareElement(target, html);
}

/**
 * The section `#id` names in a page's main content, as HTML (unsanitised, like its input): a
 * heading and its following siblings up to the next heading of the same or a higher level (also
 * when that heading sits inside a sibling, as mkdocstrings wraps each object); for an empty
 * anchor, the element that holds it. Undefined when the page has no such element or is rejected
 * by the parser's caps.
 */
export function sectionAround(pageHtml: string, id: string): string | undefined {
  const parsed = parseUntrusted(pageHtml);
  if (!parsed.ok) return undefined;
  const target = findById(parsed.fragment.childNodes, id);
  return target && sectionAroundElement(target);
}

/** `sectionAround` on a page already parsed: the section around `target`, an element of that page's tree. */
export function sectionAroundElement(target: ParsedElement): string {
  const { serializeOuter } = loadParse5();
  const level = headingLevel(target);
  if (level === undefined) {
    const holder = target.parentNode;
    return holder && isElement(holder as ParsedNode) && textOf(target).trim() === '' ? serializeOuter(holder as ParsedElement) : serializeOuter(target);
  }
  const siblings = target.parentNode?.childNodes ?? [target];
  const parts: string[] = [];
  for (let i = siblings.indexOf(target); i < siblings.length; i++) {
    const node = siblings[i];
    if (node !== target && isElement(node) && startsSectionAtOrAbove(node, level)) break;
    parts.push(serializeOuter(node));
  }
  return parts.join('');
}

/** `isBareTarget` on an element already parsed (its serialized form `html`): a heading, or an anchor without text. */
export function isBareElement(element: ParsedElement, html: string): boolean {
  if (html.length > MAX_BARE_TARGET_CHARS) return false;
  if (headingLevel(element) !== undefined) return true;
  return element.tagName === 'a' && textOf(element).trim() === '';
}

function idOf(element: ParsedElement): string | undefined {
  return attributeOf(element, 'id');
}

function headingLevel(element: ParsedElement): number | undefined {
  const match = /^h([1-6])$/.exec(element.tagName);
  return match ? Number(match[1]) : undefined;
}

/** Walks with an explicit stack: hostile pages may nest deeply. */
function findById(nodes: readonly ParsedNode[], id: string): ParsedElement | undefined {
  const stack: ParsedNode[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i]);
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (!isElement(node)) continue;
    if (idOf(node) === id) return node;
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
  return undefined;
}

/** The element is, or holds, a heading of `level` or higher (h1 is the highest). */
function startsSectionAtOrAbove(element: ParsedElement, level: number): boolean {
  const stack: ParsedNode[] = [element];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (!isElement(node)) continue;
    const found = headingLevel(node);
    if (found !== undefined && found <= level) return true;
    for (const child of node.childNodes) stack.push(child);
  }
  return false;
}
