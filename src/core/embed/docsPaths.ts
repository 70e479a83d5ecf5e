import { docsPathOf, siteRootOf, versionRootOf } from '../validation/docsPath';
import { webUrlOf } from '../validation/urls';

const PAGE_EXTENSION = /\.html?$/i;

/**
 * The directory that holds one version of one project's docs (`/en/latest/`,
 * `/projects/api/en/latest/`, or the path up to the `<lang>/<version>` pair), or `/` when the
 * path has no language-version pair (single-version docs). The grammar: `core/validation/docsPath.ts`.
 */
export function versionRootPath(pathname: string): string {
  return versionRootOf(docsPathOf(pathname));
}

/**
 * The directory that holds every version of a project's docs: the version root without the
 * `<lang>/<version>` pair (`/`, `/projects/api/`).
 */
export function siteRootPath(pathname: string): string {
  return siteRootOf(docsPathOf(pathname));
}

/**
 * True when `href` is another page (or section) of the same version of the same docs as
 * `currentUrl`: same origin, under the same version root, and an HTML page (or a directory),
 * not an image, an archive or a source file. Such links open in the preview panel.
 */
export function isSameDocs(href: string, currentUrl: string): boolean {
  const target = webUrlOf(href);
  const current = webUrlOf(currentUrl);
  if (!target || !current || target.origin !== current.origin) return false;
  if (!target.pathname.startsWith(versionRootPath(current.pathname))) return false;
  const file = target.pathname.slice(target.pathname.lastIndexOf('/') + 1);
  return file === '' || PAGE_EXTENSION.test(file) || !file.includes('.');
}
