import { UnsafePathError } from './errors';

/** Builds an API path from raw segments, each percent-encoded, with the mandatory trailing slash. */
export function apiPath(...segments: readonly (string | number)[]): string {
  return `${segments.map((s) => encodeURIComponent(String(s))).join('/')}/`;
}

/** Subproject aliases may contain `/` between segments; each part is encoded on its own. */
export function aliasPath(alias: string): string {
  return alias.split('/').map(encodeURIComponent).join('/');
}

// `.` and `..` as the URL parser reads them: also percent-encoded, in any case.
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Refuses a relative API path or a server link whose path has a `.`, `..` or empty segment
 * (`\` counts as `/`, as the URL parser reads it): `projects/a/subprojects/../../victim/` would
 * otherwise become `projects/victim/`. Checked where every request's URL is built.
 */
export function assertSafePath(pathOrUrl: string): void {
  const withoutQuery = pathOrUrl.split(/[?#]/, 1)[0];
  const path = withoutQuery.replace(/^[a-z][a-z\d+.-]*:\/\/[^/\\]*/i, '');
  const segments = path.split(/[/\\]/);
  // A leading slash (absolute path) and the mandatory trailing slash leave an empty first / last part.
  const inner = segments.slice(path.startsWith('/') || path.startsWith('\\') ? 1 : 0, segments.length - 1);
  if (inner.some((segment) => segment === '' || DOT_SEGMENT.test(segment))) throw new UnsafePathError(withoutQuery);
}
