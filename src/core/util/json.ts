/** A JSON object, or a parsed YAML or TOML mapping. */
export type Json = Record<string, unknown>;

/** A JSON object (or a parsed YAML or TOML mapping): not null, not a list. */
export function isJsonObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
