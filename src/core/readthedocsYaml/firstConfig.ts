import { BUILD_TOOLS, type FirstInstall, buildTool } from '../docsLayout/buildTools';
import { type BuildToolId } from '../docsLayout/layout';
import { l10n } from '../l10n';
import { yamlScalar } from '../util/yamlScalar';
import { CURRENT_BUILD_OS, SUPPORTED_PYTHON_VERSIONS } from './buildImages';

/** Folder-relative paths of each build tool's config files found (a few): `sphinxConfigs`, `mkdocsConfigs`, …. */
export type FoundConfigs = { readonly [Tool in BuildToolId as `${Tool}Configs`]?: readonly string[] };

/** What a folder shows about its documentation, as the first configuration file reads it. */
export interface FolderDocsFacts extends FoundConfigs {
  /** Folder-relative paths of requirement files found (`*requirements*.{txt,in}`, `requirements/*.{txt,in}`). */
  readonly requirementFiles: readonly string[];
  /** The text of `pyproject.toml` at the top, when there is one. */
  readonly pyproject: string | undefined;
}

/** The first configuration file, and what it was made from (for the person reviewing it). */
export interface FirstConfig {
  readonly text: string;
  readonly tool: BuildToolId;
  /** The tool's configuration file; undefined when the folder has none yet. */
  readonly configuration: string | undefined;
  readonly python: string;
  /** What it installs (in `python.install`, or in the tool's own jobs). */
  readonly install: FirstInstall;
}

/** Where `pyproject.toml` declares its extras: the standard table, and Poetry's (both installed by `pip install .[docs]`). */
const EXTRAS_TABLES = ['project.optional-dependencies', 'tool.poetry.extras'];

const byDepth = (a: string, b: string) => a.split('/').length - b.split('/').length || a.localeCompare(b);

/**
 * A first `.readthedocs.yaml` from what the folder holds: the first build tool (`BUILD_TOOLS`'
 * order) with a config file, the shallowest of them, else Sphinx; the docs' requirements file, else a `docs` extra of `pyproject.toml`;
 * the newest Python its `requires-python` allows (of those the server offers); the current
 * `build.os`; no `formats` (HTML only, the quickest first build). Every key has a comment saying
 * what it does and where its value came from; every path is written as YAML data (`yamlScalar`). Pure.
 */
export function firstConfig(facts: FolderDocsFacts): FirstConfig {
  const configs = BUILD_TOOLS.map((t) => ({ tool: t.id, configuration: [...facts[`${t.id}Configs`] ?? []].sort(byDepth)[0] }));
  const { tool, configuration } = configs.find((f) => f.configuration !== undefined) ?? { tool: 'sphinx', configuration: undefined };
  const requiresPython = tomlString(facts.pyproject, 'project', 'requires-python');
  const python = newestPythonAllowed(requiresPython);
  const requirements = docsRequirements(facts.requirementFiles, configuration);
  const extra = requirements === undefined && EXTRAS_TABLES.some((table) => tomlHasKey(facts.pyproject, table, 'docs')) ? 'docs' : undefined;
  const group = requirements === undefined && extra === undefined && tomlHasKey(facts.pyproject, 'dependency-groups', 'docs') ? 'docs' : undefined;
  const found: FirstInstall = requirements !== undefined ? { requirements } : extra !== undefined ? { extra } : group !== undefined ? { group } : undefined;
  const builds = buildTool(tool).firstConfig(configuration, found);
  // python.install takes no dependency group: only a tool that installs by itself uses one.
  const install = builds.installs || found === undefined || 'group' in found ? undefined : found;

  const lines = [
    l10n.t('# Read the Docs configuration file'),
    l10n.t('# See https://docs.readthedocs.io/en/stable/config-file/v2.html for details'),
    '',
    l10n.t('# The version of this file\'s format (required)'),
    'version: 2',
    '',
    l10n.t('# The build environment'),
    'build:',
    l10n.t('  # The operating system of the build: the newest Ubuntu LTS image Read the Docs offers'),
    `  os: ${CURRENT_BUILD_OS}`,
    '  tools:',
    requiresPython
      ? l10n.t('    # The newest Python that requires-python ({0}) in pyproject.toml allows', requiresPython)
      : l10n.t('    # The Python the build uses (quoted, so 3.10 stays 3.10)'),
    `    python: "${python}"`,
    ...builds.build,
  ];
  if (builds.top.length) lines.push('', ...builds.top);
  lines.push(
    '',
    l10n.t('# Downloadable formats (formats: [pdf, epub]) are left out: HTML only, the quickest build'),
  );
  if (install) {
    lines.push(
      '',
      l10n.t('# The Python packages the documentation needs'),
      'python:',
      '  install:',
    );
    if ('requirements' in install) {
      lines.push(l10n.t('    # The documentation\'s requirements file'), `    - requirements: ${yamlScalar(install.requirements)}`);
    } else {
      lines.push(
        l10n.t('    # This project with its "docs" extra from pyproject.toml (pip install .[docs])'),
        '    - method: pip',
        '      path: .',
        '      extra_requirements:',
        `        - ${yamlScalar(install.extra)}`,
      );
    }
  }
  return { text: `${lines.join('\n')}\n`, tool, configuration, python, install: builds.installs ? found : install };
}

