import type * as Yaml from 'yaml';
import { isJsonObject } from '../util/json';
import { type YamlFileKind, readFolderYaml } from '../util/folderYaml';
import { loadYaml } from '../util/yaml';

/**
 * The longest `mkdocs.yml` read: real ones take kilobytes (Material for MkDocs' own 9 KB,
 * FastAPI's 7 KB, Ultralytics' with its long nav 31 KB); this is half as much again as the
 * longest seen. It is read when a page of the folder opens: yaml's own lexer reads about 600 KB
 * a second, so a file at the cap costs up to about 170 ms of CPU.
 */
export const MAX_MKDOCS_YAML_CHARS = 48 * 1024;

/** `mkdocs.yml` for the folder's YAML reader. */
export const MKDOCS_YAML: YamlFileKind = { name: () => 'mkdocs.yml', maxChars: MAX_MKDOCS_YAML_CHARS, customTags: envTags };

/**
 * `mkdocs.yml` as plain data, never failing on the tags MkDocs configs use: `!ENV VAR` (unknown
 * here: null), `!ENV [VAR, …, default]` (its default, the last item: mkdocs' `pyyaml_env_tag`),
 * `!!python/name:x.y`, `!relative` and any other tag (read as the untagged value). Undefined when
 * the text is not a YAML mapping or is refused (`readFolderYaml`: too long, too many aliases).
 */
export function readMkdocsYaml(text: string): Record<string, unknown> | undefined {
  const read = readFolderYaml(MKDOCS_YAML, text);
  const value = read.refused === undefined ? read.value() : undefined;
  return isJsonObject(value) ? value : undefined;
}

function envTags(): Yaml.Tags {
  return [
    { tag: '!ENV', identify: () => false, resolve: () => null },
    {
      tag: '!ENV', collection: 'seq', identify: () => false,
      // The default as a plain value (a string, a number), null without one.
      resolve: (seq) => {
        const items = (seq as Yaml.YAMLSeq).items;
        const last: unknown = items.length > 1 ? items[items.length - 1] : undefined;
        return loadYaml().isScalar(last) ? last.value : null;
      },
    },
  ];
}
