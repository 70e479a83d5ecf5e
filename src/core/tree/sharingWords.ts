import { formatRelativeTime } from '../builds/facts';
import { l10n } from '../l10n';
import { type SharingAccessType, type SharingMethod } from '../models/sharingMethod';
import { type NodePresentation, type TimeContext } from './presentation';
import { dateTime, field, lines, md } from './tooltip';

/** The kind of a sharing method in words; an unknown kind by its own name. */
export function accessTypeLabel(type: SharingAccessType | string): string {
  switch (type) {
    case 'token': return l10n.t('Secret link');
    case 'password': return l10n.t('Password');
    case 'http_header_token': return l10n.t('Header token');
    default: return type;
  }
}

/** "all versions", or the versions it opens. */
export function versionsWords(method: Pick<SharingMethod, 'allowAll' | 'versions'>): string {
  return method.allowAll ? l10n.t('all versions') : method.versions.join(', ');
}

/** A sharing method's row: kind, versions, expiry; the tooltip adds the last use and the description (escaped). The token is never shown. */
export function presentSharingMethod(method: SharingMethod, time: TimeContext | undefined): NodePresentation {
  const lastUsed = method.lastUsedAt ? formatRelativeTime(method.lastUsedAt, time?.now ?? Date.now()) ?? method.lastUsedAt : l10n.t('never');
  const tooltip = lines([
    `**${md(accessTypeLabel(method.accessType))}**`,
    method.description ? md(method.description) : undefined,
    field(l10n.t('Versions'), versionsWords(method)),
    field(l10n.t('Expires'), dateTime(method.expires, time)),
    field(l10n.t('Last used'), lastUsed),
  ]);
  const description = [
    versionsWords(method),
    method.expires ? l10n.t('expires {0}', method.expires) : undefined,
    method.lastUsedAt ? l10n.t('used {0}', lastUsed) : l10n.t('never used'),
  ].filter(Boolean).join(' · ');
  const icon = method.accessType === 'password' ? 'key' : method.accessType === 'token' ? 'link' : 'shield';
  return { label: accessTypeLabel(method.accessType), description, tooltip, icon, collapsible: 'none', ageing: true };
}
