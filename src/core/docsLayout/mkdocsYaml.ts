import type * as Yaml from 'yaml';
import { loadYaml } from '../util/yaml';

/**
 * `mkdocs.yml` as plain data, never failing on the tags MkDocs configs use: `!ENV VAR` (unknown
 * here: null), `!ENV [VAR, …, default]` (its default, the last item: mkdocs' `pyyaml_env_tag`),
 * `!!python/name:x.y`, `!relative` and any other tag (read as the untagged value). Undefined when
 * the text is not a YAML mapping.
 */
export function readMkdocsYaml(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = loadYaml().parse(text, { customTags: envTags(), logLevel: 'silent', uniqueKeys: false });
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
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
