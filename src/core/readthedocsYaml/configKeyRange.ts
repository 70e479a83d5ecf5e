import type { Node as YamlNode } from 'yaml';
import { readConfigYaml } from '../docsLayout/configYaml';
import { loadYaml } from '../util/yaml';

/** A span of the configuration file, as character offsets. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * Where the dotted key a configuration error names (`build.tools.python`,
 * `python.install.0.requirements`) sits in `.readthedocs.yaml`: the key's node in a mapping, the
 * item's node in a list (a number segment). Undefined when the file does not hold that key or
 * is refused (`readConfigYaml`). Pure.
 */
export function configKeySpan(yamlText: string, dottedKey: string): TextSpan | undefined {
  if (dottedKey === '') return undefined;
  const read = readConfigYaml(yamlText);
  return read.refused === undefined ? nodeAt(read.document.contents, dottedKey)?.span : undefined;
}

/**
 * The node at a dotted key in a parsed `.readthedocs.yaml` (its `contents`): the span of its key
 * (or list item) and the value node. Undefined when the document does not hold that key.
 */
export function nodeAt(contents: unknown, dottedKey: string): { span: TextSpan | undefined; value: unknown } | undefined {
  const { isMap, isScalar, isSeq } = loadYaml();
  let node: unknown = contents;
  let span: TextSpan | undefined;
  for (const segment of dottedKey.split('.')) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
      if (!pair) return undefined;
      span = spanOf(pair.key as YamlNode) ?? span;
      node = pair.value;
    } else if (isSeq(node) && /^\d+$/.test(segment)) {
      const item = node.items[Number(segment)];
      if (item === undefined) return undefined;
      span = spanOf(item as YamlNode) ?? span;
      node = item;
    } else {
      return undefined;
    }
  }
  return { span, value: node };
}

/** The span a node covers (a value's text, a list's items). */
export function spanOf(node: YamlNode | null | undefined): TextSpan | undefined {
  const range = node?.range;
  return range ? { start: range[0], end: range[1] } : undefined;
}
