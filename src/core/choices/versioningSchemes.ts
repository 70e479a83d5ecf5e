/** `versioning_scheme` values (`VERSIONING_SCHEME_CHOICES`, `rtd:readthedocs/projects/constants.py`, FACTS.md §8). */
import type { Choice } from './choice';

export const VERSIONING_SCHEMES: readonly Choice[] = [
  {
    code: 'multiple_versions_with_translations',
    name: 'Multiple versions with translations',
    detail: '/<language>/<version>/<filename>',
  },
  {
    code: 'multiple_versions_without_translations',
    name: 'Multiple versions without translations',
    detail: '/<version>/<filename>',
  },
  {
    code: 'single_version_without_translations',
    name: 'Single version without translations',
    detail: '/<filename>',
  },
];
