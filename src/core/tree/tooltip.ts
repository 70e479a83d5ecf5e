import { type TimeWords, formatDateTime } from '../builds/facts';
import { escapeMarkdown } from '../html/markdown/escape';
import { type Project } from '../models/project';
import { isWebUrl } from '../validation/urls';

/** The Markdown of tooltips: remote text escaped, links only for http(s) URLs, one field a line. */

/** Remote text, escaped for Markdown. */
export function md(text: string): string {
  return escapeMarkdown(text).replace(/\r?\n/g, ' ');
}

export function field(name: string, value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : `${name}: ${md(value)}`;
}

/** A link only for http(s) URLs; anything else is shown as text. */
export function link(name: string, url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (!isWebUrl(url)) return field(name, url);
  return `${name}: [${md(url)}](${encodeURI(decodeSafe(url)).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)})`;
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
    field('Slug', p.slug),
    field('Repository', p.repository.url || undefined),
    field('Default version', p.defaultVersion),
    field('Default branch', p.defaultBranch),
    field('Language', `${p.language.name} (${p.language.code})`),
    field('Programming language', p.programmingLanguage.name),
    field('Privacy', p.privacyLevel),
    field('Organization', p.organization),
    field('Teams', p.teams?.length ? p.teams.join(', ') : undefined),
    field('Subproject of', p.subprojectOf),
    field('Translation of', p.translationOf),
    field('Tags', p.tags.length ? p.tags.join(', ') : undefined),
    link('Documentation', p.urls.documentation),
    link('Project home', p.urls.home),
    link('Homepage', p.homepage),
  ]);
}
