import { l10n } from '../l10n';

/** When a method stops working, as milliseconds: a bare date counts from its first instant (UTC), the safe reading. */
export function expiryTime(expires: string | undefined): number | undefined {
  if (!expires) return undefined;
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(expires) ? `${expires}T00:00:00Z` : expires);
  return Number.isNaN(time) ? undefined : time;
}

/** An expiry date for a sharing method: `YYYY-MM-DD`, a real date, after today (UTC), at most a year ahead. */
export function validateExpiry(text: string, now: number): string | undefined {
  const value = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return l10n.t('Enter a date as YYYY-MM-DD.');
  const time = expiryTime(value);
  if (time === undefined || new Date(time).toISOString().slice(0, 10) !== value) return l10n.t('{0} is not a date.', value);
  if (value <= new Date(now).toISOString().slice(0, 10)) return l10n.t('Pick a day after today.');
  if (time - now > 366 * 86_400_000) return l10n.t('Pick a day within a year: a shared secret should not live longer.');
  return undefined;
}

/** A password for a password sharing method (never echoed in a message). */
export function validateSharingPassword(text: string): string | undefined {
  if (text === '') return l10n.t('Enter a password.');
  if (text.length < 8) return l10n.t('Use at least 8 characters.');
  return text.length > 128 ? l10n.t('Use at most 128 characters.') : undefined;
}

/** A description a person recognises the method by (the server keeps at most 255 characters). */
export function validateSharingDescription(text: string): string | undefined {
  return text.trim().length > 255 ? l10n.t('Keep it under 256 characters.') : undefined;
}
