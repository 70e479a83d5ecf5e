import { type RedirectRule } from '../redirects/rule';
import { type ProjectUrls, testRedirects } from '../redirects/tester';
import { type ChangedPage } from './addons';

/** Rules that rewrite a page's address into its other form (`x.html` ↔ `x/`): the same page. */
const SAME_PAGE_TYPES = new Set(['html_to_clean_url', 'clean_url_to_html']);

/** A page a pull request deletes that no redirect would catch once it is merged. */
export interface UncaughtDeletion {
  readonly filename: string;
  /** The page's address in the base version (where visitors will hit a 404). */
  readonly url: string;
}

/**
 * The deleted pages no redirect catches, by Read the Docs' own rules (the redirect tester,
 * FACTS §20): once merged, a deleted page is a 404 in the base version, so it is caught when a
 * rule fires on the 404 pass (or a forced one) without looping and sends the visitor to another
 * page: the html/clean URL rules only change the form of the same (deleted) page's address, which
 * answers 404 too. `rules` are the server's and the redirects file's, in the order they apply. Pure.
 */
export function deletionsWithoutRedirect(
  deleted: readonly Pick<ChangedPage, 'filename' | 'base'>[],
  rules: readonly RedirectRule[],
  project: ProjectUrls,
  baseVersion = 'latest',
): UncaughtDeletion[] {
  const uncaught: UncaughtDeletion[] = [];
  for (const page of deleted) {
    const url = page.base ?? `${basePath(project, baseVersion)}${page.filename.replace(/^\/+/, '')}`;
    const test = testRedirects(url, rules, project);
    const caught = [test.forced, test.notFound].some((firing) => firing?.location !== undefined && !SAME_PAGE_TYPES.has(firing.rule.type));
    if (!caught) uncaught.push({ filename: page.filename, url });
  }
  return uncaught;
}

function basePath(project: ProjectUrls, version: string): string {
  switch (project.versioningScheme) {
    case 'single_version_without_translations': return '/';
    case 'multiple_versions_without_translations': return `/${version}/`;
    default: return `/${project.language}/${version}/`;
  }
}
