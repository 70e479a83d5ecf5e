/**
 * Redirect rules, checked before any request (FACTS.md §12; `rtd:readthedocs/redirects/validators.py`).
 * Field names are the API's, so client-side and server-side errors land on the same input step.
 */
import { l10n } from '../l10n';
import { hasWebScheme, parseHttpUrl } from './urls';
import { tooLong } from './text';

/** The types the real service accepts. */
export const REDIRECT_TYPES = ['page', 'exact', 'clean_url_to_html', 'html_to_clean_url'] as const;
export type RedirectType = (typeof REDIRECT_TYPES)[number];

/** The API spec's older names that the real service renamed (it rejects the old ones). */
const RENAMED_TYPES: Readonly<Record<string, RedirectType>> = {
  sphinx_html: 'clean_url_to_html',
  sphinx_htmldir: 'html_to_clean_url',
};

/** Types whose from_url and to_url are used (the others are stored with both forced to ""). */
const TYPES_WITH_URLS: ReadonlySet<string> = new Set<string>(['page', 'exact', 'prefix']);

/** Types a project may have only one of. */
const ONE_PER_PROJECT_TYPES: ReadonlySet<string> = new Set<RedirectType>(['clean_url_to_html', 'html_to_clean_url']);

export const MAX_REDIRECT_URL_LENGTH = 255;
export const MAX_REDIRECT_DESCRIPTION_LENGTH = 255;
export const REDIRECT_HTTP_STATUSES = [301, 302] as const;
/** Per-project redirect limit on the community edition (business: depends on the plan). */
export const COMMUNITY_REDIRECT_LIMIT = 100;

export type RedirectUrlField = 'from_url' | 'to_url';
export type RedirectField = 'type' | RedirectUrlField | 'http_status' | 'position' | 'description';
export type RedirectErrors = Partial<Record<RedirectField, string>>;

/** What a create or a full update (PUT) sends. */
export interface RedirectDraft {
  readonly type: string;
  readonly from_url?: string | null;
  readonly to_url?: string | null;
  readonly http_status?: number;
  readonly position?: number;
  readonly description?: string;
  readonly force?: boolean;
  readonly enabled?: boolean;
}

/** The real service's name for `type`: `sphinx_html` → `clean_url_to_html`, `sphinx_htmldir` → `html_to_clean_url`. */
export function canonicalRedirectType(type: string): string {
  return RENAMED_TYPES[type] ?? type;
}

/**
 * The URL fields a person must fill in for this type (page and exact: both; an older server's prefix:
 * from_url only, it redirects to `/<lang>/<version>/` plus the rest; the others: none).
 */
export function requiredFields(type: string): readonly RedirectUrlField[] {
  if (type === 'prefix') return ['from_url'];
  return usesUrls(type) ? ['from_url', 'to_url'] : [];
}

export function validateRedirectType(type: string): string | undefined {
  if (type.trim() === '') return l10n.t('Choose a redirect type.');
  if (type === 'prefix') {
    return l10n.t('Prefix redirects were removed: use an exact redirect from /prefix/* to /new-prefix/:splat instead.');
  }
  return undefined;
}

export function validateFromUrl(value: string, type: string): string | undefined {
  if (!usesUrls(type)) return undefined;
  if (value === '') return l10n.t('Enter the path to redirect from, for example /old-page.html.');
  if (!value.startsWith('/')) return l10n.t('Start the path with /, for example /old-page.html.');
  if (value.includes('$rest')) return l10n.t('The $rest wildcard has been removed in favor of *: write /old/* instead of /old/$rest.');
  if (value.slice(0, -1).includes('*')) return l10n.t('The * wildcard must be at the end of the path.');
  return tooLong(value, MAX_REDIRECT_URL_LENGTH, l10n.t('the path'));
}

