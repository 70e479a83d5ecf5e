import { isLoopbackHost, webUrlOf } from '../validation/urls';

/**
 * Where one project's private-docs token may go: its own docs origin (its custom domain or
 * `<slug>.readthedocs-hosted.com`, as the API's `urls.documentation` names it), and under it only
 * its own path (`/projects/<alias>/` for a subproject, `/<language>/` for a project with
 * translations), because a subproject or a translation on the same host is another project with
 * its own token (FACTS.md §25).
 */
export interface DocsScope {
  readonly origin: string;
  /** Starts and ends with `/`. */
  readonly pathPrefix: string;
  /** The project's slug: its own addons API on that origin (`/_/addons/?project-slug=<it>`, a pull request's changed pages) may get the header too. */
  readonly projectSlug?: string;
}

/** `en`, `pt-br`, `zh_CN`, `es-419`: a language segment of Read the Docs paths. */
const LANGUAGE_SEGMENT = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,4})?$/i;

/**
 * The scope of a project's docs from its documentation URL, or undefined when that URL is not
 * one a token may go to: not http(s), user information in it, plain `http:` to a host that is not
 * this machine (the token would travel in clear), or on the API's own origin.
 */
export function docsScopeOf(documentationUrl: string | undefined, apiOrigin: string, projectSlug?: string): DocsScope | undefined {
  const url = documentationUrl === undefined ? undefined : webUrlOf(documentationUrl);
  if (!url || url.username || url.password) return undefined;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return undefined;
  if (url.origin === apiOrigin) return undefined;
  const segments = url.pathname.split('/').filter(Boolean);
  const kept: string[] = [];
  if (segments[0] === 'projects' && segments.length >= 2) kept.push(segments[0], segments[1]);
  const next = segments[kept.length];
  // A language only when a version follows it (`/en/latest/`); a single-version project's root has none.
  if (next !== undefined && LANGUAGE_SEGMENT.test(next) && segments.length > kept.length + 1) kept.push(next);
  return { origin: url.origin, pathPrefix: `/${kept.map((s) => `${s}/`).join('')}`, ...(projectSlug ? { projectSlug } : {}) };
}

/**
 * The one rule for the `Authorization: Token <sharing token>` header: only to `url` inside `scope`
 * (same origin, under its path, never another project's `/projects/<alias>/` part of the host), and
 * never to the API's origin. Redirects are not followed by the transport, so a redirect target is
 * a new request that passes through here again.
 */
export function mayCarrySharingToken(url: URL, scope: DocsScope, apiOrigin: string): boolean {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  if (url.origin !== scope.origin || url.origin === apiOrigin) return false;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return false;
  const path = url.pathname;
  // Whether the addons API takes the header is unverified upstream (FACTS §25): tried, and a refusal is said.
  if (path === '/_/addons/') return scope.projectSlug !== undefined && url.searchParams.get('project-slug') === scope.projectSlug;
  if (!path.startsWith(scope.pathPrefix)) return false;
  // A project at the root of its host does not own its subprojects' paths.
  return scope.pathPrefix.startsWith('/projects/') || !path.startsWith('/projects/');
}
