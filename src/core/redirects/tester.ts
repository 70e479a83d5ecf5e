/**
 * Which redirect fires for a URL, by Read the Docs' own rules (FACTS.md §20;
 * `rtd:readthedocs/redirects/{models,querysets}.py`, `rtd:readthedocs/proxito/views/{serve,mixins}.py`):
 * forced rules are tried before the page is served, the others only on a 404 (that pass includes
 * the forced ones); of the enabled rules that match, in position order, only the first is tried,
 * and when it would loop or lead back to the same URL nothing fires.
 */
import { l10n } from '../l10n';
import { type SchemeFields, versionPathPrefix, versioningSchemeOf } from '../models/versioningScheme';
import { type RedirectRule, normalizeRule, ruleLabel } from './rule';
import { hasWebScheme } from '../validation/urls';
import { trimEndOf, beforeFirstOf } from '../util/trim';

/** How the project's URLs are laid out (its `versioning_scheme`) and what fills a page rule's target. */
export interface ProjectUrls extends SchemeFields {
  /** The project's language code (`en`). */
  readonly language: string;
  /** The version a path without one resolves to (`latest`). */
  readonly defaultVersion: string;
  /** Languages of the project's translations: their paths are served (and redirected) by the translation. */
  readonly translationLanguages?: readonly string[];
}

export type Verdict = 'fires' | 'loops' | 'shadowed' | 'disabled' | 'no-match' | 'not-for-this-path';

export interface RuleVerdict {
  /** 0-based position. */
  readonly index: number;
  readonly rule: RedirectRule;
  readonly verdict: Verdict;
  readonly reason: string;
}

export interface Firing {
  readonly index: number;
  readonly rule: RedirectRule;
  /** Where the visitor is sent, or undefined when the rule would loop (then nothing fires). */
  readonly location: string | undefined;
  /** Undefined when the server did not say the rule's status (before 10.14): it may be either. */
  readonly status: 301 | 302 | undefined;
  readonly reason?: string;
}

export interface RedirectTest {
  /** The request as Read the Docs splits it. */
  readonly path: string;
  readonly filename: string | undefined;
  readonly language: string | undefined;
  readonly version: string | undefined;
  /** Set when the URL is not served by this project (a translation or a subproject). */
  readonly elsewhere?: string;
  /** The rule tried before serving the page (forced), and what it does. */
  readonly forced: Firing | undefined;
  /** The rule tried when the page does not exist. */
  readonly notFound: Firing | undefined;
  readonly rules: readonly RuleVerdict[];
  /** One or two sentences for a person. */
  readonly summary: string;
}

interface Request {
  readonly origin: string | undefined;
  readonly host: string | undefined;
  readonly path: string;
  readonly query: string;
  readonly filename: string | undefined;
  readonly language: string | undefined;
  readonly version: string | undefined;
  /** True when the path names a version (the forced pass runs before serving it). */
  readonly resolved: boolean;
  readonly elsewhere?: string;
}