export function validateToUrl(value: string, type: string, fromUrl: string): string | undefined {
  if (!usesUrls(type) || (value === '' && !requiredFields(type).includes('to_url'))) return undefined;
  if (value === '') return l10n.t('Enter where to redirect to: a path such as /new-page.html or a full https:// URL.');
  if (hasWebScheme(value)) {
    // The server keeps a to_url as it is only when it starts with exactly "http://" or "https://".
    const absolute = parseHttpUrl(value);
    if (!absolute.ok) return absolute.reason;
  } else if (!value.startsWith('/')) {
    return l10n.t('Start with / (a path such as /new-page.html) or give a full http:// or https:// URL.');
  } else if (/^[/\\]{2}/.test(value.replace(/[\t\n\r]/g, ''))) {
    // A browser reads //host and /\host (tabs and newlines dropped) as a link to another site.
    return l10n.t('A path cannot start with // or /\\: for another site, give the full https:// URL.');
  }
  if (value.includes(':splat') && !fromUrl.endsWith('*')) {
    return l10n.t('The :splat placeholder needs a from URL that ends with the * wildcard, for example /old/* → /new/:splat.');
  }
  return tooLong(value, MAX_REDIRECT_URL_LENGTH, l10n.t('the URL'));
}

export function validateHttpStatus(value: number): string | undefined {
  return (REDIRECT_HTTP_STATUSES as readonly number[]).includes(value)
    ? undefined
    : l10n.t('"{0}" is not a valid choice: use 301 (permanent) or 302 (temporary).', value);
}

/** Position in the list, 0 being the top; accepts the number or the text typed in an input box. */
export function validatePosition(value: number | string): string | undefined {
  const valid = typeof value === 'number' ? Number.isInteger(value) && value >= 0 : /^\s*\d+\s*$/.test(value);
  return valid ? undefined : l10n.t('The position must be a whole number, 0 (the top) or more.');
}

/**
 * Every rule for a whole redirect. `otherRedirects` are the project's redirects except the one being
 * edited; they are needed for the one-per-project rule of the clean/html types. `serverTypes`: the
 * types the project's server takes (`offeredRedirectTypes`); one of those is never refused as removed or renamed.
 */
export function validateRedirect(
  draft: RedirectDraft, otherRedirects: readonly { readonly type: string }[] = [], serverTypes?: readonly string[],
): RedirectErrors {
  const type = canonicalRedirectType(draft.type);
  const fromUrl = draft.from_url ?? '';
  const taken = serverTypes?.includes(draft.type) === true;
  const errors: RedirectErrors = {
    type: (taken ? undefined : validateRedirectType(type)) ?? onePerProjectError(type, otherRedirects),
    from_url: validateFromUrl(fromUrl, type),
    to_url: validateToUrl(draft.to_url ?? '', type, fromUrl),
    http_status: draft.http_status === undefined ? undefined : validateHttpStatus(draft.http_status),
    position: draft.position === undefined ? undefined : validatePosition(draft.position),
    description: tooLong(draft.description ?? '', MAX_REDIRECT_DESCRIPTION_LENGTH, l10n.t('the description')),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/** Before creating: the message the server would give when the project already has `limit` redirects. */
export function validateRedirectCount(currentCount: number, limit = COMMUNITY_REDIRECT_LIMIT): string | undefined {
  return currentCount >= limit
    ? l10n.t('This project has reached the limit of {0} redirects. Consider replacing some of your redirects with a wildcard redirect (for example /old/* → /new/:splat).', limit)
    : undefined;
}

function usesUrls(type: string): boolean {
  return TYPES_WITH_URLS.has(type);
}

function onePerProjectError(type: string, otherRedirects: readonly { readonly type: string }[]): string | undefined {
  if (!ONE_PER_PROJECT_TYPES.has(type)) return undefined;
  return otherRedirects.some((r) => canonicalRedirectType(r.type) === type)
    ? l10n.t('Only one redirect of type `{0}` is allowed per project, and this project already has one.', type)
    : undefined;
}
