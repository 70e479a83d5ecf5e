import type { CleanElement } from '../cleanNode';

// Sphinx marks code with `highlight-<lexer>` on a wrapper div; Markdown tools put `language-<name>` on <code>.
const LANGUAGE_CLASS = /(?:^|\s)(?:highlight|language)-([\w+-]+)/;
const ALIASES: Readonly<Record<string, string>> = { default: 'python', python3: 'python', py: 'python', py3: 'python' };
const PLAIN = new Set(['none', 'text', 'plain', 'plaintext']);

/** The fenced-code language named by the element's classes, '' for plain text, undefined when it names none. */
export function codeLanguage(element: CleanElement): string | undefined {
  const name = LANGUAGE_CLASS.exec(element.attrs.class ?? '')?.[1].toLowerCase();
  if (name === undefined) return undefined;
  if (PLAIN.has(name)) return '';
  return Object.hasOwn(ALIASES, name) ? ALIASES[name] : name;
}