export function testRedirects(url: string, rules: readonly RedirectRule[], project: ProjectUrls): RedirectTest {
  const request = splitRequest(url, project);
  const normal = rules.map(normalizeRule);
  if (request.elsewhere) {
    const verdicts = normal.map((rule, index) => ({ index, rule, verdict: 'not-for-this-path' as const, reason: request.elsewhere! }));
    return { ...requestFields(request), forced: undefined, notFound: undefined, rules: verdicts, summary: l10n.t('No redirect of this project applies: {0}', request.elsewhere) };
  }
  const considered = normal.map((rule) => typeApplies(rule.type, request.filename));
  const matches = normal.map((rule, index) => considered[index] === undefined && matchesRule(rule, request));
  const candidates = normal.map((rule, index) => matches[index]! && rule.enabled);
  const forcedIndex = request.resolved ? normal.findIndex((rule, index) => candidates[index] && rule.force) : -1;
  const notFoundIndex = candidates.indexOf(true);
  const forced = forcedIndex >= 0 ? fire(forcedIndex, normal[forcedIndex]!, request, project) : undefined;
  const notFound = notFoundIndex >= 0 ? fire(notFoundIndex, normal[notFoundIndex]!, request, project) : undefined;

  const verdicts: RuleVerdict[] = normal.map((rule, index) => {
    const verdict = (v: Verdict, reason: string): RuleVerdict => ({ index, rule, verdict: v, reason });
    if (considered[index] !== undefined) return verdict('not-for-this-path', considered[index]!);
    if (!matches[index]) return verdict('no-match', noMatchReason(rule, request));
    if (!rule.enabled) return verdict('disabled', l10n.t('It matches, but it is disabled.'));
    const firing = index === forcedIndex ? forced : index === notFoundIndex ? notFound : undefined;
    if (firing) {
      return firing.location === undefined
        ? verdict('loops', firing.reason ?? l10n.t('It would loop.'))
        : verdict('fires', index === forcedIndex ? l10n.t('It matches and is forced: it applies even when the page exists.') : l10n.t('It is the first enabled rule that matches: it applies when the page does not exist.'));
    }
    const winner = index > notFoundIndex ? notFoundIndex : forcedIndex;
    return verdict('shadowed', l10n.t('It matches, but redirect {0} comes first and only the first matching rule is tried.', winner + 1));
  });
  return { ...requestFields(request), forced, notFound, rules: verdicts, summary: summarize(forced, notFound, verdicts) };
}

/** The first enabled rule of some kind, and the first of them that is forced (`-1`: none). */
interface FirstRules { first: number; firstForced: number }

function noteRule(firsts: FirstRules, index: number, rule: RedirectRule): void {
  if (firsts.first < 0) firsts.first = index;
  if (rule.force && firsts.firstForced < 0) firsts.firstForced = index;
}

/**
 * The rules of one list indexed for `firings`: exact `from_url`s in a map, wildcards by their prefix
 * (a path is looked up by its prefixes of the lengths they have), the html/clean URL rules by type. Built
 * once per list, in one pass; a URL then costs its length, not the number of rules. Only enabled
 * rules are kept: a disabled one never fires.
 */
export class RedirectIndex {
  private readonly normal: readonly RedirectRule[];
  /** Per type (`page`, `exact`): exact `from_url` and wildcard prefix → first rules. */
  private readonly exact = new Map<string, Map<string, FirstRules>>();
  private readonly prefix = new Map<string, Map<string, FirstRules>>();
  /** Per type, the lengths its wildcard prefixes have: only those prefixes of a path are looked up. */
  private readonly prefixLengths = new Map<string, number[]>();
  /** `clean_url_to_html`, `html_to_clean_url` → first rules. */
  private readonly byType = new Map<string, FirstRules>();

  constructor(rules: readonly RedirectRule[]) {
    this.normal = rules.map(normalizeRule);
    this.normal.forEach((rule, index) => {
      if (!rule.enabled) return;
      if (rule.type === 'page' || rule.type === 'exact') {
        const wildcard = rule.fromUrl.endsWith('*');
        const tables = wildcard ? this.prefix : this.exact;
        let table = tables.get(rule.type);
        if (!table) tables.set(rule.type, table = new Map());
        const key = wildcard ? rule.fromUrl.slice(0, -1) : rule.fromUrl;
        let firsts = table.get(key);
        if (!firsts) table.set(key, firsts = { first: -1, firstForced: -1 });
        noteRule(firsts, index, rule);
        if (wildcard) {
          const lengths = this.prefixLengths.get(rule.type) ?? [];
          if (!lengths.includes(key.length)) this.prefixLengths.set(rule.type, [...lengths, key.length]);
        }
      } else if (rule.type === 'clean_url_to_html' || rule.type === 'html_to_clean_url') {
        let firsts = this.byType.get(rule.type);
        if (!firsts) this.byType.set(rule.type, firsts = { first: -1, firstForced: -1 });
        noteRule(firsts, index, rule);
      }
    });
  }

