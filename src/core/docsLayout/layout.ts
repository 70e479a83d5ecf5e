/**
 * Where a folder's documentation sources are and how each is published, as each tool's config
 * gives it: the MkDocs config (`docs_dir`, `use_directory_urls`, mkdocstrings' python handler
 * `paths`), Sphinx's `conf.py` folder. Which tool and config a folder uses: `buildTools.ts`.
 */
import { posix } from 'node:path';
import { pathInside } from '../util/paths';
import { objectAt } from '../models/parse';
import { isJsonObject } from '../util/json';
import { readMkdocsYaml } from './mkdocsYaml';

/** The build tools a layout can come from: each has its entry in `BUILD_TOOLS` (`buildTools.ts`). */
export type BuildToolId = 'sphinx' | 'mkdocs' | 'zensical';

export interface DocsLayout {
  readonly tool: BuildToolId;
  /** The folder of the sources, relative to the repository root, with `/` separators ('' = the root). */
  readonly root: string;
  /** True when pages are published as `page/` (Sphinx dirhtml, MkDocs' default). */
  readonly directoryUrls: boolean;
  /** `mkdocs.yml` or `conf.py`, relative to the repository root, when known. */
  readonly configFile?: string;
  /**
   * MkDocs: the folders mkdocstrings' python handler imports from (its `paths`, default the
   * config's folder), relative to the repository root: griffe prints module files relative to one.
   */
  readonly pythonPaths?: readonly string[];
}

/** MkDocs' default config file name; Read the Docs reads it when `mkdocs.configuration` is not given. */
export const MKDOCS_CONFIG = 'mkdocs.yml';

/**
 * MkDocs: `docs_dir` (default `docs`) and the handler `paths` beside the config,
 * `use_directory_urls` (default true). A `docs_dir` leading outside the folder counts as the default.
 */
export function layoutFromMkdocs(configPath: string, text: string | undefined): DocsLayout {
  return layoutFromMkdocsSettings('mkdocs', configPath, readMkdocsYaml(text ?? ''));
}

/** The layout of MkDocs' settings (`docs_dir`, `use_directory_urls`, the handler `paths`), as the MkDocs config or another tool's names them. */
export function layoutFromMkdocsSettings(tool: BuildToolId, configPath: string, config: Record<string, unknown> | undefined): DocsLayout {
  const base = dirname(configPath);
  const docsDir = typeof config?.docs_dir === 'string' && config.docs_dir ? config.docs_dir : 'docs';
  const root = insideFolder(posix.join(base, docsDir)) ?? insideFolder(posix.join(base, 'docs')) ?? 'docs';
  const paths = pythonHandlerPaths(config).map((p) => insideFolder(posix.join(base, p))).filter((p): p is string => p !== undefined);
  return {
    tool, root, directoryUrls: config?.use_directory_urls !== false, configFile: insideFolder(configPath) ?? MKDOCS_CONFIG,
    pythonPaths: paths.length ? [...new Set(paths)] : [base],
  };
}

/** Sphinx with the `html` builder (Read the Docs' default), sources beside `conf.py`. */
export function layoutFromConfPy(confPyPath: string): DocsLayout {
  return { tool: 'sphinx', root: dirname(confPyPath), directoryUrls: false, configFile: insideFolder(confPyPath) };
}

/** `plugins: [{mkdocstrings: {handlers: {python: {paths: [...]}}}}]` (also a mapping of plugins). */
function pythonHandlerPaths(config: Record<string, unknown> | undefined): string[] {
  const plugins = config?.plugins;
  const entries = Array.isArray(plugins) ? plugins : isJsonObject(plugins) ? [plugins] : [];
  for (const entry of entries) {
    const python = objectAt(objectAt(objectAt(isJsonObject(entry) ? entry : undefined, 'mkdocstrings'), 'handlers'), 'python');
    const paths = python?.paths;
    if (Array.isArray(paths)) return paths.filter((p): p is string => typeof p === 'string');
  }
  return [];
}

/** A folder-relative path with `/` separators, or undefined when it is absolute or climbs out. */
export function insideFolder(path: string): string | undefined {
  const slashed = path.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Z]:\//i.test(slashed)) return undefined;
  return pathInside('', slashed);
}

function dirname(path: string): string {
  const clean = insideFolder(path) ?? '';
  const slash = clean.lastIndexOf('/');
  return slash < 0 ? '' : clean.slice(0, slash);
}
