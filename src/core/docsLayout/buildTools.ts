/**
 * How a folder builds its docs: the build tools Read the Docs runs, as data. Each entry says how
 * the tool is recognised (its config files, the `.readthedocs.yaml` key naming its configuration,
 * or the command its `build.jobs` run), the layout its config gives (docs folder, published
 * paths), where its site is written (what *Upload Local Build* looks for), and how a first
 * `.readthedocs.yaml` builds it. The docs layout, the upload, the first configuration, the
 * inventories and the build log's tool folders all ask here; a new tool is one more entry.
 */
import { posix } from 'node:path';
import { l10n } from '../l10n';
import { isJsonObject, objectAt } from '../models/parse';
import { readConfigYaml } from '../readthedocsYaml/configYaml';
import { pathInside } from '../util/paths';
import { yamlScalar } from '../util/yamlScalar';
import { type DocsLayout, insideFolder, layoutFromConfPy, layoutFromMkdocs } from './layout';
import { MAX_MKDOCS_YAML_CHARS, readMkdocsYaml } from './mkdocsYaml';

export type BuildToolId = 'sphinx' | 'mkdocs';

/** A config file of the folder: its folder-relative path and its text (undefined: not read, or missing). */
export interface ConfigFile {
  readonly path: string;
  readonly text: string | undefined;
}

/** A built site's folder, relative to the repository root. */
export interface OutputFolder {
  /** The HTML root (an `index.html` at its top once built). */
  readonly html: string;
  /** Where the other formats of the same build are (Sphinx: the build folder, `latex/`, `epub/` under it). */
  readonly extrasUnder?: string;
}

/** How the pages a first configuration installs are named (one of them, or none). */
export type FirstInstall = { readonly requirements: string } | { readonly extra: string } | undefined;

export interface BuildTool {
  readonly id: BuildToolId;
  /** How its pages are written and published: Sphinx's sources, or MkDocs-style Markdown under `docs_dir`. */
  readonly pages: 'sphinx' | 'mkdocs';
  /** The names of its config files, in the order the tool reads them. */
  readonly configNames: readonly string[];
  /** True when the docs layout reads them at the folder's top; false: the first found anywhere (`conf.py`). */
  readonly configAtTop: boolean;
  /** The longest config text read; undefined when only its path matters. */
  readonly configChars: number | undefined;
  /** The `.readthedocs.yaml` key whose `configuration` names its config (and its default when absent). */
  readonly readthedocsKey?: { readonly key: 'sphinx' | 'mkdocs'; readonly defaultConfig?: string };
  /** Folders the tool writes (its site, caches): left out of every search of the folder. */
  readonly writes: readonly string[];
  /** The layout its config gives; `section` is its `.readthedocs.yaml` key's mapping, when that named it. */
  layout(config: ConfigFile, section?: Record<string, unknown>): DocsLayout;
  /** Where a build with this config writes its site; `makefiles` are the folder's Makefiles (Sphinx's `BUILDDIR`). */
  outputs(config: ConfigFile, makefiles: readonly ConfigFile[]): OutputFolder[];
  /** The lines of a first `.readthedocs.yaml` that make Read the Docs build with it (after `build.tools`). */
  firstConfig(configuration: string | undefined): string[];
}

/** Folders no docs search looks in (virtualenvs, dependencies, version control), besides every tool's output. */
const NEVER_SEARCHED = ['node_modules', '.venv', 'venv', '.tox', 'site-packages', '.git'];

const SPHINX: BuildTool = {
  id: 'sphinx',
  pages: 'sphinx',
  configNames: ['conf.py'],
  configAtTop: false,
  configChars: undefined,
  readthedocsKey: { key: 'sphinx' },
  writes: ['_build', 'build'],
  layout: (config, section) => ({ ...layoutFromConfPy(config.path), ...(section ? { directoryUrls: section.builder === 'dirhtml' } : {}) }),
  outputs: (config, makefiles) => sphinxBuildDirs(folderOf(config.path), makefiles).map((dir) => ({ html: join(dir, 'html'), extrasUnder: dir })),
  firstConfig: (configuration) => [
    l10n.t('# Build the documentation with Sphinx'),
    'sphinx:',
    configuration
      ? l10n.t('  # The Sphinx configuration file, relative to the top of the repository')
      : l10n.t('  # No conf.py in this folder yet: create one here (sphinx-quickstart docs), or change the path'),
    `  configuration: ${yamlScalar(configuration ?? 'docs/conf.py')}`,
  ],
};

const MKDOCS: BuildTool = {
  id: 'mkdocs',
  pages: 'mkdocs',
  configNames: ['mkdocs.yml', 'mkdocs.yaml'],
  configAtTop: true,
  configChars: MAX_MKDOCS_YAML_CHARS,
  readthedocsKey: { key: 'mkdocs', defaultConfig: 'mkdocs.yml' },
  writes: ['site'],
  layout: (config) => layoutFromMkdocs(config.path, config.text),
  outputs: (config) => {
    const siteDir = readMkdocsYaml(config.text ?? '')?.site_dir;
    return [{ html: join(folderOf(config.path), typeof siteDir === 'string' && siteDir ? siteDir : 'site') }];
  },
  firstConfig: (configuration) => [
    l10n.t('# Build the documentation with MkDocs'),
    'mkdocs:',
    l10n.t('  # The MkDocs configuration file, relative to the top of the repository'),
    `  configuration: ${yamlScalar(configuration ?? 'mkdocs.yml')}`,
  ],
};

