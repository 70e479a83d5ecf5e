/**
 * Where a documentation source file is published, relative to the version root (what a `page`
 * redirect names): Sphinx `html` → `page.html`, `dirhtml` → `page/`, MkDocs → `page/` (or
 * `page.html` with `use_directory_urls: false`). The layout comes from `.readthedocs.yaml` (and
 * `mkdocs.yml`), else from where a Sphinx `conf.py` is.
 */
import { isJsonObject } from '../models/parse';
import { pathInside } from '../util/paths';
import { loadYaml } from '../util/yaml';
import { type RedirectRule, RULE_DEFAULTS } from './rule';

export interface DocsLayout {
  readonly tool: 'sphinx' | 'mkdocs';
  /** The folder of the sources, relative to the repository root, with `/` separators ('' = the root). */
  readonly root: string;
  /** True when pages are published as `page/` (dirhtml, MkDocs' default). */
  readonly directoryUrls: boolean;
}

const SPHINX_SUFFIXES = ['.rst', '.md', '.txt', '.ipynb', '.myst'];
const MKDOCS_SUFFIXES = ['.md', '.markdown'];

/**
 * The layout named by `.readthedocs.yaml` (text), with the MkDocs config read through `readFile`
 * (relative path → text, undefined when missing). Undefined when the file names neither tool.
 */
export function layoutFromConfig(readthedocsYaml: string, readFile: (path: string) => string | undefined): DocsLayout | undefined {
  const config = safeYaml(readthedocsYaml);
  const sphinx = objectAt(config, 'sphinx');
  const mkdocs = objectAt(config, 'mkdocs');
  if (sphinx) {
    const conf = typeof sphinx.configuration === 'string' ? sphinx.configuration : undefined;
    if (!conf) return undefined;
    return { tool: 'sphinx', root: dirname(conf), directoryUrls: sphinx.builder === 'dirhtml' };
  }
  if (mkdocs) {
    const path = mkdocsConfigPath(readthedocsYaml)!;
    return layoutFromMkdocs(path, readFile(path));
  }
  return undefined;
}

/** The MkDocs config `.readthedocs.yaml` names (to read before `layoutFromConfig`), when it uses MkDocs. */
export function mkdocsConfigPath(readthedocsYaml: string): string | undefined {
  const mkdocs = objectAt(safeYaml(readthedocsYaml), 'mkdocs');
  if (!mkdocs) return undefined;
  return typeof mkdocs.configuration === 'string' ? mkdocs.configuration : 'mkdocs.yml';
}

/** MkDocs: `docs_dir` (default `docs`) beside the config, `use_directory_urls` (default true). */
export function layoutFromMkdocs(configPath: string, text: string | undefined): DocsLayout {
  const config = safeYaml(text ?? '');
  const docsDir = typeof config?.docs_dir === 'string' ? config.docs_dir : 'docs';
  return { tool: 'mkdocs', root: join(dirname(configPath), docsDir), directoryUrls: config?.use_directory_urls !== false };
}

/** Sphinx with the `html` builder (Read the Docs' default), sources beside `conf.py`. */
export function layoutFromConfPy(confPyPath: string): DocsLayout {
  return { tool: 'sphinx', root: dirname(confPyPath), directoryUrls: false };
}

/**
 * The published path (`/guide/install.html` or `/guide/install/`) of a source file given relative
 * to the repository root; undefined when it is not a page of these docs.
 */
export function publishedPath(sourcePath: string, layout: DocsLayout): string | undefined {
  const relative = pathInside(layout.root, sourcePath);
  if (relative === undefined) return undefined;
  const suffixes = layout.tool === 'sphinx' ? SPHINX_SUFFIXES : MKDOCS_SUFFIXES;
  const suffix = suffixes.find((s) => relative.toLowerCase().endsWith(s));
  if (!suffix || relative.split('/').some((part) => part.startsWith('_') || part.startsWith('.'))) return undefined;
  const stem = relative.slice(0, -suffix.length);
  const parts = stem.split('/');
  const last = parts[parts.length - 1]!;
  const isIndex = last === 'index' || (layout.tool === 'mkdocs' && last.toLowerCase() === 'readme');
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

export interface Rename {
  /** Repository-relative paths with `/` separators. */
  readonly from: string;
  readonly to: string;
  readonly folder?: boolean;
}

/**
 * The page redirects that keep old links working after these renames (a folder: one wildcard rule),
 * in the order given, without renames outside the docs or to the same published path.
 */
export function redirectsForRenames(renames: readonly Rename[], layout: DocsLayout, description?: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const rename of renames) {
    const from = rename.folder ? publishedFolder(rename.from, layout) : publishedPath(rename.from, layout);
    const to = rename.folder ? publishedFolder(rename.to, layout) : publishedPath(rename.to, layout);
    if (!from || !to || from === to) continue;
    const rule: RedirectRule = {
      ...RULE_DEFAULTS,
      type: 'page',
      fromUrl: rename.folder ? `${from}*` : from,
      toUrl: rename.folder ? `${to}:splat` : to,
      description: description ?? RULE_DEFAULTS.description,
    };
    if (!rules.some((r) => r.fromUrl === rule.fromUrl)) rules.push(rule);
  }
  return rules;
}

/** Remembers the renames already offered, so one rename is never offered twice. */
export class OfferedRenames {
  private readonly seen = new Set<string>();

  /** The renames not offered before; they count as offered from now on. */
  take(renames: readonly Rename[]): Rename[] {
    const fresh = renames.filter((r) => !this.seen.has(`${r.from}\n${r.to}`));
    for (const r of fresh) this.seen.add(`${r.from}\n${r.to}`);
    return fresh;
  }
}

function dirname(path: string): string {
  const clean = path.replace(/\\/g, '/').replace(/^\.?\//, '');
  const slash = clean.lastIndexOf('/');
  return slash < 0 ? '' : clean.slice(0, slash);
}

function join(folder: string, child: string): string {
  const parts = [...folder.split('/'), ...child.replace(/\\/g, '/').split('/')].filter((p) => p !== '' && p !== '.');
  return parts.join('/');
}

function safeYaml(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = loadYaml().parse(text);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function objectAt(config: Record<string, unknown> | undefined, key: string): Record<string, unknown> | undefined {
  const value = config?.[key];
  return isJsonObject(value) ? value : undefined;
}