/**
 * The docs' requirements file: one in the documentation's folder or named for docs
 * (`docs/requirements.txt`, `requirements-docs.txt`, `requirements/docs.txt`); a general one
 * (`requirements.txt`) is not assumed to be the docs'. Pure.
 */
function docsRequirements(files: readonly string[], toolConfig: string | undefined): string | undefined {
  const docsDir = toolConfig?.includes('/') ? toolConfig.slice(0, toolConfig.lastIndexOf('/')) : undefined;
  const scored = files
    .map((path) => {
      const lower = path.toLowerCase();
      const score = docsDir !== undefined && lower.startsWith(`${docsDir.toLowerCase()}/`) ? 3
        : /(?:^|\/)docs?\//.test(lower) ? 2
          : /doc[^/]*$/.test(lower.slice(lower.lastIndexOf('/') + 1)) ? 1 : 0;
      return { path, score };
    })
    .filter((f) => f.score > 0)
    .sort((a, b) => b.score - a.score || byDepth(a.path, b.path));
  return scored[0]?.path;
}

/**
 * The newest CPython the server offers that a `requires-python` specifier allows (`>=3.9`,
 * `>=3.8,<3.13`, `~=3.10`, `==3.11.*`, `!=3.12.*`); the newest when there is none or nothing
 * offered matches. A version stands for its newest patch release. Pure.
 */
export function newestPythonAllowed(specifier: string | undefined): string {
  const offered = SUPPORTED_PYTHON_VERSIONS.filter((v) => v.startsWith('3.'));
  const newest = offered[offered.length - 1]!;
  if (!specifier) return newest;
  const clauses = specifier.split(',').map((c) => c.trim()).filter(Boolean);
  const allowed = offered.filter((version) => clauses.every((clause) => allows(clause, version)));
  return allowed[allowed.length - 1] ?? newest;
}

function allows(clause: string, version: string): boolean {
  const match = /^(~=|==|!=|<=|>=|<|>)\s*(\d+(?:\.\d+)*)(\.\*)?$/.exec(clause);
  if (!match) return true;
  const [, op, bound, star] = match as unknown as [string, string, string, string | undefined];
  const v = version.split('.').map(Number);
  const b = bound.split('.').map(Number);
  const cmp = compareMinor(v, b);
  switch (op) {
    case '>=': return cmp >= 0;
    // 3.8 stands for 3.8's newest patch release, which is above 3.8 and 3.8.1.
    case '>': return cmp >= 0;
    case '<=': return cmp <= 0;
    case '<': return cmp < 0;
    case '==': return cmp === 0;
    case '!=': return !(cmp === 0 && (star || b.length <= 2));
    case '~=': return cmp >= 0 && (b.length > 2 ? cmp === 0 : v[0] === b[0]);
    default: return true;
  }
}

/** Compares X.Y with the first two parts of a bound (`3.10.2` compares as 3.10). */
function compareMinor(version: number[], bound: number[]): number {
  for (let i = 0; i < 2; i += 1) {
    const diff = (version[i] ?? 0) - (bound[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The lines of one TOML table (`[project]`), to its next header; bounded to the file's first 200 KB. */
function tomlTable(text: string | undefined, table: string): string[] {
  if (!text) return [];
  const lines = text.slice(0, 200_000).split(/\r?\n/);
  const start = lines.findIndex((line) => line.replace(/#.*/, '').trim() === `[${table}]`);
  if (start === -1) return [];
  const end = lines.findIndex((line, i) => i > start && /^\s*\[/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** A string value of a TOML table (`requires-python = ">=3.9"`). */
function tomlString(text: string | undefined, table: string, key: string): string | undefined {
  for (const line of tomlTable(text, table)) {
    const match = /^\s*["']?([\w-]+)["']?\s*=\s*(["'])(.{0,200}?)\2\s*(?:#.*)?$/.exec(line);
    if (match?.[1] === key) return match[3];
  }
  return undefined;
}

/** True when the TOML table has the key (`docs = [...]` in `[project.optional-dependencies]`). */
function tomlHasKey(text: string | undefined, table: string, key: string): boolean {
  return tomlTable(text, table).some((line) => new RegExp(`^\\s*["']?${key}["']?\\s*=`).test(line));
}
