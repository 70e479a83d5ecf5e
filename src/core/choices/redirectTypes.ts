/**
 * Redirect types for the "create redirect" quick pick (FACTS.md §12). The fallback list is the real
 * service's four types: the spec's older names (`prefix`, `sphinx_html`, `sphinx_htmldir`) are
 * refused by the real service, so they are never offered.
 */
import type { Choice } from './choice';
import { choicesFromOptions } from './optionsMetadata';

export const REDIRECT_TYPE_CHOICES: readonly Choice[] = [
  { code: 'page', name: 'Page Redirect', detail: 'Page redirect: /old.html → /new.html in every version' },
  { code: 'exact', name: 'Exact Redirect', detail: 'Exact redirect: full path incl. /en/latest/, supports * and :splat' },
  { code: 'clean_url_to_html', name: 'Clean URL to HTML', detail: '…/page/ → …/page.html' },
  { code: 'html_to_clean_url', name: 'HTML to clean URL', detail: '…/page.html → …/page/' },
];

/**
 * The types offered by the server's `OPTIONS` answer on the redirects endpoint (with our one-line
 * explanation for the types we know), or `REDIRECT_TYPE_CHOICES` when the answer has no usable list.
 */
export function redirectTypesFromOptions(optionsBody: unknown): readonly Choice[] {
  const offered = choicesFromOptions(optionsBody, 'type');
  if (!offered) return REDIRECT_TYPE_CHOICES;
  return offered.map((choice) => {
    const detail = REDIRECT_TYPE_CHOICES.find((known) => known.code === choice.code)?.detail;
    return detail === undefined ? choice : { ...choice, detail };
  });
}
