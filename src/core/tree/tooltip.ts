import { type TimeWords, formatDateTime } from '../builds/facts';
import { escapeMarkdown, linkDestination } from '../html/markdown/escape';
import { l10n } from '../l10n';
import { type Project } from '../models/project';
import { webUrlOf } from '../validation/urls';

/** The Markdown of tooltips: remote text escaped, links only for http(s) URLs, one field a line. */

/** Remote text, escaped for Markdown. */
export function md(text: string): string {
  return escapeMarkdown(text).replace(/\r?\n/g, ' ');
}

export function field(name: string, value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : l10n.t('{0}: {1}', name, md(value));
}

/**
 * A link only for http(s) URLs, to the checked URL's `href` (never the text as written: Markdown reads
 * `https://github.com\@evil.example/` as a link to evil.example); anything else is shown as text.
 */
export function link(name: string, url: string | undefined): string | undefined {
  if (!url) return undefined;
  const checked = webUrlOf(url);
  if (!checked) return field(name, url);
  return l10n.t('{0}: {1}', name, `[${md(url)}](${linkDestination(checked.href)})`);
}

/** Markdown lines; a blank-line-free list that renders one per line. */
export function lines(parts: readonly (string | undefined)[]): string {
  return parts.filter((p): p is string => !!p).join('  \n');
}

/** A server timestamp in the display language's words; what the server sent when it is not a date. */
export function dateTime(when: string | undefined, words: TimeWords = {}): string | undefined {
  return formatDateTime(when, words) ?? when;
}

export function projectTooltip(p: Project, heading?: string): string {
  return lines([
    `**${md(p.name)}**${heading ? ` · ${md(heading)}` : ''}`,
    field(l10n.t('Slug'), p.slug),
    link(l10n.t('Repository'), p.repository.url || undefined),
    field(l10n.t('Default version'), p.defaultVersion),
    field(l10n.t('Default branch'), p.defaultBranch),
    field(l10n.t('Language'), `${p.language.name} (${p.language.code})`),
    field(l10n.t('Programming language'), p.programmingLanguage.name),
    field(l10n.t('Privacy'), p.privacyLevel),
    field(l10n.t('Organization'), p.organization),
    field(l10n.t('Teams'), p.teams?.length ? p.teams.join(', ') : undefined),
    field(l10n.t('Subproject of'), p.subprojectOf),
    field(l10n.t('Translation of'), p.translationOf),
    field(l10n.t('Tags'), p.tags.length ? p.tags.join(', ') : undefined),
    link(l10n.t('Documentation'), p.urls.documentation),
    link(l10n.t('Project home'), p.urls.home),
    link(l10n.t('Homepage'), p.homepage),
  ]);
}

export function yesNo(value: boolean): string {
  return value ? l10n.t('yes') : l10n.t('no');
}
