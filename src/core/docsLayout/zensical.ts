/**
 * Zensical's config (FACTS.md §27): `zensical.toml` with MkDocs' key names under `[project]`
 * (`docs_dir` default `docs`, `site_dir` default `site`, `use_directory_urls` default true,
 * `plugins`), or an `mkdocs.yml` it reads with the same defaults. The `offline` plugin forces
 * `use_directory_urls = false`.
 */
import { objectAt } from '../models/parse';
import { type TomlFileKind, readFolderToml } from '../util/toml';
import { type DocsLayout, layoutFromMkdocsSettings } from './layout';
import { MAX_MKDOCS_YAML_CHARS, readMkdocsYaml } from './mkdocsYaml';

/** The longest `zensical.toml` read: as long as the longest `mkdocs.yml` (the same settings, another syntax). */
export const MAX_ZENSICAL_TOML_CHARS = MAX_MKDOCS_YAML_CHARS;

/** `zensical.toml` for the folder's TOML reader. */
export const ZENSICAL_TOML: TomlFileKind = { name: () => 'zensical.toml', maxChars: MAX_ZENSICAL_TOML_CHARS };

/**
 * The MkDocs-named settings of a Zensical config (`path`, `text`): `[project]` of a TOML file, the
 * whole of an `mkdocs.yml`. Undefined when the file is refused (too long, too deep, not TOML) or has none.
 */
export function zensicalSettings(path: string, text: string | undefined): Record<string, unknown> | undefined {
  if (!path.toLowerCase().endsWith('.toml')) return readMkdocsYaml(text ?? '');
  const read = readFolderToml(ZENSICAL_TOML, text ?? '');
  return read.refused === undefined ? objectAt(read.value, 'project') : undefined;
}

/** The docs layout of a Zensical config: MkDocs' reading of the same keys, with `offline` turning directory URLs off. */
export function layoutFromZensical(path: string, text: string | undefined): DocsLayout {
  const settings = zensicalSettings(path, text);
  const layout = layoutFromMkdocsSettings('zensical', path, settings);
  return offlinePlugin(settings) ? { ...layout, directoryUrls: false } : layout;
}

function offlinePlugin(settings: Record<string, unknown> | undefined): boolean {
  const plugins = settings?.plugins;
  if (Array.isArray(plugins)) return plugins.some((entry) => entry === 'offline' || objectAt(entry, 'offline') !== undefined);
  return objectAt(plugins, 'offline') !== undefined;
}
