import { loadParse5, type ParsedElement, type ParsedNode } from './parse5';
import { type Rejection, parseUntrusted } from './parseUntrusted';
import { attributeOf, elementsOf, isElement, textOf } from './parsedTree';
import { isBareElement, sectionAroundElement } from './headingSection';

/** What the embed endpoint would be asked: the section's id (or none: the main content), and `doctool=sphinx`. */
export interface SectionQuery {
  readonly fragment: string | undefined;
  readonly sphinx: boolean;
}

/**
 * A page up to this long is parsed whole. A longer one is not: `LONG_PAGE_PART_CHARS` around the
 * section is cut from its text first (`boundedSource`), whatever the page (up to the 4 MB
 * `docsPage` cap).
 */
export const MAX_PARSED_PAGE_CHARS = 128 * 1024;
/**
 * How much of a longer page is parsed: the section's start, far more than a hover shows
 * (`DEFAULT_MAX_MARKDOWN_CHARS` of Markdown); a cold hover on a 4 MB page stays near 150 ms CPU.
 */
export const LONG_PAGE_PART_CHARS = 32 * 1024;
/** In a longer page, the element holding a section's target (a `<section>`, a `<dl>`) is looked for this far before it. */
const CONTAINER_LOOKBACK_CHARS = 4 * 1024;

/** The section cut from a page, or why not: no such part (`missing`), or the parser's refusal of what was cut. */
export type SectionCut = { readonly ok: true; readonly html: string } | { readonly ok: false; readonly reason: 'missing' | Rejection };

/**
 * The part of a whole page the embed endpoint returns for `query` (FACTS.md §13), cut here from a
 * page read with a private-docs token, since the endpoint takes no token: with a fragment, the
 * element with that id (with Sphinx, an empty label `<span>` in a section gives the section, a
 * `<dt>` its `<dl>`, trimmed to the term for glossaries and citations); without one, `[role=main]`,
 * else `<main>`, else the parent of the first `<h1>`. Fragment-only and relative `<a href>` and
 * `<img src>` are made absolute against the page, as the endpoint does. A bare heading or anchor is
 * widened to its section (`sectionAroundElement`), as `EmbedService` does for the endpoint's answer,
 * on the same parsed tree. Unsanitised, like the endpoint's. The page is parsed once, and at most
 * `MAX_PARSED_PAGE_CHARS` of it (a longer page: `LONG_PAGE_PART_CHARS` around the section).
 */
export function cutSection(pageHtml: string, pageUrl: string, query: SectionQuery): SectionCut {
  const source = boundedSource(pageHtml, query.fragment);
  if (source === undefined) return { ok: false, reason: 'missing' };
  const parsed = parseUntrusted(source);
  if (!parsed.ok) return { ok: false, reason: parsed.rejection };
  const all = elementsOf(parsed.fragment.childNodes);
  const chosen = query.fragment === undefined ? mainContent(all) : targetOf(all, query.fragment, query.sphinx);
  if (!chosen) return { ok: false, reason: 'missing' };
  const page = new URL(pageUrl);
  page.hash = '';
  for (const element of elementsOf([chosen.element])) absolutize(element, page.href);
  const { serializeOuter } = loadParse5();
  const html = chosen.trimmedTo ? trimmedList(chosen.element, chosen.trimmedTo, serializeOuter) : serializeOuter(chosen.element);
  if (query.fragment !== undefined && !chosen.trimmedTo && isBareElement(chosen.element, html)) {
    const main = mainContent(all);
    // Widened within the main content, as the endpoint's page would be; a page cut around the section has its part of it.
    if (source !== pageHtml || (main && contains(main.element, chosen.element))) return { ok: true, html: sectionAroundElement(chosen.element) };
  }
  return { ok: true, html };
}

/** `cutSection`'s HTML, or undefined when the page has no such part or it could not be parsed. */
export function embedSectionOf(pageHtml: string, pageUrl: string, query: SectionQuery): string | undefined {
  const cut = cutSection(pageHtml, pageUrl, query);
  return cut.ok ? cut.html : undefined;
}

/**
 * What is parsed of a page: all of it up to `MAX_PARSED_PAGE_CHARS`; of a longer one,
 * `LONG_PAGE_PART_CHARS` from the main content's start when the target lies in its first half,
 * else from the element holding the target (the last `<section`, `<div` or `<dl` opened shortly
 * before it), else from the target's own tag. Undefined when the page's text has no `id`
 * attribute of that value (as written, or with `&amp;`, `&quot;`, `&lt;`, `&gt;` escaped): the
 * page has no such section.
 */
