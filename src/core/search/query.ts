/** Where to search: the bound projects (and their subprojects), or every project of the signed-in user. */
export type SearchScope =
  | { readonly kind: 'projects'; readonly projects: readonly { readonly slug: string; readonly version?: string }[] }
  | { readonly kind: 'mine' };

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
