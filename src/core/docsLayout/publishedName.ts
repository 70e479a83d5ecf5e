/**
 * Where a documentation source file is published, relative to the version root (what a `page`
 * redirect names, what a build log's page is): Sphinx `html` → `page.html`, `dirhtml` → `page/`,
 * MkDocs → `page/` (or `page.html` with `use_directory_urls: false`).
 */
import { pathInside } from '../util/paths';
import { hasMarkdownPages } from './buildTools';
import { type DocsLayout } from './layout';

const SPHINX_SUFFIXES = ['.rst', '.md', '.txt', '.ipynb', '.myst'];
const MKDOCS_SUFFIXES = ['.md', '.markdown'];

/**
 * The published path (`/guide/install.html` or `/guide/install/`) of a source file given relative
 * to the repository root; undefined when it is not a page of these docs.
 */
export function publishedPath(sourcePath: string, layout: DocsLayout): string | undefined {
  const relative = pathInside(layout.root, sourcePath);
  if (relative === undefined) return undefined;
  const markdownPages = hasMarkdownPages(layout);
  const suffixes = markdownPages ? MKDOCS_SUFFIXES : SPHINX_SUFFIXES;
  const suffix = suffixes.find((s) => relative.toLowerCase().endsWith(s));
  if (!suffix || relative.split('/').some((part) => part.startsWith('_') || part.startsWith('.'))) return undefined;
  const stem = relative.slice(0, -suffix.length);
  const parts = stem.split('/');
  const last = parts[parts.length - 1]!;
  const isIndex = last === 'index' || (markdownPages && last.toLowerCase() === 'readme');
  const folder = parts.slice(0, -1).join('/');
  if (isIndex) {
    if (layout.directoryUrls) return folder ? `/${folder}/` : '/';
    return `/${folder ? `${folder}/` : ''}index.html`;
  }
  return layout.directoryUrls ? `/${stem}/` : `/${stem}.html`;
}

/** True for a file whose suffix Sphinx or MkDocs reads as a page (whatever the layout). */
export function isDocsSource(path: string): boolean {
  const lower = path.toLowerCase();
  return [...SPHINX_SUFFIXES, ...MKDOCS_SUFFIXES].some((suffix) => lower.endsWith(suffix));
}

/** The folder's published prefix (`/guide/`), for a folder moved as a whole; undefined outside the docs. */
export function publishedFolder(folderPath: string, layout: DocsLayout): string | undefined {
  const relative = pathInside(layout.root, folderPath);
  if (relative === undefined || relative === '') return undefined;
  return `/${relative}/`;
}
