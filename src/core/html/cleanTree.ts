import type { CleanElement, CleanNode } from './cleanNode';
import { HTML_NAMESPACE, type ParsedElement, type ParsedFragment, type ParsedNode } from './parse5';
import {
  acceptedAttributeValue, acceptedClasses, ALLOWED_ELEMENTS, DROPPED_ELEMENTS, isAttributeAllowed, RENAMED_ELEMENTS,
  VOID_ELEMENTS,
} from './policy';
import { resolveImageUrl, resolveLinkUrl } from './urls';

/** Deeper elements are unwrapped, so that later recursive passes stay far from the stack limit. */
const MAX_DEPTH = 64;

interface Frame {
  readonly nodes: readonly ParsedNode[];
  next: number;
  readonly into: CleanNode[];
  readonly depth: number;
}

/**
 * Copies what the allow-list permits out of a parsed fragment. Walks with an explicit stack because
 * hostile input may nest elements a hundred thousand levels deep.
 */
export function cleanTree(fragment: ParsedFragment, pageUrl: string): CleanNode[] {
  const root: CleanNode[] = [];
  const stack: Frame[] = [{ nodes: fragment.childNodes, next: 0, into: root, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next >= frame.nodes.length) {
      stack.pop();
      continue;
    }
    const node = frame.nodes[frame.next++];
    if (node.nodeName === '#text' && 'value' in node) appendText(frame.into, node.value);
    else if ('tagName' in node) stack.push(...visitElement(node, frame, pageUrl));
  }
  return root;
}

/** Appends what the element becomes to the frame's output and returns the frame for its children, if any. */
function visitElement(element: ParsedElement, frame: Frame, pageUrl: string): Frame[] {
  const tag = RENAMED_ELEMENTS.get(element.tagName) ?? element.tagName;
  if (element.namespaceURI !== HTML_NAMESPACE || DROPPED_ELEMENTS.has(tag) || isHeaderLink(element)) return [];
  if (tag === 'img') {
    appendImage(element, frame.into, pageUrl);
    return [];
  }
  const unwrapped: Frame = { nodes: element.childNodes, next: 0, into: frame.into, depth: frame.depth };
  if (!ALLOWED_ELEMENTS.has(tag) || frame.depth >= MAX_DEPTH) return [unwrapped];
  const attrs = cleanAttributes(element, tag, pageUrl);
  if (tag === 'a' && attrs.href === undefined) return [unwrapped];
  const kept: CleanElement = { kind: 'element', tag, attrs, children: [] };
  frame.into.push(kept);
  return VOID_ELEMENTS.has(tag) ? [] : [{ nodes: element.childNodes, next: 0, into: kept.children, depth: frame.depth + 1 }];
}

function appendImage(element: ParsedElement, into: CleanNode[], pageUrl: string): void {
  const attrs = cleanAttributes(element, 'img', pageUrl);
  if (attrs.src !== undefined) into.push({ kind: 'element', tag: 'img', attrs, children: [] });
  else if (attrs.alt) appendText(into, attrs.alt);
}

function appendText(into: CleanNode[], text: string): void {
  const last = into[into.length - 1];
  if (last?.kind === 'text') last.text += text;
  else into.push({ kind: 'text', text });
}

function cleanAttributes(element: ParsedElement, tag: string, pageUrl: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const { name, value, namespace } of element.attrs) {
    if (namespace !== undefined) continue;
    const kept = acceptedValue(tag, name, value, pageUrl);
    if (kept !== undefined) attrs[name] = kept;
  }
  return attrs;
}

function acceptedValue(tag: string, name: string, value: string, pageUrl: string): string | undefined {
  if (tag === 'a' && name === 'href') return resolveLinkUrl(value, pageUrl);
  if (tag === 'img' && name === 'src') return resolveImageUrl(value, pageUrl);
  if (!isAttributeAllowed(tag, name)) return undefined;
  return name === 'class' ? acceptedClasses(value) : acceptedAttributeValue(name, value);
}

/** Sphinx's `¶` permalink next to every heading and term. */
function isHeaderLink(element: ParsedElement): boolean {
  return element.tagName === 'a' && element.attrs.some(({ name, value }) => name === 'class' && value.split(/\s+/).includes('headerlink'));
}
