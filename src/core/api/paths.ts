/** Builds an API path from raw segments, each percent-encoded, with the mandatory trailing slash. */
export function apiPath(...segments: readonly (string | number)[]): string {
  return `${segments.map((s) => encodeURIComponent(String(s))).join('/')}/`;
}

/** Subproject aliases may contain `/` between segments; each part is encoded on its own. */
export function aliasPath(alias: string): string {
  return alias.split('/').map(encodeURIComponent).join('/');
}
