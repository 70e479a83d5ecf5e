// Which part of a page the Embed API returns (`rtd:readthedocs/embed/v3/views.py`).

import { classList, descendants, innerText, outerHtml, parseHtml, type HtmlElement } from './html';
import { querySelector } from './selector';

export interface SectionQuery {
  fragment: string | null;
  /** CSS selector used when there is no fragment. */
  maincontent: string | null;
  /** `doctool=sphinx`: labels return their section, `<dt>` targets their `<dl>`. */
  sphinx: boolean;
}

const isSection = (element: HtmlElement | null): element is HtmlElement =>
  element !== null && (element.tag === 'section' || (element.tag === 'div' && classList(element).includes('section')));

/** Sphinx special cases for a `<dt>`: glossaries and citations keep only that term, other lists are returned whole. */
function definitionList(source: string, term: HtmlElement, list: HtmlElement): string {
  const classes = classList(list);
  if (!classes.includes('glossary') && !classes.includes('citation')) return outerHtml(source, list);
  const siblings = list.children;
  const definition = siblings.slice(siblings.indexOf(term) + 1).find((el) => el.tag === 'dd');
  return source.slice(list.start, list.openEnd) + outerHtml(source, term) + (definition ? outerHtml(source, definition) : '') + '</dl>';
}

/** Main content without a fragment: `maincontent`, else `[role=main]`, else `<main>`, else the parent of the first `<h1>`. */
function mainNode(root: HtmlElement, maincontent: string | null): HtmlElement | undefined {
  if (maincontent) {
    try {
      return querySelector(root, maincontent);
    } catch {
      return undefined;
    }
  }
  const all = [...descendants(root)];
  return all.find((el) => el.attrs.some((a) => a.name === 'role' && a.value === 'main'))
    ?? all.find((el) => el.tag === 'main')
    ?? all.find((el) => el.tag === 'h1')?.parent
    ?? undefined;
}

/** The HTML of the requested part of `page`, or undefined when there is nothing to return (→ 404). */
export function selectSection(page: string, query: SectionQuery): string | undefined {
  const root = parseHtml(page);
  if (!query.fragment) {
    const main = mainNode(root, query.maincontent);
    return main && main.tag !== '#document' ? outerHtml(page, main) : undefined;
  }
  const node = [...descendants(root)].find((el) => el.attrs.some((a) => a.name === 'id' && a.value === query.fragment));
  if (!node) return undefined;
  if (query.sphinx) {
    if (node.tag === 'span' && innerText(page, node).trim() === '' && isSection(node.parent)) return outerHtml(page, node.parent);
    if (node.tag === 'dt' && node.parent?.tag === 'dl') return definitionList(page, node, node.parent);
  }
  return outerHtml(page, node);
}
