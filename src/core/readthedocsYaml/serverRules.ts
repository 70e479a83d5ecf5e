import { l10n } from '../l10n';
import { type Json, isJsonObject } from '../util/json';
import { pathInside } from '../util/paths';
import { RETIRED_BUILD_OS, SUPPORTED_BUILD_OS } from './buildImages';

/**
 * A rule Read the Docs checks in code when it loads `.readthedocs.yaml` (`BuildConfigV2.validate`
 * in `readthedocs/config/config.py`), met in the file before it is pushed. Shapes and enums are
 * the JSON schema's (the YAML extension reports them); these are what the schema cannot say.
 */
export interface ConfigFinding {
  /** The message id the server's notification would carry (`readthedocs/config/exceptions.py`). */
  readonly id: string;
  /** The dotted key it is about, where the editor marks it (`configKeySpan`); `''` for the whole file. */
  readonly key: string;
  /** The server's words (`readthedocs/config/notifications.py`), as plain text. */
  readonly message: string;
  readonly fix?: ConfigFix;
}

/** What a quick fix does: add a format to `formats`, or point a path key at a file that exists. */
export type ConfigFix =
  | { readonly kind: 'addFormat'; readonly format: string }
  | { readonly kind: 'pickFile'; readonly fileKind: ConfigFileKind };

/** The kind of file a path key names (which files a "pick an existing file" offers). */
export type ConfigFileKind = 'sphinx' | 'mkdocs' | 'requirements' | 'conda' | 'directory';

/** A path the configuration names, relative to the repository root, to check for existence. */
export interface ConfigPathRef {
  readonly key: string;
  readonly path: string;
  readonly fileKind: ConfigFileKind;
}

const FORMATS = ['htmlzip', 'pdf', 'epub'];
const CONDA_TOOLS = /^(?:miniconda|mambaforge|miniforge)/;
/** Keys the server used to read and now refuses as unknown (`validate_keys`). */
const RETIRED_KEYS = ['build.image', 'python.version', 'python.system_packages', 'python.use_system_site_packages', 'python.setup_py_install', 'python.pip_install', 'requirements_file', 'conda.file'];
const NEW_JOBS = ['create_environment', 'install'];
const APT_NAME = /^[a-z0-9][a-z0-9.+-]*$/i;
/** Distinct paths the rules check for existence, a stat each after every pause in typing: real files name a handful. */
export const MAX_CHECKED_PATHS = 32;

/**
 * The paths the configuration names that the build reads from the repository (relative to its
 * root): `sphinx.configuration`, `mkdocs.configuration`, each `python.install[].requirements` and
 * `path`, `conda.environment`. Pure.
 */
export function configPaths(config: unknown): ConfigPathRef[] {
  if (!isJsonObject(config)) return [];
  const refs: ConfigPathRef[] = [];
  const add = (key: string, value: unknown, fileKind: ConfigFileKind) => {
    if (typeof value === 'string') refs.push({ key, path: value, fileKind });
  };
  if (isJsonObject(config.sphinx)) add('sphinx.configuration', config.sphinx.configuration, 'sphinx');
  if (isJsonObject(config.mkdocs)) add('mkdocs.configuration', config.mkdocs.configuration, 'mkdocs');
  if (isJsonObject(config.conda)) add('conda.environment', config.conda.environment, 'conda');
  installs(config).forEach((install, index) => {
    if (!isJsonObject(install)) return;
    add(`python.install.${index}.requirements`, install.requirements, 'requirements');
    add(`python.install.${index}.path`, install.path, 'directory');
  });
  return refs;
}

/**
 * The distinct paths inside the folder (not the folder itself) that `serverRuleFindings` asks
 * `exists` about: the first `MAX_CHECKED_PATHS` the configuration names, each once. The paths
 * named after them are not checked, and not reported. Pure.
 */
export function checkedPaths(config: unknown): string[] {
  const paths = new Set<string>();
  for (const ref of configPaths(config)) {
    const inside = pathInside('', ref.path);
    if (inside === undefined || inside === '') continue;
    paths.add(inside);
    if (paths.size === MAX_CHECKED_PATHS) break;
  }
  return [...paths];
}

/**
 * What the server would refuse in this configuration (the parsed YAML), in file order of the
 * rules: `exists` says whether a path (relative to the repository root, inside it, one of
 * `checkedPaths`) names a file or folder of the repository; a path that leads outside never exists. Pure.
 */
