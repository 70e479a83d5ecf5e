import { type FolderYaml, type RefusedYaml, type YamlFileKind, readFolderYaml } from '../util/folderYaml';

/**
 * Larger `.readthedocs.yaml` files are not parsed: a real one takes a few hundred bytes, a
 * commented template a few kilobytes; yaml reads about 1 MB a second, and the rules run after
 * each pause in typing.
 */
export const MAX_CONFIG_CHARS = 32 * 1024;

/** `.readthedocs.yaml` for the folder's YAML reader: at most `MAX_CONFIG_CHARS`, duplicate keys allowed (the server's PyYAML keeps the last). */
export const READTHEDOCS_YAML: YamlFileKind = { name: () => '.readthedocs.yaml', maxChars: MAX_CONFIG_CHARS };

/** A `.readthedocs.yaml` text as read once for the docs layout, the server's rules, their quick fixes and the build's errors. */
export function readConfigYaml(text: string): FolderYaml | RefusedYaml {
  return readFolderYaml(READTHEDOCS_YAML, text);
}
