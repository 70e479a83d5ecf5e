import { type AuthoringLanguage } from './referenceAt';

/** The VS Code languages whose references are read without a setting. */
export const AUTHORING_LANGUAGES: readonly AuthoringLanguage[] = ['restructuredtext', 'markdown'];

/**
 * How a document of VS Code's `languageId` is read: reStructuredText; Markdown, also under a
 * language id of `markdownLanguages` (`readthedocs.markdown.languages`: Zensical Studio's
 * `python-markdown`), and as `mkdocs` (autorefs) when it is a page of an MkDocs or Zensical layout;
 * undefined for any other language.
 */
export function authoringLanguage(languageId: string, markdownLanguages: ReadonlySet<string>, layoutPage = false): AuthoringLanguage | undefined {
  if (languageId === 'restructuredtext') return languageId;
  if (languageId !== 'markdown' && !markdownLanguages.has(languageId)) return undefined;
  return layoutPage ? 'mkdocs' : 'markdown';
}
