/** Version `type` values (`rtd:readthedocs/builds/constants.py`, FACTS.md §9). */
import type { Choice } from './choice';

export const VERSION_TYPES: readonly Choice[] = [
  { code: 'branch', name: 'Branch' },
  { code: 'tag', name: 'Tag' },
  { code: 'external', name: 'External', detail: 'Pull request builds; the versions list never includes them' },
  { code: 'unknown', name: 'Unknown' },
];
