/**
 * Redirect types for the "create redirect" quick pick (FACTS.md §12). The fallback list is the real
 * service's four types: the spec's older names (`prefix`, `sphinx_html`, `sphinx_htmldir`) are
 * refused by the real service, so they are never offered.
 */
import { l10n } from '../l10n';
import type { Choice } from './choice';
import { choicesFromOptions } from './optionsMetadata';

export const REDIRECT_TYPE_CHOICES: readonly Choice[] = [
  { code: 'page', get name() { return l10n.t('Page Redirect'); }, get detail() { return l10n.t('Page redirect: /old.html → /new.html in every version'); } },
  { code: 'exact', get name() { return l10n.t('Exact Redirect'); }, get detail() { return l10n.t('Exact redirect: full path incl. /en/latest/, supports * and :splat'); } },
  { code: 'clean_url_to_html', get name() { return l10n.t('Clean URL to HTML'); }, detail: '…/page/ → …/page.html' },
  { code: 'html_to_clean_url', get name() { return l10n.t('HTML to clean URL'); }, detail: '…/page.html → …/page/' },
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
