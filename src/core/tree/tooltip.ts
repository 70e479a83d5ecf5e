import { type TimeWords, formatDateTime } from '../builds/facts';
import { escapeMarkdown } from '../html/markdown/escape';
import { l10n } from '../l10n';
import { type Project } from '../models/project';
import { isWebUrl } from '../validation/urls';

/** The Markdown of tooltips: remote text escaped, links only for http(s) URLs, one field a line. */

/** Remote text, escaped for Markdown. */
export function md(text: string): string {
  return escapeMarkdown(text).replace(/\r?\n/g, ' ');
}

export function field(name: string, value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : l10n.t('{0}: {1}', name, md(value));
}

/** A link only for http(s) URLs; anything else is shown as text. */
export function link(name: string, url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (!isWebUrl(url)) return field(name, url);
  return l10n.t('{0}: {1}', name, `[${md(url)}](${encodeURI(decodeSafe(url)).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)})`);
}

function decodeSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
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
