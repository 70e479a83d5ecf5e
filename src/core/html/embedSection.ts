import { loadParse5, type ParsedElement, type ParsedNode } from './parse5';
import { parseUntrusted } from './parseUntrusted';
import { attributeOf, elementsOf, isElement, textOf } from './parsedTree';
import { isBareTarget, sectionAround } from './headingSection';

/** What the embed endpoint would be asked: the section's id (or none: the main content), and `doctool=sphinx`. */
export interface SectionQuery {
  readonly fragment: string | undefined;
  readonly sphinx: boolean;
}

/**
 * The part of a whole page the embed endpoint returns for `query` (FACTS.md §13), cut here from a
 * page read with a private-docs token, since the endpoint takes no token: with a fragment, the
 * element with that id (with Sphinx, an empty label `<span>` in a section gives the section, a
 * `<dt>` its `<dl>`, trimmed to the term for glossaries and citations); without one, `[role=main]`,
 * else `<main>`, else the parent of the first `<h1>`. Fragment-only and relative `<a href>` and
 * `<img src>` are made absolute against the page, as the endpoint does. A bare heading or anchor is
 * widened to its section (`sectionAround`), as `EmbedService` does for the endpoint's answer.
 * Unsanitised, like the endpoint's; undefined when the page has no such part.
 */
export function embedSectionOf(pageHtml: string, pageUrl: string, query: SectionQuery): string | undefined {
  const parsed = parseUntrusted(pageHtml);
  if (!parsed.ok) return undefined;
  const all = elementsOf(parsed.fragment.childNodes);
  const chosen = query.fragment === undefined ? mainContent(all) : targetOf(all, query.fragment, query.sphinx);
  if (!chosen) return undefined;
  const page = new URL(pageUrl);
  page.hash = '';
  for (const element of elementsOf([chosen.element])) absolutize(element, page.href);
  const { serializeOuter } = loadParse5();
  const html = chosen.trimmedTo ? trimmedList(chosen.element, chosen.trimmedTo, serializeOuter) : serializeOuter(chosen.element);
  if (query.fragment !== undefined && isBareTarget(html, query.fragment)) {
    const main = mainContent(all);
    return (main && sectionAround(serializeOuter(main.element), query.fragment)) ?? html;
  }
  return html;
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
