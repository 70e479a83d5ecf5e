/** Version `type` values (`rtd:readthedocs/builds/constants.py`, FACTS.md §9). */
import { l10n } from '../l10n';
import type { Choice } from './choice';

export const VERSION_TYPES: readonly Choice[] = [
  { code: 'branch', get name() { return l10n.t('Branch'); } },
  { code: 'tag', get name() { return l10n.t('Tag'); } },
  { code: 'external', get name() { return l10n.t('External'); }, get detail() { return l10n.t('Pull request builds; the versions list never includes them'); } },
  { code: 'unknown', get name() { return l10n.t('Unknown'); } },
];
