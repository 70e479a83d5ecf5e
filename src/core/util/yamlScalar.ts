import { loadYaml } from './yaml';

/**
 * A string as one YAML scalar, to write after `key: ` or `- ` on a line: plain where it reads back
 * as the same string, else quoted, as the yaml library's own stringifier decides. Plain is kept
 * only when it reads back the same in YAML 1.2 and in YAML 1.1 (the server's parser, where `yes`,
 * `on` and `1_000` are no strings). Never a block scalar and never folded, so it fits on its line. Pure.
 * Data the server reads; `toReadableYaml` (readableYaml.ts) shows JSON to people and keeps dates
 * and `.` plain, as the server's own document does.
 */
export function yamlScalar(value: string): string {
  // Each name read straight off loadYaml(), where the production bundle's check looks for them.
  const written = (quoted: boolean) => loadYaml().stringify(value, { lineWidth: 0, blockQuote: false, ...(quoted ? { defaultStringType: 'QUOTE_DOUBLE' as const } : {}) }).replace(/\n$/, '');
  const plain = written(false);
  const readsBack = (['1.1', '1.2'] as const).every((version) => loadYaml().parse(plain, { version }) === value);
  return readsBack ? plain : written(true);
}
