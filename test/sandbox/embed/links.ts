// `clean_references`: make `<a href>` and `<img src>` absolute against the page URL.
// Fragment-only links get the page URL, relative paths are resolved, root-relative and absolute ones are kept.

import { descendants, parseHtml } from './html';

function resolveLink(value: string, pageUrl: string): string {
  if (value.startsWith('#')) return pageUrl + value;
  if (value === '' || value.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  try {
    return new URL(value, pageUrl).href;
  } catch {
    return value;
  }
}

/** `pageUrl` is the requested URL without its fragment. */
export function absolutizeLinks(html: string, pageUrl: string): string {
  const edits: { start: number; end: number; text: string }[] = [];
  for (const element of descendants(parseHtml(html))) {
    const name = element.tag === 'a' ? 'href' : element.tag === 'img' ? 'src' : undefined;
    const link = element.attrs.find((a) => a.name === name);
    if (!link || link.valueStart < 0) continue;
    const resolved = resolveLink(link.value, pageUrl);
    if (resolved !== link.value) edits.push({ start: link.valueStart, end: link.valueEnd, text: resolved });
  }
  return edits.reduceRight((out, edit) => out.slice(0, edit.start) + edit.text + out.slice(edit.end), html);
}
