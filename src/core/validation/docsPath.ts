/**
 * The one grammar of paths on a docs host (FACTS.md §25, §13): `/<lang>/<version>/…`, a
 * subproject under `/projects/<alias>/<lang>/<version>/…`, a custom prefix before the pair
 * (`/docs/<lang>/<version>/`), single-version docs right at the root. The preview's "same docs"
 * and the site roots (`core/embed/docsPaths.ts`) and where a sharing token may go
 * (`core/api/docsScope.ts`) read paths through it.
 */

/** `en`, `pt-br`, `zh_CN`, `sr-latn`, `es-419`: Read the Docs language codes. */
const LANGUAGE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})?$/i;

export interface DocsPath {
  /** The path's directories (`/en/latest/page.html` → `['en', 'latest']`); the last part is a file (or ''). */
  readonly directories: readonly string[];
  /** 2 when the path starts with `/projects/<alias>/` (a subproject's docs), else 0. */
  readonly subproject: 0 | 2;
  /**
   * Where the language segment is in `directories`, when a version directory follows it: the first
   * segment that looks like a language code, `/projects/<alias>/` pairs skipped. Undefined: no
   * language-version pair (single-version docs).
   */
  readonly language: number | undefined;
}

/** Reads a URL's path (as written: decode it first where a server would, `plainPathOf`). */
export function docsPathOf(pathname: string): DocsPath {
  const directories = pathname.split('/').slice(1, -1);
  const subproject = directories[0] === 'projects' && (directories[1] ?? '') !== '' ? 2 : 0;
  let language: number | undefined;
  for (let i = 0; i + 1 < directories.length; i++) {
    if (directories[i] === 'projects') { i++; continue; } // `/projects/<alias>/`: a subproject, not a language
    if (LANGUAGE.test(directories[i]!) && directories[i + 1] !== '') {
      language = i;
      break;
    }
  }
  return { directories, subproject, language };
}

/** The directory of one version (`/en/latest/`, `/projects/api/en/latest/`), or `/` without a language-version pair. */
export function versionRootOf(path: DocsPath): string {
  return path.language === undefined ? '/' : joinDirectories(path.directories.slice(0, path.language + 2));
}

/** The directory that holds every version of the docs: the version root without its pair (`/`, `/projects/api/`). */
export function siteRootOf(path: DocsPath): string {
  return path.language === undefined ? '/' : joinDirectories(path.directories.slice(0, path.language));
}

/**
 * The directory that holds every version of one project in one language: up to the language
 * (`/en/`, `/projects/api/en/`), else the subproject's root (`/projects/api/`), else `/`. Another
 * language beside it is a translation, another project.
 */
export function projectRootOf(path: DocsPath): string {
  return joinDirectories(path.directories.slice(0, path.language === undefined ? path.subproject : path.language + 1));
}

/**
 * A URL's path as a server reads it, decoded once (`projects%2Fsub` is `projects/sub`, `..%2F` is
 * `../`), or undefined when it is not a plain path: malformed escapes, a `\`, a control
 * character, an empty segment (`//projects/sub/`), or a `.` or `..` segment. The URL parser has
 * already resolved the dot segments it sees; what is left came encoded, and a server may resolve
 * it after decoding.
 */
export function plainPathOf(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (!decoded.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  const segments = decoded.split('/');
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === '.' || segment === '..' || (segment === '' && i < segments.length - 1)) return undefined;
  }
  return decoded;
}

function joinDirectories(directories: readonly string[]): string {
  return directories.length === 0 ? '/' : `/${directories.join('/')}/`;
}
