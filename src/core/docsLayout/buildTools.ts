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
import { objectAt } from '../models/parse';
import { isJsonObject } from '../util/json';
import { readConfigYaml } from './configYaml';
import { pathInside } from '../util/paths';
import { shellWord } from '../util/shellWord';
import { yamlScalar } from '../util/yamlScalar';
import { type BuildToolId, type DocsLayout, insideFolder, layoutFromConfPy, layoutFromMkdocs } from './layout';
import { MAX_MKDOCS_YAML_CHARS, readMkdocsYaml } from './mkdocsYaml';
import { MAX_ZENSICAL_TOML_CHARS, layoutFromZensical, zensicalSettings } from './zensical';

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

/** What a first configuration installs: a requirements file, an extra or a dependency group of `pyproject.toml`, or nothing found. */
export type FirstInstall = { readonly requirements: string } | { readonly extra: string } | { readonly group: string } | undefined;

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
  /**
   * How `.readthedocs.yaml` says it builds with this tool: a top-level key whose `configuration`
   * names the config (and its default when absent), or a command its `build.jobs` (or
   * `build.commands`) run, its config named by one of `configFlags` or else the first of
   * `defaultConfigs` the folder has.
   */
  readonly readthedocs:
    | { readonly key: 'sphinx' | 'mkdocs'; readonly defaultConfig?: string }
    | { readonly command: string; readonly subcommand: string; readonly configFlags: readonly string[]; readonly defaultConfigs: readonly string[] };
  /** Folders the tool writes (its site, caches): left out of every search of the folder. */
  readonly writes: readonly string[];
  /** The layout its config gives; `section` is its `.readthedocs.yaml` key's mapping, when that named it. */
  layout(config: ConfigFile, section?: Record<string, unknown>): DocsLayout;
  /** Where a build with this config writes its site; `makefiles` are the folder's Makefiles (Sphinx's `BUILDDIR`). */
  outputs(config: ConfigFile, makefiles: readonly ConfigFile[]): OutputFolder[];
  /** MkDocs' settings its config holds (`docs_dir`, `plugins`, …), for tools that use MkDocs' key names. */
  settings?(config: ConfigFile): Record<string, unknown> | undefined;
  /**
   * How a first `.readthedocs.yaml` builds with it: lines inside `build:` (after `tools`), lines at
   * the top level, and whether those already install what the docs need (else `python.install` does).
   */
  firstConfig(configuration: string | undefined, install: FirstInstall): { readonly build: readonly string[]; readonly top: readonly string[]; readonly installs: boolean };
}

/** Folders no docs search looks in (virtualenvs, dependencies, version control), besides every tool's output. */
const NEVER_SEARCHED = ['node_modules', '.venv', 'venv', '.tox', 'site-packages', '.git'];

const SPHINX: BuildTool = {
  id: 'sphinx',
  pages: 'sphinx',
  configNames: ['conf.py'],
  configAtTop: false,
  configChars: undefined,
  readthedocs: { key: 'sphinx' },
  writes: ['_build', 'build'],
  layout: (config, section) => ({ ...layoutFromConfPy(config.path), ...(section ? { directoryUrls: section.builder === 'dirhtml' } : {}) }),
  outputs: (config, makefiles) => sphinxBuildDirs(folderOf(config.path), makefiles).map((dir) => ({ html: join(dir, 'html'), extrasUnder: dir })),
  firstConfig: (configuration) => ({
    build: [],
    top: [
      l10n.t('# Build the documentation with Sphinx'),
      'sphinx:',
      configuration
        ? l10n.t('  # The Sphinx configuration file, relative to the top of the repository')
        : l10n.t('  # No conf.py in this folder yet: create one here (sphinx-quickstart docs), or change the path'),
      `  configuration: ${yamlScalar(configuration ?? 'docs/conf.py')}`,
    ],
    installs: false,
  }),
};

const MKDOCS: BuildTool = {
  id: 'mkdocs',
  pages: 'mkdocs',
  configNames: ['mkdocs.yml', 'mkdocs.yaml'],
  configAtTop: true,
  configChars: MAX_MKDOCS_YAML_CHARS,
  readthedocs: { key: 'mkdocs', defaultConfig: 'mkdocs.yml' },
  writes: ['site'],
  layout: (config) => layoutFromMkdocs(config.path, config.text),
  outputs: (config) => [{ html: siteDirOf(config.path, readMkdocsYaml(config.text ?? '')) }],
  settings: (config) => readMkdocsYaml(config.text ?? ''),
  firstConfig: (configuration) => ({
    build: [],
    top: [
      l10n.t('# Build the documentation with MkDocs'),
      'mkdocs:',
      l10n.t('  # The MkDocs configuration file, relative to the top of the repository'),
      `  configuration: ${yamlScalar(configuration ?? 'mkdocs.yml')}`,
    ],
    installs: false,
  }),
};

/**
 * Zensical (FACTS.md §27): found by `zensical.toml`, or by an `mkdocs.yml` when `.readthedocs.yaml`'s
 * jobs run `zensical build`. Read the Docs has no `zensical:` key: its jobs install, build and
 * copy `site/` to `$READTHEDOCS_OUTPUT/html/`.
 */
