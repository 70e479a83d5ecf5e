/** `privacy_level` / `external_builds_privacy_level` values; writable on the business edition only (FACTS.md §8, §15). */
import type { Choice } from './choice';

export const PRIVACY_LEVELS: readonly Choice[] = [
  { code: 'public', name: 'Public' },
  { code: 'private', name: 'Private' },
];
