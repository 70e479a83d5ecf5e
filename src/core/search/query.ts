import { type Edition } from '../api/client';
import { type BoundProject } from '../workspace/boundProject';
import { type PublishedVersions } from '../workspace/publishedVersion';

/** A project to search (with its subprojects), at a version or else its default version. */
export interface SearchProject {
  readonly slug: string;
  readonly version?: string;
}

/** Where to search: the bound projects (and their subprojects), or every project of the signed-in user. */
export type SearchScope =
  | { readonly kind: 'projects'; readonly projects: readonly SearchProject[] }
  | { readonly kind: 'mine' };

/**
 * The workspace's projects of an edition as a search scope, each at the version its docs are
 * published for the checked-out branch (`PublishedVersions`: the Search API finds nothing in a
 * version that was never built).
 */
export async function workspaceSearchProjects(
  bound: readonly BoundProject[], edition: Edition, published: Pick<PublishedVersions, 'of'>,
): Promise<SearchProject[]> {
  return Promise.all(bound.filter((b) => b.edition === edition).map(async (b) => {
    const { versionSlug } = await published.of(b);
    return { slug: b.project.slug, ...(versionSlug ? { version: versionSlug } : {}) };
  }));
}

/**
 * The `q` of `/api/v3/search/`: the words typed, then the scope as arguments. A query without an
 * argument always returns nothing, so an empty project list falls back to `user:@me`. Colons the
 * person types stay literal (`\:`) unless they wrote an argument themselves (`project:x`).
 */
export function buildSearchQuery(text: string, scope: SearchScope): string {
  const words = text.trim().replace(/(^|\s)(?!(?:project|subprojects|user):)([^\s:]+):/g, '$1$2\\:');
  const args = scope.kind === 'mine' || scope.projects.length === 0
    ? ['user:@me']
    : scope.projects.map(({ slug, version }) => `subprojects:${slug}${version ? `/${version}` : ''}`);
  return [words, ...args].filter((part) => part !== '').join(' ');
}

/** The Search API's page size limit (`page_size` at most 30; `page * page_size` at most 1000). */
export const SEARCH_PAGE_SIZE = 30;
