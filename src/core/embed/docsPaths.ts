import { webUrlOf } from '../validation/urls';

/**
 * The path grammar of hosted documentation: `/<lang>/<version>/…`, subprojects under
 * `/projects/<alias>/<lang>/<version>/…`, single-version projects right at the root.
 */

// `en`, `pt-br`, `zh_CN`, `sr-latn`: Read the Docs language codes.
const LANGUAGE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})?$/i;
const PAGE_EXTENSION = /\.html?$/i;

/**
 * The directory that holds one version of one project's docs (`/en/latest/`,
 * `/projects/api/en/latest/`, or the path up to the `<lang>/<version>` pair), or `/` when the
 * path has no language-version pair (single-version docs).
 */
export function versionRootPath(pathname: string): string {
  const segments = pathname.split('/').slice(1, -1); // directories only; the last part is the file (or '')
  for (let i = 0; i + 1 < segments.length; i++) {
    if (segments[i] === 'projects') { i++; continue; } // `/projects/<alias>/`: a subproject, not a language
    if (LANGUAGE.test(segments[i]) && segments[i + 1] !== '') return `/${segments.slice(0, i + 2).join('/')}/`;
  }
  return '/';
}

/**
 * The directory that holds every version of a project's docs: the version root without the
 * `<lang>/<version>` pair (`/`, `/projects/api/`).
 */
export function siteRootPath(pathname: string): string {
  const root = versionRootPath(pathname);
  if (root === '/') return '/';
  return root.split('/').slice(0, -3).join('/') + '/';
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
