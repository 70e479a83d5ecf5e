// DRF LimitOffsetPagination: default limit 10, no maximum, absolute next/previous links built from the request.

import type { RequestContext } from './context';
import { json, type ApiResponse } from './http';

const DEFAULT_LIMIT = 10;

/** Python `int()` of a query value; zero is refused when `strict` (DRF `_positive_int`). */
function positiveInt(value: string | null, strict: boolean): number | undefined {
  if (value == null || !/^\s*\+?\d+\s*$/.test(value)) return undefined;
  const number = Number.parseInt(value, 10);
  return strict && number === 0 ? undefined : number;
}

/** Python `urllib.parse.quote_plus`. */
const quotePlus = (value: string): string =>
  encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** `replace_query_param`/`remove_query_param`: all other parameters kept, keys sorted. */
export function pageLink(ctx: RequestContext, changes: Record<string, number | null>): string {
  const params = new Map<string, string[]>();
  for (const [key, value] of ctx.query) params.set(key, [...(params.get(key) ?? []), value]);
  for (const [key, value] of Object.entries(changes)) {
    if (value == null) params.delete(key);
    else params.set(key, [String(value)]);
  }
  const query = [...params.keys()].sort()
    .flatMap((key) => params.get(key)!.map((value) => `${quotePlus(key)}=${quotePlus(value)}`))
    .join('&');
  return `http://${ctx.host}${ctx.path}${query ? `?${query}` : ''}`;
}

export function paginate<T>(ctx: RequestContext, items: readonly T[], render: (item: T) => unknown): ApiResponse {
  const limit = positiveInt(ctx.query.get('limit'), true) ?? DEFAULT_LIMIT;
  const offset = positiveInt(ctx.query.get('offset'), false) ?? 0;
  const count = items.length;
  const next = offset + limit < count ? pageLink(ctx, { limit, offset: offset + limit }) : null;
  let previous: string | null = null;
  if (offset > 0) previous = pageLink(ctx, { limit, offset: offset - limit > 0 ? offset - limit : null });
  return json(200, { count, next, previous, results: items.slice(offset, offset + limit).map(render) });
}