/**
 * The tools, in the order a folder is asked about them: a first configuration takes the first
 * with a config file (Sphinx before MkDocs, as before); the layout reads `.readthedocs.yaml`, then
 * the top-level config names (in this order), then searches.
 */
export const BUILD_TOOLS: readonly BuildTool[] = [SPHINX, MKDOCS];

export function buildTool(id: BuildToolId): BuildTool {
  return BUILD_TOOLS.find((tool) => tool.id === id)!;
}

/** True when the layout's pages are MkDocs-style Markdown under `docs_dir` (autorefs, `use_directory_urls`). */
export function hasMarkdownPages(layout: DocsLayout | undefined): boolean {
  return layout !== undefined && buildTool(layout.tool).pages === 'mkdocs';
}

/** The one list of folders every search of a workspace folder leaves out, as a glob. */
export const SEARCH_EXCLUDE = `**/{${[...new Set([...NEVER_SEARCHED, ...BUILD_TOOLS.flatMap((tool) => tool.writes)])].join(',')}}/**`;

/** Every config file name the tools are recognised by (the layout is read again when one changes). */
export const CONFIG_NAMES: readonly string[] = [...new Set(BUILD_TOOLS.flatMap((tool) => tool.configNames))];

/** The tool's config files anywhere in a folder, as a glob for the folder search. */
export function configGlob(tool: BuildTool): string {
  return tool.configNames.length === 1 ? `**/${tool.configNames[0]}` : `**/{${tool.configNames.join(',')}}`;
}

/**
 * The config files a `.readthedocs.yaml` (text) leads to, to read before `layoutFromConfig`:
 * the one its tool's key names (or that key's default). Empty when it names none, or only a path
 * outside the folder.
 */
export function configsToRead(readthedocsYaml: string): { readonly tool: BuildTool; readonly path: string }[] {
  const named = namedConfig(plainYaml(readthedocsYaml));
  return named?.path !== undefined ? [{ tool: named.tool, path: named.path }] : [];
}

/**
 * The layout `.readthedocs.yaml` (text) names, its tool's config read through `readFile` (a path
 * `configsToRead` gave → its text, undefined when missing). Undefined when the file names no
 * tool, or names a configuration outside the folder.
 */
export function layoutFromConfig(readthedocsYaml: string, readFile: (path: string) => string | undefined): DocsLayout | undefined {
  const named = namedConfig(plainYaml(readthedocsYaml));
  if (named?.path === undefined) return undefined;
  return named.tool.layout({ path: named.path, text: readFile(named.path) }, named.section);
}

/** The tool a `.readthedocs.yaml` names and its config path (undefined: outside the folder, or not given without a default). */
function namedConfig(config: Record<string, unknown> | undefined): { tool: BuildTool; path: string | undefined; section: Record<string, unknown> } | undefined {
  for (const tool of BUILD_TOOLS) {
    const named = tool.readthedocsKey;
    const section = named && objectAt(config, named.key);
    if (!named || !section) continue;
    const written = typeof section.configuration === 'string' && section.configuration ? section.configuration : named.defaultConfig;
    return { tool, path: written === undefined ? undefined : insideFolder(written), section };
  }
  return undefined;
}

/** A site a folder's config builds, and what builds it. */
export interface SiteOutput extends OutputFolder {
  readonly tool: BuildToolId;
  /** The configuration it is built from (`conf.py`, `mkdocs.yml`, …), relative to the folder. */
  readonly config: string;
}

/**
 * Where a folder's site is built to (whether it is built or not), from its config files (the docs
 * layout's first): each tool's outputs, kept inside the folder, each folder once. Pure.
 */
export function siteOutputsOf(configs: readonly { readonly tool: BuildToolId; readonly config: ConfigFile }[], makefiles: readonly ConfigFile[]): SiteOutput[] {
  const seen = new Set<string>();
  return configs.flatMap(({ tool, config }) => buildTool(tool).outputs(config, makefiles).flatMap((output) => {
    const html = pathInside('', output.html);
    if (html === undefined || html === '' || seen.has(html)) return [];
    seen.add(html);
    return [{ ...output, html, tool, config: config.path }];
  }));
}

const BUILDDIR = /^BUILDDIR[ \t]*[?:]?=[ \t]*(\S+)/m;

/** `_build` beside `conf.py`, and each `BUILDDIR` of a Makefile in its folder or the one above (sphinx-quickstart's `source/` layout). */
function sphinxBuildDirs(confDir: string, makefiles: readonly ConfigFile[]): string[] {
  const dirs = [join(confDir, '_build')];
  const parent = confDir === '' ? undefined : folderOf(confDir);
  for (const { path, text } of makefiles) {
    const at = folderOf(path);
    if (at !== confDir && at !== parent) continue;
    const named = text ? BUILDDIR.exec(text)?.[1] : undefined;
    if (named && !named.includes('$')) dirs.push(join(at, named));
  }
  return dirs;
}

function folderOf(path: string): string {
  const dir = posix.dirname(path);
  return dir === '.' ? '' : dir;
}

function join(dir: string, name: string): string {
  return dir ? posix.join(dir, name) : posix.normalize(name);
}

/** `.readthedocs.yaml` as data, as far as it reads (a file with a YAML error still names its tool). */
function plainYaml(text: string): Record<string, unknown> | undefined {
  const read = readConfigYaml(text);
  const value = read.refused === undefined ? read.value() : undefined;
  return isJsonObject(value) ? value : undefined;
}
