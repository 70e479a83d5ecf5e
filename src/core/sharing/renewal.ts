import { l10n } from '../l10n';
import { type SharingMethod } from '../models/sharingMethod';
import { expiryTime } from '../validation/sharing';

/** How long a method the extension creates lives: a week, the server's own default. */
export const PRIVATE_DOCS_DAYS = 7;
/** A method this close to its expiry is replaced at its next use. */
export const RENEW_WITHIN_DAYS = 2;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` (UTC), `days` after `now`. */
export function expiryDate(now: number, days = PRIVATE_DOCS_DAYS): string {
  return new Date(now + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Whether a method the extension made should be replaced now: within `RENEW_WITHIN_DAYS` of its
 * expiry. Pasted tokens (no method of ours) and methods without an expiry are never renewed.
 */
export function renewalDue(expires: string | undefined, now: number): boolean {
  const end = expiryTime(expires);
  return end !== undefined && end - now <= RENEW_WITHIN_DAYS * DAY_MS;
}

/** The description of the methods the extension makes, so a person recognises them in the dashboard. */
export function privateDocsDescription(who: string): string {
  return l10n.t('VS Code: private docs in the editor ({0})', who);
}

/** The versions a header token is for: all, or the picked private ones. */
export type VersionChoice = { readonly allowAll: true } | { readonly allowAll: false; readonly versions: readonly string[] };

/**
 * The method this window made, still on the server and usable for another while (another window
 * may have renewed it: then the newest of ours, by id, wins). Undefined: create one.
 */
export function reusableMethod(methods: readonly SharingMethod[], ours: ReadonlySet<number>, now: number): SharingMethod | undefined {
  return methods
    .filter((m) => ours.has(m.id) && m.accessType === 'http_header_token' && m.token && !renewalDue(m.expires, now))
    .sort((a, b) => b.id - a.id)[0];
}
