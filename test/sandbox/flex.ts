// drf-flex-fields query parameters: `expand`, `fields`, `omit` (comma lists, repeated, or with `[]`).

function listParam(query: URLSearchParams, name: string): string[] {
  return [...query.getAll(name), ...query.getAll(`${name}[]`)]
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/**
 * Top-level names to expand among `permitted` (`a.b` expands `a`; `*`/`~all` expands everything permitted).
 * Unknown names are ignored, as upstream.
 */
export function expansions(query: URLSearchParams, permitted: readonly string[]): Set<string> {
  const requested = listParam(query, 'expand').map((value) => value.split('.')[0]);
  if (requested.includes('*') || requested.includes('~all')) return new Set(permitted);
  return new Set(requested.filter((name) => permitted.includes(name)));
}

/** Apply `fields` (keep only these; `*` keeps all) and `omit` to a serialised object. */
export function sparseFields(query: URLSearchParams, object: Record<string, unknown>): Record<string, unknown> {
  const fields = listParam(query, 'fields').map((value) => value.split('.')[0]);
  const omit = listParam(query, 'omit').filter((value) => !value.includes('.'));
  const keep = (key: string) => (fields.length === 0 || fields.includes('*') || fields.includes(key)) && !omit.includes(key);
  return Object.fromEntries(Object.entries(object).filter(([key]) => keep(key)));
}
