/**
 * Pure parts of the redirect commands: which types to offer, what a form becomes on the wire,
 * where the server's rule messages belong, and the words for confirmations (FACTS.md §12).
 */
import { l10n } from '../l10n';
import { errorDetail } from '../api/describeError';
import { type CallOptions } from '../api/requests';
import { type Choice } from '../choices/choice';
import { REDIRECT_TYPE_CHOICES, redirectTypesFromOptions } from '../choices/redirectTypes';
import { type Logger, componentLogger } from '../log';
import { type Redirect, type RedirectInput } from '../models/redirect';
import { COMMUNITY_REDIRECT_LIMIT, canonicalRedirectType, requiredFields, validateRedirectType } from '../validation/redirects';

/** What the create and edit steps fill in. URLs are kept even when the type does not use them, so switching back keeps them. */
export interface RedirectForm {
  type: string;
  fromUrl: string;
  toUrl: string;
  httpStatus: 301 | 302;
  force: boolean;
  enabled: boolean;
  description: string;
  position: number | undefined;
}

export function emptyRedirectForm(): RedirectForm {
  return { type: '', fromUrl: '', toUrl: '', httpStatus: 302, force: false, enabled: true, description: '', position: undefined };
}

export function redirectFormOf(redirect: Redirect): RedirectForm {
  return {
    type: canonicalRedirectType(redirect.type),
    fromUrl: redirect.fromUrl,
    toUrl: redirect.toUrl,
    httpStatus: redirect.httpStatus === 301 ? 301 : 302,
    force: redirect.force,
    enabled: redirect.enabled,
    description: redirect.description,
    position: redirect.position,
  };
}

/** True when the type uses from_url and to_url (page, exact). */
export function typeUsesUrls(type: string): boolean {
  return requiredFields(type).length > 0;
}

/**
 * The body of a create (POST) or a full update (PUT). Types without URLs send them empty, as
 * the server stores them anyway; a PUT carries every field so nothing is reset by omission.
 */
export function redirectInputOf(form: RedirectForm, whole: boolean): RedirectInput {
  const urls = typeUsesUrls(form.type);
  return {
    type: form.type,
    fromUrl: urls ? form.fromUrl : '',
    toUrl: urls ? form.toUrl : '',
    httpStatus: form.httpStatus,
    force: form.force,
    enabled: form.enabled,
    description: form.description,
    ...(whole || form.position !== undefined ? { position: form.position ?? 0 } : {}),
  };
}

/**
 * The types a server takes, from its list (`redirectTypesFromOptions`): the redirect input offers
 * them and the redirects file accepts them. The service still lists the removed names (`prefix`)
 * and the renamed ones (`sphinx_html`), which it then refuses; a server that lists a renamed type
 * without its new name (an older Read the Docs, with the API description's types) takes its list.
 */
export function offeredRedirectTypes(choices: readonly Choice[]): Choice[] {
  const codes = new Set(choices.map((c) => c.code));
  const older = choices.some((c) => canonicalRedirectType(c.code) !== c.code && !codes.has(canonicalRedirectType(c.code)));
  return older ? [...choices] : choices.filter((c) => validateRedirectType(c.code) === undefined && canonicalRedirectType(c.code) === c.code);
}

/** The types a project's server takes (its OPTIONS answer), else the known four when it gives no usable list. */
export async function serverRedirectTypes(
  client: { readonly redirects: { metadata(project: string, options?: CallOptions): Promise<unknown> } }, projectSlug: string, logger: Logger,
): Promise<readonly Choice[]> {
  try {
    const offered = offeredRedirectTypes(redirectTypesFromOptions(await client.redirects.metadata(projectSlug, { priority: 'user' })));
    return offered.length > 0 ? offered : REDIRECT_TYPE_CHOICES;
  } catch (error) {
    componentLogger(logger, 'manage').debug(`redirects: no type list from OPTIONS (${errorDetail(error)}); using the known types`);
    return REDIRECT_TYPE_CHOICES;
  }
}

/** The field a rule message (bare-array body) is about, so it lands on that step. */
export function redirectFieldOfMessage(message: string): string | undefined {
  // The limit message suggests "a wildcard redirect": no step fixes it.
  if (isRedirectLimitMessage(message)) return undefined;
  if (/\$rest/.test(message)) return 'from_url';
  if (/:splat/.test(message)) return 'to_url';
  if (/wildcard/i.test(message)) return 'from_url';
  if (/only one redirect of type/i.test(message)) return 'type';
  return undefined;
}

/** The server's "reached the limit of N redirects" refusal (community: 100; business: per plan). */
export function isRedirectLimitMessage(message: string): boolean {
  return /limit/i.test(message) && /redirect/i.test(message);
}

export function redirectLimitExplanation(edition: 'community' | 'business', serverMessage?: string): string {
  const rule = edition === 'community'
    ? l10n.t('Read the Docs Community allows at most {0} redirects per project.', COMMUNITY_REDIRECT_LIMIT)
    : l10n.t('Your Read the Docs for Business plan limits the number of redirects per project.');
  return [
    serverMessage,
    rule,
    l10n.t('Delete redirects you no longer need, or replace several with one wildcard redirect (an exact redirect from /old/* to /new/:splat).'),
  ].filter(Boolean).join(' ');
}

/** "/old.html → /new.html" for page and exact; the type's name for the others. */
export function redirectSummary(redirect: { readonly type: string; readonly fromUrl: string; readonly toUrl: string }, typeName?: string): string {
  if (!typeUsesUrls(canonicalRedirectType(redirect.type))) return typeName ?? redirect.type;
  return `${redirect.fromUrl || '/'} → ${redirect.toUrl || '/'}`;
}