export function serverRuleFindings(config: unknown, exists: (path: string) => boolean): ConfigFinding[] {
  if (!isJsonObject(config)) return [];
  const findings: ConfigFinding[] = [];
  const build = isJsonObject(config.build) ? config.build : undefined;
  const formats = config.formats === 'all' ? FORMATS : Array.isArray(config.formats) ? config.formats : [];
  const commands = Array.isArray(build?.commands) ? build.commands : [];
  const jobs = isJsonObject(build?.jobs) ? build.jobs : {};
  const tools = isJsonObject(build?.tools) ? build.tools : {};

  if (build && typeof build.os === 'string' && RETIRED_BUILD_OS.includes(build.os)) {
    findings.push({
      id: 'config:validation:invalid-choice', key: 'build.os',
      message: l10n.t('Config validation error in {0}. Expected one of ({1}), got type {2} ({3}).', 'build.os', SUPPORTED_BUILD_OS.join(', '), 'str', build.os),
    });
  }
  for (const key of RETIRED_KEYS) {
    if (has(config, key)) findings.push({ id: 'config:base:invalid-key-name', key, message: l10n.t('Invalid configuration key: {0}. Make sure the key name {0} is correct.', key) });
  }
  if (build && Object.keys(tools).length === 0 && commands.length === 0) {
    findings.push({ id: 'config:build:missing-build-tools-commands', key: 'build', message: l10n.t('At least one of the following configuration options is required: {0} or {1}.', 'build.tools', 'build.commands') });
  }
  if (commands.length > 0 && Object.keys(jobs).length > 0) {
    findings.push({ id: 'config:build:jobs-and-commands', key: 'build.commands', message: l10n.t('The keys {0} and {1} can\'t be used together.', 'build.jobs', 'build.commands') });
  }
  if (isJsonObject(jobs.build)) {
    for (const type of Object.keys(jobs.build)) {
      if (type === 'html' || !FORMATS.includes(type) || formats.includes(type)) continue;
      findings.push({
        id: 'config:build:jobs:build:missing-in-formats', key: `build.jobs.build.${type}`,
        message: l10n.t('The {0} build type was defined in {1}, but it wasn\'t included in {2}.', type, 'build.jobs.build', 'formats'),
        fix: { kind: 'addFormat', format: type },
      });
    }
  }
  (Array.isArray(build?.apt_packages) ? build.apt_packages : []).forEach((raw, index) => {
    if (typeof raw !== 'string') return;
    const name = raw.trim();
    const key = `build.apt_packages.${index}`;
    const prefix = ['-', '/', '.'].find((start) => name.startsWith(start));
    if (prefix) findings.push({ id: 'config:apt:invalid-package-name-prefix', key, message: l10n.t('The name of the packages (e.g. {0}) can\'t start with {1}', name, prefix) });
    else if (!APT_NAME.test(name)) findings.push({ id: 'config:apt:invalid-package-name', key, message: l10n.t('The name of the package {0} is invalid.', name) });
  });
  const python = typeof tools.python === 'string' ? tools.python : undefined;
  if (python && CONDA_TOOLS.test(python) && config.conda === undefined && commands.length === 0) {
    findings.push({ id: 'config:conda:required', key: 'build.tools.python', message: l10n.t('The key {0} is required when using Conda or Mamba.', 'conda.environment') });
  }
  findings.push(...installFindings(config));
  if ('sphinx' in config && 'mkdocs' in config) {
    findings.push({ id: 'config:base:sphinx-mkdocs-together', key: 'mkdocs', message: l10n.t('You can not have {0} and {1} keys at the same time.', 'sphinx', 'mkdocs') });
  }
  findings.push(...docTypeFindings(config, commands.length > 0, jobs));
  if (isJsonObject(config.submodules)) {
    const { include, exclude } = config.submodules;
    const including = include === 'all' || (Array.isArray(include) && include.length > 0);
    const excluding = exclude === 'all' || (Array.isArray(exclude) && exclude.length > 0);
    if (including && excluding) findings.push({ id: 'config:submodules:include-exclude-together', key: 'submodules', message: l10n.t('You can not have {0} and {1} at the same time.', 'submodules.exclude', 'submodules.include') });
  }
  const checked = new Set(checkedPaths(config));
  for (const ref of configPaths(config)) {
    const inside = pathInside('', ref.path);
    if (inside !== undefined && inside !== '' && (!checked.has(inside) || exists(inside))) continue;
    if (inside === '' && ref.fileKind === 'directory' && ref.path.trim() !== '') continue;
    findings.push({
      id: 'config:validation:invalid-path', key: ref.key,
      message: l10n.t('Config validation error in {0}. The path {1} does not exist.', ref.key, ref.path),
      fix: { kind: 'pickFile', fileKind: ref.fileKind },
    });
  }
  return findings;
}

function installs(config: Json): unknown[] {
  return isJsonObject(config.python) && Array.isArray(config.python.install) ? config.python.install : [];
}