function boundedSource(page: string, fragment: string | undefined): string | undefined {
  if (page.length <= MAX_PARSED_PAGE_CHARS) return page;
  const main = mainStart(page);
  if (fragment === undefined) return page.slice(main, main + LONG_PAGE_PART_CHARS);
  const at = idAttributeAt(page, fragment);
  if (at < 0) return undefined;
  const tag = Math.max(0, page.lastIndexOf('<', at));
  let start = tag;
  if (tag - main >= 0 && tag - main <= LONG_PAGE_PART_CHARS / 2) start = main;
  else {
    const from = Math.max(0, tag - CONTAINER_LOOKBACK_CHARS);
    const window = page.slice(from, tag);
    const container = Math.max(window.lastIndexOf('<section'), window.lastIndexOf('<div'), window.lastIndexOf('<dl'));
    if (container >= 0) start = from + container;
  }
  return page.slice(start, start + LONG_PAGE_PART_CHARS);
}

/** Where the main content's tag starts (`role="main"`, else `<main`), else 0. */
function mainStart(page: string): number {
  const role = page.search(/role\s*=\s*["']?main["'\s>]/i);
  const at = role >= 0 ? page.lastIndexOf('<', role) : page.search(/<main[\s>]/i);
  return Math.max(0, at);
}

/** The index of `id="<value>"` (either quote, or none) in `page`, or -1. */
function idAttributeAt(page: string, value: string): number {
  const escaped = value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const forms = [...new Set([value, escaped])].flatMap((v) => [`id="${v}"`, `id='${v}'`, `id=${v}>`, `id=${v} `]);
  const found = forms.map((form) => page.indexOf(form)).filter((i) => i >= 0);
  return found.length ? Math.min(...found) : -1;
}

function contains(ancestor: ParsedElement, node: ParsedElement): boolean {
  for (let at: ParsedNode | null | undefined = node; at; at = at.parentNode as ParsedNode | null | undefined) if (at === ancestor) return true;
  return false;
}

interface Chosen {
  readonly element: ParsedElement;
  /** A glossary or citation list shown with only this term and its definition. */
  readonly trimmedTo?: ParsedElement;
}

function mainContent(all: readonly ParsedElement[]): Chosen | undefined {
  const element = all.find((el) => attributeOf(el, 'role') === 'main')
    ?? all.find((el) => el.tagName === 'main')
    ?? parentElement(all.find((el) => el.tagName === 'h1'));
  return element && { element };
}

function targetOf(all: readonly ParsedElement[], id: string, sphinx: boolean): Chosen | undefined {
  const node = all.find((el) => attributeOf(el, 'id') === id);
  if (!node) return undefined;
  if (sphinx) {
    const parent = parentElement(node);
    if (node.tagName === 'span' && textOf(node).trim() === '' && parent && isSection(parent)) return { element: parent };
    if (node.tagName === 'dt' && parent?.tagName === 'dl') {
      const classes = classesOf(parent);
      return classes.includes('glossary') || classes.includes('citation') ? { element: parent, trimmedTo: node } : { element: parent };
    }
  }
  return { element: node };
}

function trimmedList(list: ParsedElement, term: ParsedElement, serializeOuter: (node: ParsedNode) => string): string {
  const siblings = list.childNodes.filter(isElement);
  const definition = siblings.slice(siblings.indexOf(term) + 1).find((el) => el.tagName === 'dd');
  const shell = serializeOuter({ ...list, childNodes: [] } as ParsedElement);
  const close = '</dl>';
  return shell.slice(0, shell.length - close.length) + serializeOuter(term) + (definition ? serializeOuter(definition) : '') + close;
}

/** The endpoint's `clean_references`: fragment-only links get the page's URL, relative ones are resolved, root-relative and absolute ones kept. */
function absolutize(element: ParsedElement, pageUrl: string): void {
  const name = element.tagName === 'a' ? 'href' : element.tagName === 'img' ? 'src' : undefined;
  const attr = name && element.attrs.find((a) => a.name === name);
  if (!attr) return;
  const value = attr.value;
  if (value.startsWith('#')) attr.value = pageUrl + value;
  else if (value !== '' && !value.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    try {
      attr.value = new URL(value, pageUrl).href;
    } catch {
      // kept as written, like the endpoint
    }
  }
}

function isSection(element: ParsedElement): boolean {
  return element.tagName === 'section' || (element.tagName === 'div' && classesOf(element).includes('section'));
}

function parentElement(node: ParsedElement | undefined): ParsedElement | undefined {
  const parent = node?.parentNode as ParsedNode | null | undefined;
  return parent && isElement(parent) ? parent : undefined;
}

function classesOf(element: ParsedElement): string[] {
  return (attributeOf(element, 'class') ?? '').split(/\s+/).filter(Boolean);
}