  /** What `testRedirects(url, rules, project)` says fires (`forced`, `notFound`), without judging every rule. */
  firings(url: string, project: ProjectUrls): Pick<RedirectTest, 'forced' | 'notFound'> {
    return this.firingsOf(splitRequest(url, project), project);
  }

  /** `firings` of a request already split (`splitRequest`), for several lists of rules. */
  firingsOf(request: ReturnType<typeof splitRequest>, project: ProjectUrls): Pick<RedirectTest, 'forced' | 'notFound'> {
    if (request.elsewhere) return { forced: undefined, notFound: undefined };
    let notFoundIndex = Infinity;
    let forcedIndex = Infinity;
    const take = (firsts: FirstRules | undefined) => {
      if (!firsts) return;
      if (firsts.first >= 0) notFoundIndex = Math.min(notFoundIndex, firsts.first);
      if (firsts.firstForced >= 0) forcedIndex = Math.min(forcedIndex, firsts.firstForced);
    };
    for (const type of ['page', 'exact']) {
      const subject = type === 'exact' ? request.path : request.filename;
      if (subject === undefined) continue;
      take(this.exact.get(type)?.get(stripSlash(subject)));
      const prefixes = this.prefix.get(type);
      for (const length of this.prefixLengths.get(type) ?? []) if (length <= subject.length) take(prefixes?.get(subject.slice(0, length)));
    }
    for (const [type, firsts] of this.byType) if (typeApplies(type, request.filename) === undefined) take(firsts);
    const firing = (index: number) => (index === Infinity ? undefined : fire(index, this.normal[index]!, request, project));
    return { forced: request.resolved ? firing(forcedIndex) : undefined, notFound: firing(notFoundIndex) };
  }
}

function requestFields(request: Request) {
  return { path: request.path, filename: request.filename, language: request.language, version: request.version, elsewhere: request.elsewhere };
}

/** Splits a URL or path into what `unresolve_path` would find: language, version, filename. */
export function splitRequest(url: string, project: ProjectUrls): Request {
  const absolute = hasWebScheme(url.trim(), true);
  const parsed = new URL(url.trim(), 'http://docs.invalid');
  const origin = absolute ? parsed.origin : undefined;
  const host = absolute ? parsed.hostname : undefined;
  const path = `/${safeDecode(parsed.pathname).replace(/^\/+/, '')}`;
  const query = parsed.search.replace(/^\?/, '');
  const base = { origin, host, path, query };
  const segments = path.split('/').slice(1);
  if (segments[0] === 'projects' && segments.length > 2) {
    return { ...base, filename: undefined, language: undefined, version: undefined, resolved: false, elsewhere: l10n.t('{0} is served by the subproject "{1}", whose own redirects apply.', path, segments[1]!) };
  }
  const scheme = versioningSchemeOf(project);
  if (scheme === 'single_version_without_translations') {
    return { ...base, filename: path, language: undefined, version: undefined, resolved: true };
  }
  if (scheme === 'multiple_versions_without_translations') {
    return segments.length >= 2
      ? { ...base, version: segments[0], language: undefined, filename: `/${segments.slice(1).join('/')}`, resolved: true }
      : { ...base, version: undefined, language: undefined, filename: path, resolved: false };
  }
  const [first, second] = segments;
  if (first !== undefined && first.toLowerCase() === project.language.toLowerCase()) {
    if (second === undefined || second === '') return { ...base, language: first, version: undefined, filename: path, resolved: false };
    return { ...base, language: first, version: second, filename: `/${segments.slice(2).join('/')}`, resolved: true };
  }
  const translations = (project.translationLanguages ?? []).map((l) => l.toLowerCase());
  if (first !== undefined && segments.length > 2 && translations.includes(first.toLowerCase())) {
    return { ...base, filename: undefined, language: first, version: undefined, resolved: false, elsewhere: l10n.t('{0} is in the language "{1}": a translation serves it, with its own redirects.', path, first) };
  }
  // `InvalidPathForVersionedProjectError`: the whole path is the filename; targets use the defaults.
  return { ...base, language: undefined, version: undefined, filename: path, resolved: false };
}

