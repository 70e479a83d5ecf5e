import type * as Yaml from 'yaml';

let yaml: typeof Yaml | undefined;

/**
 * yaml is required on first use (the first redirects file read or written, the first mkdocs.yml),
 * so start-up does not load it; the extension's bundle maps it to its own file (dist/yaml.js).
 */
export function loadYaml(): typeof Yaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (yaml ??= require('yaml') as typeof Yaml);
}
