import { type DocsLayout } from '../docsLayout/layout';
import { publishedPath } from '../docsLayout/publishedName';
import { type RedirectRule, RULE_DEFAULTS } from '../redirects/rule';
import { versionPathPrefix, versioningSchemeOf } from '../models/versioningScheme';
import { type ProjectUrls, RedirectIndex, splitRequest } from '../redirects/tester';
import { type ChangedPage, MAX_CHANGED_PAGES } from './addons';
import { trimEndOf } from '../util/trim';

/** Rules that rewrite a page's address into its other form (`x.html` ↔ `x/`): the same page. */
const SAME_PAGE_TYPES = new Set(['html_to_clean_url', 'clean_url_to_html']);

/** A page a pull request deletes that no redirect would catch once it is merged. */
export interface UncaughtDeletion {
  readonly filename: string;
  /** The page's address in the base version (where visitors will hit a 404). */
  readonly url: string;
}

/** Each list of rules indexed once while it is held (the server's stay the same object between checks). */
const indexes = new WeakMap<readonly RedirectRule[], RedirectIndex>();

/** Each deleted page's address as the tester splits it, while the page is held (it is checked again at every edit of the file). */
const requests = new WeakMap<object, { readonly url: string; readonly project: ProjectUrls; readonly request: ReturnType<typeof splitRequest> }>();

function requestOf(page: object, url: string, project: ProjectUrls): ReturnType<typeof splitRequest> {
  const known = requests.get(page);
  if (known?.url === url && known.project === project) return known.request;
  const request = splitRequest(url, project);
  requests.set(page, { url, project, request });
  return request;
}

function indexOf(rules: readonly RedirectRule[]): RedirectIndex {
  let index = indexes.get(rules);
  if (!index) indexes.set(rules, index = new RedirectIndex(rules));
  return index;
}

/**
 * The deleted pages no redirect catches, by Read the Docs' own rules (the redirect tester,
 * FACTS §20): once merged, a deleted page is a 404 in the base version, so it is caught when a
 * rule fires on the 404 pass (or a forced one) without looping and sends the visitor to another
 * page: the html/clean URL rules only change the form of the same (deleted) page's address, which
 * answers 404 too. Each of `ruleSets` is one list in the order it applies (the server's, the
 * redirects file's, which replaces them once applied): a page caught by any of them is not
 * reported. Each list is indexed once (`RedirectIndex`), so pages × rules costs pages + rules. Pure.
 */
export function deletionsWithoutRedirect(
  deleted: readonly Pick<ChangedPage, 'filename' | 'base'>[],
  ruleSets: readonly (readonly RedirectRule[])[],
  project: ProjectUrls,
  baseVersion = 'latest',
): UncaughtDeletion[] {
  const uncaught: UncaughtDeletion[] = [];
  const indexed = ruleSets.map(indexOf);
  for (const page of deleted) {
    const url = page.base ?? `${versionPathPrefix(versioningSchemeOf(project), project.language, baseVersion)}${page.filename.replace(/^\/+/, '')}`;
    const request = requestOf(page, url, project);
    const caught = indexed.some((rules) => {
      const test = rules.firingsOf(request, project);
      return [test.forced, test.notFound].some((firing) => firing?.location !== undefined && !SAME_PAGE_TYPES.has(firing.rule.type));
    });
    if (!caught) uncaught.push({ filename: page.filename, url });
  }
  return uncaught;
}

/**
 * The `page` redirect offered for a deleted page: to the index of its nearest parent folder that
 * survives (in the page's own form, `guide/index.html` or `guide/`), else to the version root.
 * `deleted`: every page the pull request deletes; `survives(filename)`: whether that index page is
 * published after the merge (a parent index the pull request deletes never survives). Pure.
 */
export function redirectForDeletion(filename: string, deleted: readonly string[], survives: (filename: string) => boolean): RedirectRule {
  const clean = filename.replace(/^\/+/, '');
  const gone = new Set(deleted.map((f) => f.replace(/^\/+/, '')));
  const directoryForm = !clean.endsWith('.html');
  const parts = trimEndOf(clean, '/').split('/');
  // `guide/index.html` and `guide/` are the folder's own index: their parent starts one level up.
  const isIndex = directoryForm || parts[parts.length - 1] === 'index.html';
  const folders = parts.slice(0, isIndex && !directoryForm ? -2 : -1);
  let toUrl = '/';
  for (let depth = folders.length; depth > 0; depth--) {
    const folder = folders.slice(0, depth).join('/');
    const candidate = directoryForm ? `${folder}/` : `${folder}/index.html`;
    if (candidate !== clean && !gone.has(candidate) && survives(candidate)) {
      toUrl = `/${candidate}`;
      break;
    }
  }
  return { ...RULE_DEFAULTS, type: 'page', fromUrl: `/${clean}`, toUrl };
}

/** One change of `git diff --name-status` (`D`, `R<score>` with both paths, `M`, …), as the git extension reads it. */
export interface NameStatus {
  readonly status: string;
  readonly path: string;
  /** The new path of a rename or copy. */
  readonly renamedTo?: string;
}

/**
 * The published pages a branch deletes or renames away, from its `--name-status` records
 * (paths relative to the repository root), mapped as the rename offers map them
 * (`publishedPath`): what the same check reads when the server has no diff. At most
 * `MAX_CHANGED_PAGES`, as many as the server's diff is read for. Pure.
 */
export function deletedPagesOfDiff(records: readonly NameStatus[], layout: DocsLayout): ChangedPage[] {
  const pages = new Map<string, ChangedPage>();
  for (const record of records) {
    if (!record.status.startsWith('D') && !record.status.startsWith('R')) continue;
    const from = publishedPath(record.path, layout);
    if (!from) continue;
    if (record.renamedTo !== undefined && publishedPath(record.renamedTo, layout) === from) continue;
    const filename = from.replace(/^\/+/, '');
    // The version root's own index is never "deleted" for the visitor: `/` still answers.
    if (filename === '' || filename === 'index.html') continue;
    pages.set(filename, { filename, current: undefined, base: undefined });
    if (pages.size === MAX_CHANGED_PAGES) break;
  }
  return [...pages.values()];
}
