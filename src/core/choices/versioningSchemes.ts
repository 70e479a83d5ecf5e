/** `versioning_scheme` values (`VERSIONING_SCHEME_CHOICES`, `rtd:readthedocs/projects/constants.py`, FACTS.md §8). */
import { l10n } from '../l10n';
import type { Choice } from './choice';

export const VERSIONING_SCHEMES: readonly Choice[] = [
  {
    code: 'multiple_versions_with_translations',
    get name() { return l10n.t('Multiple versions with translations'); },
    detail: '/<language>/<version>/<filename>',
  },
  {
    code: 'multiple_versions_without_translations',
    get name() { return l10n.t('Multiple versions without translations'); },
    detail: '/<version>/<filename>',
  },
  {
    code: 'single_version_without_translations',
    get name() { return l10n.t('Single version without translations'); },
    detail: '/<filename>',
  },
];
