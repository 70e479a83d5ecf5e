import { isJsonObject } from '../util/json';
import { readConfigYaml } from '../docsLayout/configYaml';
import { toReadableYaml } from '../util/readableYaml';

/**
 * The configuration a build used (`expand=config`, as the server resolved it) as YAML to set
 * beside the local `.readthedocs.yaml`: keys the local file has come first, in its order (at
 * every depth, list items by position), the ones only the server added after them. Pure.
 */
export function usedConfigYaml(config: unknown, localYaml: string): string {
  return `${toReadableYaml(orderedLike(config, localShape(localYaml)))}\n`;
}

function localShape(text: string): unknown {
  const read = readConfigYaml(text);
  return read.refused === undefined && read.document.errors.length === 0 ? read.value() : undefined;
}

/** `value` with its keys in `template`'s order where they match. */
export function orderedLike(value: unknown, template: unknown, depth = 0): unknown {
  if (depth > 32) return value;
  if (Array.isArray(value)) return value.map((item, index) => orderedLike(item, Array.isArray(template) ? template[index] : undefined, depth + 1));
  if (!isJsonObject(value)) return value;
  const shape = isJsonObject(template) ? template : {};
  const keys = [...Object.keys(shape).filter((key) => Object.hasOwn(value, key)), ...Object.keys(value).filter((key) => !Object.hasOwn(shape, key))];
  return Object.fromEntries(keys.map((key) => [key, orderedLike(value[key], shape[key], depth + 1)]));
}
