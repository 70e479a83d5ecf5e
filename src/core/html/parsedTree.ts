import { type ParsedElement, type ParsedNode } from './parse5';

// Walks over parse5's tree with an explicit stack: hostile pages may nest deeply.

export function isElement(node: ParsedNode | undefined): node is ParsedElement {
  return node !== undefined && 'tagName' in node;
}

export function attributeOf(element: ParsedElement, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

/** Every element under `roots`, in document order. */
export function elementsOf(roots: readonly ParsedNode[]): ParsedElement[] {
  const out: ParsedElement[] = [];
  const stack: ParsedNode[] = [...roots].reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (!isElement(node)) continue;
    out.push(node);
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
  return out;
}

/** The element's text, all descendants' text nodes joined. */
export function textOf(element: ParsedElement): string {
  let text = '';
  const stack: ParsedNode[] = [element];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if ('value' in node && node.nodeName === '#text') text += node.value;
    else if (isElement(node)) for (const child of node.childNodes) stack.push(child);
  }
  return text;
}
