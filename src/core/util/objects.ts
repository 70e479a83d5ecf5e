/** Copies `o` without the keys whose value is undefined (so a PATCH sends only what changed). */
export function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
