/**
 * Choice lists from an `OPTIONS` response (DRF `SimpleMetadata`, FACTS.md §1):
 * `{"actions": {"POST": {"<field>": {"type": "choice", "choices": [{"value", "display_name"}]}}}}`.
 * `actions` is present only for callers allowed to write, so every part may be missing.
 */
import { isJsonObject } from '../util/json';
import type { Choice } from './choice';

/** The choices of `field` for a create (POST) or else an update (PUT), or undefined when absent or malformed. */
export function choicesFromOptions(body: unknown, field: string): Choice[] | undefined {
  const actions = property(body, 'actions');
  const fieldInfo = property(property(actions, 'POST') ?? property(actions, 'PUT'), field);
  const raw = property(fieldInfo, 'choices');
  if (!Array.isArray(raw)) return undefined;
  const choices = raw.flatMap((entry): Choice[] => {
    const value = property(entry, 'value');
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const displayName = property(entry, 'display_name');
    return [{ code: String(value), name: typeof displayName === 'string' && displayName !== '' ? displayName : String(value) }];
  });
  return choices.length > 0 ? choices : undefined;
}

function property(value: unknown, key: string): unknown {
  return isJsonObject(value) ? value[key] : undefined;
}
