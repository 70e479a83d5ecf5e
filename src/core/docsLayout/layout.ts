/**
 * How a folder's documentation is built, for both generators Read the Docs runs: where the
 * sources are and how each is published. Read from `.readthedocs.yaml` (`sphinx.configuration`,
 * `sphinx.builder`, `mkdocs.configuration`), the MkDocs config it names (`docs_dir`,
 * `use_directory_urls`, mkdocstrings' python handler `paths`), else a top-level `mkdocs.yml`, else
 * the first `conf.py` found.
 */
import { posix } from 'node:path';
import { pathInside } from '../util/paths';
import { isJsonObject, objectAt } from '../models/parse';
import { readConfigYaml } from '../readthedocsYaml/configYaml';
import { readMkdocsYaml } from './mkdocsYaml';

export type DocsGenerator = 'sphinx' | 'mkdocs';

export interface DocsLayout {
  readonly tool: DocsGenerator;
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
 * The MkDocs config `.readthedocs.yaml` names, relative to the folder, to read before
 * `layoutFromConfig`: undefined when the file does not use MkDocs or names a path outside the folder.
 */
export function mkdocsConfigPath(readthedocsYaml: string): string | undefined {
  const mkdocs = objectAt(plainYaml(readthedocsYaml), 'mkdocs');
  if (!mkdocs) return undefined;
  return insideFolder(typeof mkdocs.configuration === 'string' && mkdocs.configuration ? mkdocs.configuration : MKDOCS_CONFIG);
}

/**
 * The layout `.readthedocs.yaml` (text) names, the MkDocs config read through `readFile` (a path
 * `mkdocsConfigPath` gave → its text, undefined when missing). Undefined when the file names
 * neither generator, or names a configuration outside the folder.
 */
export function layoutFromConfig(readthedocsYaml: string, readFile: (path: string) => string | undefined): DocsLayout | undefined {
  const config = plainYaml(readthedocsYaml);
  const sphinx = objectAt(config, 'sphinx');
  if (sphinx) {
    const conf = typeof sphinx.configuration === 'string' ? insideFolder(sphinx.configuration) : undefined;
    if (!conf) return undefined;
    return { ...layoutFromConfPy(conf), directoryUrls: sphinx.builder === 'dirhtml' };
  }
  if (!objectAt(config, 'mkdocs')) return undefined;
  const path = mkdocsConfigPath(readthedocsYaml);
  return path === undefined ? undefined : layoutFromMkdocs(path, readFile(path));
}

/**
 * MkDocs: `docs_dir` (default `docs`) and the handler `paths` beside the config,
 * `use_directory_urls` (default true). A `docs_dir` leading outside the folder counts as the default.
 */
export function layoutFromMkdocs(configPath: string, text: string | undefined): DocsLayout {
  const config = readMkdocsYaml(text ?? '');
  const base = dirname(configPath);
  const docsDir = typeof config?.docs_dir === 'string' && config.docs_dir ? config.docs_dir : 'docs';
  const root = insideFolder(posix.join(base, docsDir)) ?? insideFolder(posix.join(base, 'docs')) ?? 'docs';
  const paths = pythonHandlerPaths(config).map((p) => insideFolder(posix.join(base, p))).filter((p): p is string => p !== undefined);
  return {
    tool: 'mkdocs', root, directoryUrls: config?.use_directory_urls !== false, configFile: insideFolder(configPath) ?? MKDOCS_CONFIG,
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
function insideFolder(path: string): string | undefined {
  const slashed = path.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Z]:\//i.test(slashed)) return undefined;
  return pathInside('', slashed);
}

function dirname(path: string): string {
  const clean = insideFolder(path) ?? '';
  const slash = clean.lastIndexOf('/');
  return slash < 0 ? '' : clean.slice(0, slash);
}

/** `.readthedocs.yaml` as data, as far as it reads (a file with a YAML error still names its generator). */
function plainYaml(text: string): Record<string, unknown> | undefined {
  const read = readConfigYaml(text);
  const value = read.refused === undefined ? read.value() : undefined;
  return isJsonObject(value) ? value : undefined;
}
