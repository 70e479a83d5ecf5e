// Enough CSS for `maincontent`: compound selectors (tag, #id, .class, [attr], [attr=value]),
// descendant and child combinators, and selector lists.

import { attribute, classList, descendants, type HtmlElement } from './html';

interface Compound { tag?: string; id?: string; classes: string[]; attrs: { name: string; value?: string }[] }
interface Complex { parts: Compound[]; childOf: boolean[] }

const TOKEN = /\s*(>)\s*|\s+|([a-zA-Z*][\w-]*)|#([\w-]+)|\.([\w-]+)|\[\s*([\w-]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([\w-]+))\s*)?\]/y;

/** Parse one complex selector (no commas); throws on anything unsupported. */
function parseComplex(text: string): Complex {
  const parts: Compound[] = [];
  const childOf: boolean[] = [];
  let current: Compound | undefined;
  let pendingCombinator: boolean | undefined;
  TOKEN.lastIndex = 0;
  const source = text.trim();
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match || match.index !== at) throw new Error(`Invalid selector: ${text}`);
    const [whole, child, tag, id, cls, attrName, dq, sq, bare] = match;
    if (child || !whole.trim()) {
      if (!current) throw new Error(`Invalid selector: ${text}`);
      pendingCombinator = Boolean(child);
      current = undefined;
      continue;
    }
    if (!current) {
      if (pendingCombinator !== undefined) childOf.push(pendingCombinator);
      pendingCombinator = undefined;
      current = { classes: [], attrs: [] };
      parts.push(current);
    }
    if (tag) {
      if (current.tag || current.id || current.classes.length || current.attrs.length) throw new Error(`Invalid selector: ${text}`);
      current.tag = tag.toLowerCase();
    }
    if (id) current.id = id;
    if (cls) current.classes.push(cls);
    if (attrName) current.attrs.push({ name: attrName.toLowerCase(), value: dq ?? sq ?? bare });
  }
  if (!current) throw new Error(`Invalid selector: ${text}`);
  return { parts, childOf };
}

function matchesCompound(element: HtmlElement, compound: Compound): boolean {
  if (compound.tag && compound.tag !== '*' && compound.tag !== element.tag) return false;
  if (compound.id && attribute(element, 'id') !== compound.id) return false;
  const classes = classList(element);
  if (!compound.classes.every((c) => classes.includes(c))) return false;
  return compound.attrs.every(({ name, value }) => {
    const actual = attribute(element, name);
    return value === undefined ? actual !== undefined : actual === value;
  });
}

function matchesFrom(element: HtmlElement | null, selector: Complex, index: number): boolean {
  if (!element || element.tag === '#document' || !matchesCompound(element, selector.parts[index])) return false;
  if (index === 0) return true;
  if (selector.childOf[index - 1]) return matchesFrom(element.parent, selector, index - 1);
  for (let ancestor = element.parent; ancestor; ancestor = ancestor.parent) {
    if (matchesFrom(ancestor, selector, index - 1)) return true;
  }
  return false;
}

/** First element in document order matching the selector list. Throws on an unsupported selector. */
export function querySelector(root: HtmlElement, selector: string): HtmlElement | undefined {
  const list = selector.split(',').map(parseComplex);
  for (const element of descendants(root)) {
    if (list.some((complex) => matchesFrom(element, complex, complex.parts.length - 1))) return element;
  }
  return undefined;
}
