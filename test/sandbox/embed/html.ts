// A small HTML parser for the sandbox's own (well-formed) pages: elements with source offsets,
// so content can be cut out verbatim and attribute values rewritten in place.

export interface HtmlAttribute {
  name: string;
  value: string;
  /** Offsets of the raw value in the source (quotes excluded); -1 for a bare attribute. */
  valueStart: number;
  valueEnd: number;
}

export interface HtmlElement {
  /** Lowercase tag name; `#document` for the root. */
  tag: string;
  attrs: HtmlAttribute[];
  /** Index of `<`. */
  start: number;
  /** Index just after the start tag. */
  openEnd: number;
  /** Index of the end tag (= openEnd for void elements). */
  closeStart: number;
  /** Index just after the end tag. */
  end: number;
  parent: HtmlElement | null;
  children: HtmlElement[];
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'iframe', 'noscript', 'xmp', 'noembed', 'noframes']);

const START_TAG = /<([a-zA-Z][\w:-]*)/y;
const END_TAG = /<\/([a-zA-Z][\w:-]*)\s*>/y;
const ATTR_NAME = /[^\s"'>/=]+/y;
const UNQUOTED = /[^\s>]+/y;

function sticky(regex: RegExp, source: string, at: number): RegExpExecArray | null {
  regex.lastIndex = at;
  return regex.exec(source);
}

/** Parse the attributes of a start tag; returns them with the index after `>` and whether it was `/>`. */
function parseAttributes(source: string, from: number) {
  const attrs: HtmlAttribute[] = [];
  let at = from;
  while (at < source.length) {
    while (/\s/.test(source[at] ?? '')) at += 1;
    if (source[at] === '>') return { attrs, openEnd: at + 1, selfClosing: false };
    if (source.startsWith('/>', at)) return { attrs, openEnd: at + 2, selfClosing: true };
    const name = sticky(ATTR_NAME, source, at);
    if (!name) { at += 1; continue; }
    at += name[0].length;
    while (/\s/.test(source[at] ?? '')) at += 1;
    const attribute: HtmlAttribute = { name: name[0].toLowerCase(), value: '', valueStart: -1, valueEnd: -1 };
    if (source[at] === '=') {
      at += 1;
      while (/\s/.test(source[at] ?? '')) at += 1;
      const quote = source[at];
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, at + 1);
        const valueEnd = close < 0 ? source.length : close;
        Object.assign(attribute, { valueStart: at + 1, valueEnd, value: source.slice(at + 1, valueEnd) });
        at = valueEnd + 1;
      } else {
        const value = sticky(UNQUOTED, source, at)?.[0] ?? '';
        Object.assign(attribute, { valueStart: at, valueEnd: at + value.length, value });
        at += value.length;
      }
    }
    attrs.push(attribute);
  }
  return { attrs, openEnd: source.length, selfClosing: false };
}

export function parseHtml(source: string): HtmlElement {
  const root: HtmlElement = {
    tag: '#document', attrs: [], start: 0, openEnd: 0, closeStart: source.length, end: source.length, parent: null, children: [],
  };
  const stack = [root];
  let at = 0;
  while (at < source.length) {
    const lt = source.indexOf('<', at);
    if (lt < 0) break;
    if (source.startsWith('<!--', lt)) {
      const close = source.indexOf('-->', lt + 4);
      at = close < 0 ? source.length : close + 3;
      continue;
    }
    if (source[lt + 1] === '!' || source[lt + 1] === '?') {
      const gt = source.indexOf('>', lt);
      at = gt < 0 ? source.length : gt + 1;
      continue;
    }
    const endTag = sticky(END_TAG, source, lt);
    if (endTag) {
      const index = stack.map((el) => el.tag).lastIndexOf(endTag[1].toLowerCase());
      if (index > 0) {
        // The matching element plus anything left open inside it ends here.
        const closed = stack.splice(index);
        for (const open of closed) Object.assign(open, { closeStart: lt, end: lt });
        closed[0].end = lt + endTag[0].length;
      }
      at = lt + endTag[0].length;
      continue;
    }
    const startTag = sticky(START_TAG, source, lt);
    if (!startTag) { at = lt + 1; continue; }
    const tag = startTag[1].toLowerCase();
    const { attrs, openEnd, selfClosing } = parseAttributes(source, lt + startTag[0].length);
    const parent = stack[stack.length - 1];
    const element: HtmlElement = { tag, attrs, start: lt, openEnd, closeStart: openEnd, end: openEnd, parent, children: [] };
    parent.children.push(element);
    at = openEnd;
    if (VOID.has(tag) || selfClosing) continue;
    if (RAW_TEXT.has(tag)) {
      const close = new RegExp(`</${tag}\\s*>`, 'ig');
      close.lastIndex = openEnd;
      const match = close.exec(source);
      element.closeStart = match ? match.index : source.length;
      element.end = match ? match.index + match[0].length : source.length;
      at = element.end;
      continue;
    }
    stack.push(element);
  }
  for (const open of stack.slice(1)) Object.assign(open, { closeStart: source.length, end: source.length });
  return root;
}

/** Elements below `element` in document order. */
export function* descendants(element: HtmlElement): Generator<HtmlElement> {
  for (const child of element.children) {
    yield child;
    yield* descendants(child);
  }
}

export const attribute = (element: HtmlElement, name: string): string | undefined =>
  element.attrs.find((a) => a.name === name)?.value;

export const classList = (element: HtmlElement): string[] => (attribute(element, 'class') ?? '').split(/\s+/).filter(Boolean);

export const outerHtml = (source: string, element: HtmlElement): string => source.slice(element.start, element.end);

/** Text inside an element, tags removed (entities left as they are). */
export const innerText = (source: string, element: HtmlElement): string =>
  source.slice(element.openEnd, element.closeStart).replace(/<[^>]*>/g, '');