/** Undefined when the type is looked at for this filename, else why not (`get_matching_redirect_with_path`). */
function typeApplies(type: string, filename: string | undefined): string | undefined {
  if (type === 'page' || type === 'exact') return undefined;
  const name = filename ?? '';
  if (name === '/' || name === '/index.html') return l10n.t('The root page is only matched by page and exact rules.');
  if (type === 'clean_url_to_html') return name.endsWith('/') || name.endsWith('/index.html') ? undefined : l10n.t('Clean URL to HTML only applies to paths ending in / or /index.html.');
  if (type === 'html_to_clean_url') return name.endsWith('.html') && !name.endsWith('/index.html') ? undefined : l10n.t('HTML to clean URL only applies to paths ending in .html (not /index.html).');
  return l10n.t('Read the Docs does not apply redirects of type {0}.', type);
}

function stripSlash(path: string): string {
  const stripped = trimEndOf(path, '/');
  return stripped === '' ? '/' : stripped;
}

/** The path a rule is matched against: the filename for page rules, the whole path for exact ones. */
function subjectOf(rule: RedirectRule, request: Request): string | undefined {
  return rule.type === 'exact' ? request.path : request.filename;
}

function matchesRule(rule: RedirectRule, request: Request): boolean {
  if (rule.type !== 'page' && rule.type !== 'exact') return true;
  const subject = subjectOf(rule, request);
  if (subject === undefined) return false;
  return rule.fromUrl.endsWith('*') ? subject.startsWith(rule.fromUrl.slice(0, -1)) : stripSlash(subject) === rule.fromUrl;
}

function noMatchReason(rule: RedirectRule, request: Request): string {
  const subject = subjectOf(rule, request);
  const what = rule.type === 'exact' ? l10n.t('the path {0}', String(subject)) : l10n.t('the page path {0} (after /<language>/<version>)', String(subject));
  return rule.fromUrl.endsWith('*') ? l10n.t('{0} does not start with {1}.', what, rule.fromUrl.slice(0, -1)) : l10n.t('{0} is not {1}.', what, rule.fromUrl);
}

/** `get_redirect_path` then `get_redirect_response`: the Location, or why nothing is sent. */
function fire(index: number, rule: RedirectRule, request: Request, project: ProjectUrls): Firing {
  const base = { index, rule, status: rule.unsaid?.includes('httpStatus') ? undefined : rule.httpStatus };
  const loop = (reason: string): Firing => ({ ...base, location: undefined, reason });
  const target = targetOf(rule, request, project);
  if (target === 'loop') return loop(l10n.t('It would send {0} to a path below itself again and again ({1} → {2}), so Read the Docs sends nothing.', request.path, rule.fromUrl, rule.toUrl));
  if (!target) return loop(l10n.t('It has no target, so Read the Docs sends nothing.'));
  const external = hasWebScheme(target);
  const targetUrl = new URL(target, `${request.origin ?? 'http://docs.invalid'}/`);
  const queries = [request.query, targetUrl.search.replace(/^\?/, '')].filter(Boolean).join('&');
  const newPath = external ? targetUrl.pathname : beforeFirstOf(target, '?#');
  const sameHost = !external || (request.host !== undefined && targetUrl.hostname === request.host);
  if (sameHost && newPath === request.path) return loop(l10n.t('It would redirect {0} to itself, so Read the Docs sends nothing.', request.path));
  const fragment = targetUrl.hash;
  const location = external
    ? `${targetUrl.origin}${targetUrl.pathname}${queries ? `?${queries}` : ''}${fragment}`
    : `${request.origin ?? ''}${newPath}${queries ? `?${queries}` : ''}${fragment}`;
  return { ...base, location };
}

