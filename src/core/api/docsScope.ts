import { docsPathOf, plainPathOf, projectRootOf } from '../validation/docsPath';
import { isLoopbackHost, reachedOrigin, webUrlOf } from '../validation/urls';

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

/**
 * The scope of a project's docs from its documentation URL, or undefined when that URL is not
 * one a token may go to: not http(s), user information in it, plain `http:` to a host that is not
 * this machine (the token would travel in clear), or on the API's own origin (compared as the
 * hosts are reached: `app.readthedocs.com.` is the API host too). The path is read by the docs
 * path grammar (`docsPathOf`) as the directory of a version root.
 */
export function docsScopeOf(documentationUrl: string | undefined, apiOrigin: string, projectSlug?: string): DocsScope | undefined {
  const url = documentationUrl === undefined ? undefined : webUrlOf(documentationUrl);
  const origin = url && reachedOrigin(url);
  if (!url || !origin || url.username || url.password) return undefined;
  if (url.protocol === 'http:' && !isLoopbackHost(new URL(origin).hostname)) return undefined;
  if (origin === reachedOrigin(apiOrigin)) return undefined;
  const path = plainPathOf(url.pathname);
  if (path === undefined) return undefined;
  const pathPrefix = projectRootOf(docsPathOf(path.endsWith('/') ? path : `${path}/`));
  return { origin, pathPrefix, ...(projectSlug ? { projectSlug } : {}) };
}

/**
 * The one rule for the `Authorization: Token <sharing token>` header: only to `url` inside `scope`
 * (same origin, under its path, never another project's `/projects/<alias>/` part of the host), and
 * never to the API's origin. Origins are compared as the hosts are reached (`reachedOrigin`: case,
 * trailing dots), the path as the server reads it, decoded once (`plainPathOf`: a path with `//`,
 * a `.` or `..` segment, or one that decodes to something else than it looks like gets no token).
 * Redirects are not followed by the transport, so a redirect target is a new request that passes
 * through here again.
 */
export function mayCarrySharingToken(url: URL, scope: DocsScope, apiOrigin: string): boolean {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  const origin = reachedOrigin(url);
  if (origin === undefined || origin !== reachedOrigin(scope.origin) || origin === reachedOrigin(apiOrigin)) return false;
  if (url.protocol === 'http:' && !isLoopbackHost(new URL(origin).hostname)) return false;
  const path = plainPathOf(url.pathname);
  if (path === undefined) return false;
  // Whether the addons API takes the header is unverified upstream (FACTS §25): tried, and a refusal is said.
  // One `project-slug` only: a server may read another of several than the first.
  if (path === '/_/addons/') {
    const slugs = url.searchParams.getAll('project-slug');
    return scope.projectSlug !== undefined && slugs.length === 1 && slugs[0] === scope.projectSlug;
  }
  // No other `/_/` endpoint (the proxied APIs): they are the host's, not the project's pages.
  if (path.startsWith('/_/') || !path.startsWith(scope.pathPrefix)) return false;
  // A project at the root of its host does not own its subprojects' paths.
  return scope.pathPrefix.startsWith('/projects/') || !path.startsWith('/projects/');
}