const ZENSICAL: BuildTool = {
  id: 'zensical',
  pages: 'mkdocs',
  configNames: ['zensical.toml'],
  configAtTop: true,
  configChars: MAX_ZENSICAL_TOML_CHARS,
  readthedocs: { command: 'zensical', subcommand: 'build', configFlags: ['-f', '--config-file'], defaultConfigs: ['zensical.toml', 'mkdocs.yml', 'mkdocs.yaml'] },
  writes: ['site', '.cache'],
  layout: (config) => layoutFromZensical(config.path, config.text),
  outputs: (config) => [{ html: siteDirOf(config.path, zensicalSettings(config.path, config.text)) }],
  settings: (config) => zensicalSettings(config.path, config.text),
  firstConfig: (configuration, install) => {
    const config = configuration ?? 'zensical.toml';
    const build = config === 'zensical.toml' ? 'zensical build' : `zensical build --config-file ${shellWord(config)}`;
    const site = siteDirOf(config, undefined);
    return {
      build: [
        l10n.t('  # Read the Docs has no zensical key: these commands build the documentation'),
        '  jobs:',
        install === undefined
          ? l10n.t('    # Install Zensical (no requirements file or docs extra found: add the packages the docs need)')
          : 'requirements' in install
            ? l10n.t('    # Install the documentation\'s requirements (Zensical among them)')
            : 'extra' in install
              ? l10n.t('    # Install this project with its "{0}" extra from pyproject.toml (Zensical among them)', install.extra)
              : l10n.t('    # Install the "{0}" dependency group of pyproject.toml (Zensical among them)', install.group),
        '    install:',
        `      - ${yamlScalar(install === undefined ? 'pip install zensical'
          : 'requirements' in install ? `pip install -r ${shellWord(install.requirements)}`
            : 'extra' in install ? `pip install ${shellWord(`.[${install.extra}]`)}` : `pip install --group ${shellWord(install.group)}`)}`,
        '    build:',
        l10n.t('      # Build the HTML site with Zensical (into {0}, from {1})', `${site}/`, config),
        '      html:',
        `        - ${yamlScalar(build)}`,
        l10n.t('    # Copy the site where Read the Docs publishes HTML from'),
        '    post_build:',
        `      - ${yamlScalar('mkdir -p $READTHEDOCS_OUTPUT/html/')}`,
        `      - ${yamlScalar(`cp --recursive ${shellWord(site)}/* $READTHEDOCS_OUTPUT/html/`)}`,
      ],
      top: [],
      installs: true,
    };
  },
};

/**
 * The tools, in the order a folder is asked about them: a first configuration takes the first
 * with a config file (Sphinx before MkDocs, as before); the layout reads `.readthedocs.yaml`, then
 * the top-level config names (in this order), then searches.
 */
export const BUILD_TOOLS: readonly BuildTool[] = [SPHINX, ZENSICAL, MKDOCS];

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
 * the one its tool's key or command names, else that tool's defaults. Empty when it names no
 * tool, or only a path outside the folder.
 */
export function configsToRead(readthedocsYaml: string): { readonly tool: BuildTool; readonly path: string }[] {
  const named = namedConfig(plainYaml(readthedocsYaml));
  return named ? named.paths.map((path) => ({ tool: named.tool, path })) : [];
}

/**
 * The layout `.readthedocs.yaml` (text) names, its tool's config read through `readFile` (a path
 * `configsToRead` gave → its text, undefined when missing): the first of its paths the folder has
 * (a key's path whether it is there or not). Undefined when the file names no tool, or names a
 * configuration outside the folder.
 */
export function layoutFromConfig(readthedocsYaml: string, readFile: (path: string) => string | undefined): DocsLayout | undefined {
  const named = namedConfig(plainYaml(readthedocsYaml));
  if (!named) return undefined;
  for (const path of named.paths) {
    const text = readFile(path);
    if (text !== undefined || 'key' in named.tool.readthedocs) return named.tool.layout({ path, text }, named.section);
  }
  return undefined;
}

/** The tool a `.readthedocs.yaml` names (`BUILD_TOOLS`' order) and the config paths it may read, inside the folder. */
function namedConfig(config: Record<string, unknown> | undefined): { tool: BuildTool; paths: string[]; section?: Record<string, unknown> } | undefined {
  for (const tool of BUILD_TOOLS) {
    const named = tool.readthedocs;
    if ('key' in named) {
      const section = objectAt(config, named.key);
      if (!section) continue;
      const written = typeof section.configuration === 'string' && section.configuration ? section.configuration : named.defaultConfig;
      const path = written === undefined ? undefined : insideFolder(written);
      return path === undefined ? undefined : { tool, paths: [path], section };
    }
    const words = jobCommands(config).map((command) => command.split(/\s+/)).find((parts) => parts.indexOf(named.command) >= 0 && parts[parts.indexOf(named.command) + 1] === named.subcommand);
    if (!words) continue;
    const flagged = configFlagValue(words, named.configFlags);
    if (flagged === undefined) return { tool, paths: [...named.defaultConfigs] };
    const path = insideFolder(flagged);
    return path === undefined ? undefined : { tool, paths: [path] };
  }
  return undefined;
}

/** Every command of `build.jobs` (each job, and each format of `build.jobs.build`) and `build.commands`, as written. */
function jobCommands(config: Record<string, unknown> | undefined): string[] {
  const build = objectAt(config, 'build');
  const jobs = objectAt(build, 'jobs');
  const lists = [build?.commands, ...Object.values(jobs ?? {}), ...Object.values(objectAt(jobs, 'build') ?? {})];
  return lists.flatMap((list) => (Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : []));
}

/** The value of `-f path`, `--config-file path` or `--config-file=path`. */
function configFlagValue(words: readonly string[], flags: readonly string[]): string | undefined {
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    if (flags.includes(word)) return words[i + 1];
    const long = flags.find((flag) => flag.startsWith('--') && word.startsWith(`${flag}=`));
    if (long) return word.slice(long.length + 1);
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

/** `site_dir` (default `site`) beside the config, as MkDocs' settings name it. */
function siteDirOf(configPath: string, settings: Record<string, unknown> | undefined): string {
  const siteDir = settings?.site_dir;
  return join(folderOf(configPath), typeof siteDir === 'string' && siteDir ? siteDir : 'site');
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