function targetOf(rule: RedirectRule, request: Request, project: ProjectUrls): string | undefined | 'loop' {
  const filename = request.filename ?? '/';
  const within = (to: string) => (hasWebScheme(to) ? to : resolvePath(to, request, project));
  switch (rule.type) {
    case 'page': {
      const to = withWildcard(rule, filename);
      return to === 'loop' || !to ? to : within(to);
    }
    case 'exact':
      return withWildcard(rule, request.path);
    case 'clean_url_to_html': {
      const suffix = ['/', '/index.html'].find((s) => filename.endsWith(s));
      if (!suffix) return undefined;
      const stem = filename.slice(0, -suffix.length);
      return resolvePath(stem ? `${stem}.html` : 'index.html', request, project);
    }
    case 'html_to_clean_url':
      return resolvePath(`${filename.replace(/\.html$/, '')}/`, request, project);
    default:
      return undefined;
  }
}

/** `_redirect_with_wildcard`: `:splat` is what `*` matched; a rule that sends a path below itself again is a loop. */
function withWildcard(rule: RedirectRule, current: string): string | 'loop' {
  if (!rule.fromUrl.endsWith('*')) return rule.toUrl;
  const prefix = rule.fromUrl.slice(0, -1);
  if (rule.toUrl.includes(':splat')) {
    const toPrefix = rule.toUrl.split(':splat')[0]!;
    if (toPrefix.startsWith(prefix) && current.startsWith(toPrefix)) return 'loop';
  }
  return rule.toUrl.replaceAll(':splat', current.slice(prefix.length));
}

/** `Resolver.resolve_path`: the filename inside the request's language and version (the defaults when the path has none). */
function resolvePath(filename: string, request: Request, project: ProjectUrls): string {
  const prefix = versionPathPrefix(versioningSchemeOf(project), request.language ?? project.language, request.version ?? project.defaultVersion);
  return `${prefix}${filename.replace(/^\/+/, '')}`;
}

function summarize(forced: Firing | undefined, notFound: Firing | undefined, verdicts: readonly RuleVerdict[]): string {
  const name = (f: Firing) => l10n.t('Redirect {0} ({1})', f.index + 1, ruleLabel(f.rule));
  if (forced?.location) return l10n.t('{0} always fires (forced, even when the page exists): {1} to {2}.', name(forced), statusWords(forced), forced.location);
  const parts: string[] = [];
  if (forced) parts.push(l10n.t('{0} is forced but {1}', name(forced), lowerFirst(forced.reason ?? l10n.t('would loop'))));
  if (notFound?.location) {
    parts.push(l10n.t('{0} fires only when the page does not exist (404): {1} to {2}. When the page exists, it is served.', name(notFound), statusWords(notFound), notFound.location));
  } else if (notFound) {
    parts.push(l10n.t('{0} matches first, but {1} Later rules are not tried.', name(notFound), lowerFirst(notFound.reason ?? l10n.t('would loop'))));
  } else {
    const disabled = verdicts.filter((v) => v.verdict === 'disabled').map((v) => v.index + 1);
    parts.push(disabled.length === 0 ? l10n.t('No redirect fires for this URL.')
      : disabled.length === 1 ? l10n.t('No redirect fires for this URL; redirect {0} would match but is disabled.', disabled[0]!)
        : l10n.t('No redirect fires for this URL; redirect {0} would match but are disabled.', disabled.join(', ')));
  }
  return parts.join(' ');
}

/** `301`, or what the server left unsaid: it sends a status, but does not tell which. */
function statusWords(firing: Firing): string {
  return firing.status === undefined ? l10n.t('301 or 302 (the server does not tell which)') : String(firing.status);
}

function lowerFirst(text: string): string {
  return text ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** Django hands views the decoded path; a malformed escape stays as it is. */
function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
