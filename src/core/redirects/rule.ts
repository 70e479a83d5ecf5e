/**
 * A redirect rule as the redirects file and the plan see it: what a person sets, without the
 * server's pk, position or dates (position is the place in the list). Compared in the server's
 * stored form (FACTS.md §12 and §20: `Redirect.save` normalisation), so `/docs/` in a file and
 * `/docs` on the server are the same rule.
 */
import { redirectFormOf, redirectSummary } from '../manage/redirects';
import { type Redirect, type RedirectInput, type RedirectSetting } from '../models/redirect';
import { canonicalRedirectType, requiredFields } from '../validation/redirects';
import { hasWebScheme } from '../validation/urls';
import { trimEndOf } from '../util/trim';

export interface RedirectRule {
  readonly type: string;
  readonly fromUrl: string;
  readonly toUrl: string;
  readonly httpStatus: 301 | 302;
  readonly force: boolean;
  readonly enabled: boolean;
  readonly description: string;
  /** From a server that did not say these (before 10.14): compared with nothing. */
  readonly unsaid?: readonly RedirectSetting[];
}

/** What a field left out of a file entry means: what the server stores when a create omits it. */
export const RULE_DEFAULTS = { httpStatus: 302, force: false, enabled: true, description: '' } as const;

export function ruleOfRedirect(redirect: Redirect): RedirectRule {
  const { position: _position, ...rule } = redirectFormOf(redirect);
  // The type as the server stores it (the edit form's renaming is for the service, which refuses old names).
  return normalizeRule({ ...rule, type: redirect.type, ...(redirect.unsaid ? { unsaid: redirect.unsaid } : {}) });
}

/** The body of a create or a full update (PUT) carrying the rule at `position`. */
export function inputOfRule(rule: RedirectRule, position: number): RedirectInput {
  return { ...rule, position };
}

/** `page /old.html → /new.html`; the type alone for the types without URLs. */
export function ruleLabel(rule: Pick<RedirectRule, 'type' | 'fromUrl' | 'toUrl'>): string {
  return ruleUsesUrls(rule.type) ? `${rule.type} ${redirectSummary(rule)}` : rule.type;
}

/** True for the types whose from_url/to_url are used (page, exact). */
export function ruleUsesUrls(type: string): boolean {
  return requiredFields(canonicalRedirectType(type)).length > 0;
}

/** `normalize_from_url`: one leading slash, no trailing slash (`/docs/` → `/docs`; empty → `/`). */
export function normalizeFromUrl(path: string): string {
  return `/${trimEndOf(path, '/').replace(/^\/+/, '')}`;
}

/** `normalize_to_url`: one leading slash unless it is an http(s) URL. */
export function normalizeToUrl(path: string): string {
  return hasWebScheme(path) ? path : `/${path.replace(/^\/+/, '')}`;
}

/**
 * The rule as the server stores it: normalised URLs (none for the clean/html types). The type stays
 * as written: a server that takes `sphinx_html` (an older one) stores it so; the service refuses it,
 * and the file's checks say so before anything is planned.
 */
export function normalizeRule(rule: RedirectRule): RedirectRule {
  const urls = ruleUsesUrls(rule.type);
  return {
    ...rule,
    fromUrl: urls ? normalizeFromUrl(rule.fromUrl) : '',
    toUrl: urls ? normalizeToUrl(rule.toUrl) : '',
  };
}

/**
 * What identifies a rule across the file and the server: its type and where it redirects from
 * (the clean/html types exist once per project, so the type alone).
 */
export function ruleKey(rule: RedirectRule): string {
  const normal = normalizeRule(rule);
  return ruleUsesUrls(normal.type) ? `${normal.type} ${normal.fromUrl}` : normal.type;
}

/** Same rule in every field the server stores and said (both sides normalised). */
export function sameRule(a: RedirectRule, b: RedirectRule): boolean {
  return changedFields(a, b).length === 0;
}

/** The same rules in the same order. */
export function sameRules(a: readonly RedirectRule[], b: readonly RedirectRule[]): boolean {
  return a.length === b.length && a.every((rule, i) => sameRule(rule, b[i]!));
}

/** The fields that differ, by their file names (for a plan row: "to_url, http_status"). */
export function changedFields(from: RedirectRule, to: RedirectRule): string[] {
  const x = normalizeRule(from);
  const y = normalizeRule(to);
  const said = (setting: RedirectSetting) => !x.unsaid?.includes(setting) && !y.unsaid?.includes(setting);
  const fields: [string, unknown, unknown, boolean][] = [
    ['type', x.type, y.type, true], ['from_url', x.fromUrl, y.fromUrl, true], ['to_url', x.toUrl, y.toUrl, true],
    ['http_status', x.httpStatus, y.httpStatus, said('httpStatus')], ['force', x.force, y.force, said('force')],
    ['enabled', x.enabled, y.enabled, said('enabled')], ['description', x.description, y.description, said('description')],
  ];
  return fields.filter(([, a, b, compared]) => compared && a !== b).map(([name]) => name);
}
