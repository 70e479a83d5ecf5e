import { asObject, int, listOf, optStr } from './parse';

/** Where the next page is: the server's absolute `next` link and how to read its items. */
export interface PageCursor<T> {
  readonly url: string;
  readonly parseItem: (value: unknown, path: string) => T;
}

/** One page of a list endpoint, with a cursor for "Load more". */
export interface Page<T> {
  readonly items: readonly T[];
  /** Total items on the server across all pages. */
  readonly count: number;
  readonly next: PageCursor<T> | undefined;
}

export function parsePage<T>(value: unknown, parseItem: (value: unknown, path: string) => T): Page<T> {
  const o = asObject(value, 'page');
  const items = listOf(o.results, 'page.results', parseItem);
  const next = optStr(o, 'next');
  return {
    items,
    count: typeof o.count === 'number' ? int(o, 'count', 'page') : items.length,
    next: next ? { url: next, parseItem } : undefined,
  };
}
