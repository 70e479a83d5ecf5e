/**
 * The projects list filtered by the API's own filters (`name`, `slug`: contains; `language`,
 * `programming_language`: exact codes; FACTS.md §8): how a person types one, and how a view says
 * which one is on.
 */
import { l10n } from '../l10n';
import { type ProjectFilters } from '../api/endpoints/projects';
import { type Choice } from '../choices/choice';
import { LANGUAGES } from '../choices/languages';
import { PROGRAMMING_LANGUAGES } from '../choices/programmingLanguages';

export type ProjectFilterResult =
  | { readonly ok: true; readonly filter: ProjectFilters }
  | { readonly ok: false; readonly reason: string };

type Key = keyof ProjectFilters;

/** Words a person may type before `:`, for each filter. */
const KEY_NAMES: Readonly<Record<string, Key>> = {
  name: 'name',
  slug: 'slug',
  language: 'language',
  lang: 'language',
  programming_language: 'programmingLanguage',
  'programming-language': 'programmingLanguage',
  programming: 'programmingLanguage',
  pl: 'programmingLanguage',
};

/** Order and wording in descriptions and in the input text. */
const KEYS: readonly { readonly key: Key; readonly label: string; readonly input: string }[] = [
  { key: 'name', get label() { return l10n.t('name'); }, input: 'name' },
  { key: 'slug', get label() { return l10n.t('slug'); }, input: 'slug' },
  { key: 'language', get label() { return l10n.t('language'); }, input: 'language' },
  { key: 'programmingLanguage', get label() { return l10n.t('programming language'); }, input: 'programming_language' },
];

export const projectFilterHelp = (): string => l10n.t('Words match the name; also slug:…, language:en, programming_language:py (quote values with spaces).');

/** True when no filter is set (empty strings count as unset). */
export function isProjectFilterEmpty(filter: ProjectFilters): boolean {
  return KEYS.every(({ key }) => !filter[key]);
}

/** "name: foo, language: en" for a view's description; undefined when nothing is filtered. */
export function describeProjectFilter(filter: ProjectFilters): string | undefined {
  const parts = KEYS.filter(({ key }) => filter[key]).map(({ key, label }) => l10n.t('{0}: {1}', label, filter[key]!));
  return parts.length ? parts.join(', ') : undefined;
}

/** The filter as text `parseProjectFilter` reads back: to pre-fill the input with the current filter. */
export function formatProjectFilter(filter: ProjectFilters): string {
  return KEYS.filter(({ key }) => filter[key]).map(({ key, input }) => `${input}:${quote(filter[key]!)}`).join(' ');
}

/**
 * Reads what a person typed: `key:value` pairs (`name`, `slug`, `language`/`lang`,
 * `programming_language`/`pl`; values may be "quoted"), other words are the name. Languages are
 * accepted by code or English name (`fr`, `French`) and become codes; an unknown one is an error,
 * because the server would silently answer with an empty list. Empty text is the empty filter.
 */
export function parseProjectFilter(text: string): ProjectFilterResult {
  const tokens = tokenize(text);
  if (typeof tokens === 'string') return { ok: false, reason: tokens };
  const filter: Record<string, string> = {};
  const words: string[] = [];
  for (const token of tokens) {
    if (token.key === undefined) {
      words.push(token.value);
      continue;
    }
    const key = KEY_NAMES[token.key.toLowerCase()];
    if (!key) return { ok: false, reason: l10n.t('Unknown filter "{0}:". {1}', token.key, projectFilterHelp()) };
    if (filter[key] !== undefined) return { ok: false, reason: l10n.t('"{0}:" is given twice.', token.key) };
    if (token.value === '') return { ok: false, reason: l10n.t('"{0}:" needs a value.', token.key) };
    filter[key] = token.value;
  }
  if (words.length) {
    if (filter.name !== undefined) return { ok: false, reason: l10n.t('Give the name either as plain words or as name:…, not both.') };
    filter.name = words.join(' ');
  }
  for (const [key, choices] of [['language', LANGUAGES], ['programmingLanguage', PROGRAMMING_LANGUAGES]] as const) {
    if (filter[key] === undefined) continue;
    const code = choiceCode(choices, filter[key]);
    if (!code) {
      const reason = key === 'language'
        ? l10n.t('Unknown language "{0}": use a code such as {1} or a name such as {2}.', filter[key], choices[1].code, choices[1].name)
        : l10n.t('Unknown programming language "{0}": use a code such as {1} or a name such as {2}.', filter[key], choices[1].code, choices[1].name);
      return { ok: false, reason };
    }
    filter[key] = code;
  }
  return { ok: true, filter };
}

/** `parseProjectFilter` as an input-box validator: the reason, or undefined when the text is fine. */
export function validateProjectFilter(text: string): string | undefined {
  const result = parseProjectFilter(text);
  return result.ok ? undefined : result.reason;
}

interface Token {
  readonly key: string | undefined;
  readonly value: string;
}

/** `word`, `key:value`, `key:"a value"`, `"a phrase"`; an unclosed quote is an error (a string). */
function tokenize(text: string): Token[] | string {
  const tokens: Token[] = [];
  const pattern = /\s*(?:([A-Z_-]+):)?(?:"([^"]*)("?)|(\S*))/iy;
  let index = 0;
  while (index < text.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(text)!;
    index = pattern.lastIndex;
    const [whole, key, quoted, closing, bare] = match;
    if (whole.trim() === '') break;
    if (quoted !== undefined && closing !== '"') return l10n.t('A quote is not closed.');
    tokens.push({ key, value: (quoted ?? bare).trim() });
  }
  return tokens;
}

function quote(value: string): string {
  return /[\s"]/.test(value) || value === '' ? `"${value.replace(/"/g, '')}"` : value;
}

function choiceCode(choices: readonly Choice[], text: string): string | undefined {
  const wanted = text.toLowerCase();
  return choices.find((c) => c.code.toLowerCase() === wanted || c.name.toLowerCase() === wanted)?.code;
}