/** `validate_python` and `validate_python_install`: pip, setuptools and the uv rules. */
function installFindings(config: Json): ConfigFinding[] {
  const findings: ConfigFinding[] = [];
  const entries = installs(config);
  const found = (id: string, key: string, message: string) => findings.push({ id, key, message });
  entries.forEach((install, index) => {
    if (!isJsonObject(install)) return;
    const key = `python.install.${index}`;
    const method = install.method ?? 'pip';
    if (method === 'uv') {
      const { command, requirements, path, groups, extras } = install;
      if (command === undefined || command === null) {
        found('config:python:uv-command-required', key, l10n.t('The key {0} is required when using {1}. Allowed values are {2} or {3}.', 'python.install.command', 'method: uv', 'sync', 'pip'));
        return;
      }
      if (command === 'sync' && requirements !== undefined && requirements !== null) {
        found('config:python:uv-sync-requirements-invalid', `${key}.requirements`, l10n.t('The key {0} is not allowed with {1}. Use {2} instead when specifying a requirements file.', 'python.install.requirements', 'command: sync', 'command: pip'));
      }
      if (command === 'pip') {
        if (groups !== undefined && groups !== null) found('config:python:uv-pip-groups-not-allowed', `${key}.groups`, l10n.t('The key {0} is not allowed with {1}. Use {2} instead when you need to select dependency groups.', 'python.install.groups', 'command: pip', 'command: sync'));
        const hasRequirements = requirements !== undefined && requirements !== null;
        const hasPath = path !== undefined && path !== null;
        if (!hasRequirements && !hasPath) found('config:python:uv-pip-requirements-or-path-required', key, l10n.t('When using {0} with {1}, one of the following keys is required: {2} or {3}.', 'method: uv', 'command: pip', 'python.install.path', 'python.install.requirements'));
        if (hasRequirements && hasPath) found('config:python:uv-pip-requirements-and-path-mutually-exclusive', key, l10n.t('When using {0} with {1}, both {2} and {3} cannot be specified at the same time.', 'method: uv', 'command: pip', 'python.install.path', 'python.install.requirements'));
      }
      for (const [field, value] of [['groups', command === 'sync' ? groups : undefined], ['extras', extras]] as const) {
        if (Array.isArray(value) && value.length === 0) found('config:python:uv-groups-extras-empty', `${key}.${field}`, l10n.t('The {0} list cannot be empty. Either remove the key or provide a non-empty list or the value {1}.', `python.install.${field}`, 'all'));
      }
      return;
    }
    if ('requirements' in install) return;
    if (!('path' in install)) {
      found('config:python:pip-path-requirement-required', key, l10n.t('When using {0}, one of the following keys are required: {1} or {2}.', 'python.install', 'python.install.path', 'python.install.requirements'));
      return;
    }
    if (method !== 'pip' && Array.isArray(install.extra_requirements) && install.extra_requirements.length > 0) {
      found('config:python:pip-required', `${key}.extra_requirements`, l10n.t('You need to install your project with {0} to use {1}.', 'python.install.method: pip', 'python.install.extra_requirements'));
    }
  });
  if (entries.length > 1 && entries.some((install) => isJsonObject(install) && install.method === 'uv')) {
    found('config:python:uv-multiple-install-entries-invalid', 'python.install', l10n.t('When using {0}, only one entry is allowed under {1}.', 'method: uv', 'python.install'));
  }
  return findings;
}

/**
 * `validate_deprecated_implicit_keys` (enforced since January 2025): a `sphinx` or `mkdocs` key
 * names its configuration file, and a file with neither builds with `build.commands` or its own
 * build jobs. Also `sphinx.configuration` names a `conf.py`.
 */
function docTypeFindings(config: Json, usesCommands: boolean, jobs: Json): ConfigFinding[] {
  const findings: ConfigFinding[] = [];
  const sphinxConfiguration = isJsonObject(config.sphinx) ? config.sphinx.configuration : undefined;
  if (typeof sphinxConfiguration === 'string' && sphinxConfiguration !== '' && sphinxConfiguration.replace(/\\/g, '/').split('/').pop() !== 'conf.py') {
    findings.push({ id: 'config:sphinx:invalid-config-file', key: 'sphinx.configuration', message: l10n.t('The {0} key must point to a file named {1}.', 'sphinx.configuration', 'conf.py') });
  }
  if (usesCommands) return findings;
  const missing = (tool: string) => l10n.t('The {0} key is missing. This key is now required, see our blog post for more information.', `${tool}.configuration`);
  if ('sphinx' in config && !sphinxConfiguration) findings.push({ id: 'config:sphinx:missing-config', key: 'sphinx', message: missing('sphinx') });
  if ('mkdocs' in config && !(isJsonObject(config.mkdocs) && config.mkdocs.configuration)) findings.push({ id: 'config:mkdocs:missing-config', key: 'mkdocs', message: missing('mkdocs') });
  const ownJobs = NEW_JOBS.some((job) => jobs[job] !== undefined && jobs[job] !== null)
    || (isJsonObject(jobs.build) && Object.values(jobs.build).some((job) => job !== undefined && job !== null));
  if (!('sphinx' in config) && !('mkdocs' in config) && !ownJobs) findings.push({ id: 'config:sphinx:missing-config', key: '', message: missing('sphinx') });
  return findings;
}

function has(config: Json, dottedKey: string): boolean {
  let node: unknown = config;
  for (const segment of dottedKey.split('.')) {
    if (!isJsonObject(node) || !(segment in node)) return false;
    node = node[segment];
  }
  return true;
}
