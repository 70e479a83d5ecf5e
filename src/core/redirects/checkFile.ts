/**
 * The checks of a parsed redirects file beyond its shape: the same per-type rules as the redirect
 * input (core/validation/redirects), rules that can never fire because an earlier entry has the
 * same type and from_url, and the community limit. The diagnostics and Apply both use this.
 */
import { l10n } from '../l10n';
import { type Edition } from '../api/client';
import { COMMUNITY_REDIRECT_LIMIT, REDIRECT_TYPES, type RedirectField, canonicalRedirectType, validateRedirect } from '../validation/redirects';
import { type FileProblem, type ParsedRedirectsFile, type RuleField, type TextRange } from './fileFormat';
import { ruleKey, ruleUsesUrls } from './rule';

/**
 * `serverTypes`: the types the project's server takes (`offeredRedirectTypes` of its OPTIONS answer),
 * when known; without it, the service's four.
 */
/** After an edit, an open redirects file is checked again once typing has paused this long (ms). */
export const REDIRECTS_FILE_CHECK_DELAY_MS = 300;

export function checkRedirectsFile(file: ParsedRedirectsFile, edition?: Edition, serverTypes?: readonly string[]): FileProblem[] {
  const problems = [...file.problems];
  const known: readonly string[] = serverTypes ?? REDIRECT_TYPES;
  const firstOfKey = new Map<string, number>();
  // One rule per type seen so far is all the one-per-project rule of the clean/html types needs.
  const earlierTypes = new Map<string, { readonly type: string }>();
  file.entries.forEach((entry) => {
    const { rule, fields, range, index } = entry;
    const at = (field: RuleField): TextRange => fields[field] ?? fields.type ?? range;
    const say = (field: RuleField, message: string, severity: FileProblem['severity'] = 'error') =>
      problems.push({ severity, message: l10n.t('Redirect {0}: {1}', index + 1, message), range: at(field), entry: index });
    if (!known.includes(rule.type)) {
      const renamed = canonicalRedirectType(rule.type);
      say('type', renamed !== rule.type && known.includes(renamed)
        ? l10n.t('the type {0} was renamed: write {1}.', rule.type, renamed)
        : rule.type === 'prefix'
          ? l10n.t('prefix redirects were removed: use an exact redirect from /prefix/* to /new-prefix/:splat.')
          : l10n.t('unknown type "{0}" ({1}).', rule.type, known.join(', ')));
      return;
    }
    const errors = validateRedirect({
      type: rule.type, from_url: rule.fromUrl, to_url: rule.toUrl, http_status: rule.httpStatus, description: rule.description,
    }, [...earlierTypes.values()], serverTypes);
    if (!earlierTypes.has(rule.type)) earlierTypes.set(rule.type, { type: rule.type });
    for (const [field, message] of Object.entries(errors) as [RedirectField, string][]) {
      say(field === 'position' ? 'type' : field, lowerFirst(message));
    }
    if (!ruleUsesUrls(rule.type)) {
      for (const field of ['from_url', 'to_url'] as const) {
        if (fields[field]) say(field, l10n.t('{0} redirects do not use {1}: it is ignored.', rule.type, field), 'warning');
      }
      return;
    }
    const key = ruleKey(rule);
    const first = firstOfKey.get(key);
    if (first === undefined) firstOfKey.set(key, index);
    else {
      say('from_url', l10n.t('same type and from_url as redirect {0}, which comes first: only the first enabled one of them is used.', first + 1), 'warning');
    }
  });
  if (edition === 'community' && file.entries.length > COMMUNITY_REDIRECT_LIMIT) {
    const last = file.entries[COMMUNITY_REDIRECT_LIMIT]!;
    problems.push({
      severity: 'error',
      message: l10n.t('Read the Docs Community allows at most {0} redirects per project; this file has {1}. Replace several with one wildcard redirect (/old/* → /new/:splat).', COMMUNITY_REDIRECT_LIMIT, file.entries.length),
      range: last.range,
      entry: COMMUNITY_REDIRECT_LIMIT,
    });
  }
  return problems.sort((a, b) => a.range.start - b.range.start);
}

export function hasErrors(problems: readonly FileProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

function lowerFirst(message: string): string {
  return /^[A-Z][a-z]/.test(message) ? message[0]!.toLowerCase() + message.slice(1) : message;
}
