import { type Edition } from '../api/client';
import { CommandIds, type CommandId } from '../commandIds';
import { editionLabel } from '../config';
import { escapeMarkdown } from '../html/markdown/escape';
import { type TimeWords, buildIcon, buildMoment, buildStatusWord, formatDateTime, formatDuration, formatRelativeTime } from '../builds/facts';
import { l10n } from '../l10n';
import { type Build } from '../models/build';
import { type Organization, type Team } from '../models/organization';
import { type Project } from '../models/project';
import { type Version } from '../models/version';
import { isWebUrl } from '../validation/urls';
import { type TreeFilters, describeBuildFilter, describeVersionFilter } from './filters';
import { FOLDERS } from './folders';
import { type DocsNode } from './nodes';

/**
 * How a node looks, as plain data: the adapter turns it into a TreeItem (ThemeIcon, ThemeColor,
 * MarkdownString) in one function. Kept in core so it is tested without VS Code.
 */
export interface NodePresentation {
  readonly label: string;
  readonly description?: string;
  /** Markdown; every remote string in it is escaped. */
  readonly tooltip?: string;
  /** A codicon id (`sync~spin`, `pass`, ...). */
  readonly icon: string;
  /** A theme color id (`testing.iconPassed`, ...). */
  readonly color?: string;
  readonly collapsible: 'none' | 'collapsed';
  /** Run on click. */
  readonly command?: { readonly id: CommandId; readonly title: string };
  /** The description says how long ago something was (`3 minutes ago`): it changes as time passes. */
  readonly ageing?: boolean;
}

/** What a click on a build row runs (one place, so the target can change). */
export const BUILD_ROW_COMMAND: { readonly id: CommandId; readonly title: string } = { id: CommandIds.showBuildLog, title: 'Show Build Log' };

/** The moment a row is drawn and the words for times; without it rows show no relative time. */
export interface TimeContext extends TimeWords {
  readonly now: number;
}

export function present(node: DocsNode, filters?: TreeFilters, hosts?: (edition: Edition) => string | undefined, time?: TimeContext): NodePresentation {
  switch (node.kind) {
    case 'edition': {
      const host = hosts?.(node.edition);
      return { label: editionLabel(node.edition), description: host, icon: node.edition === 'business' ? 'organization' : 'globe', collapsible: 'collapsed' };
    }
    case 'organization': {
      const o = node.organization;
      // No tooltip here: the view reads it on hover from the details endpoint (with the teams).
      return { label: o.name, description: o.name !== o.slug ? o.slug : undefined, icon: 'organization', collapsible: 'collapsed', color: o.disabled ? 'disabledForeground' : undefined };
    }
    case 'project': {
      const p = node.project;
      return { label: p.name, description: projectDescription(p), tooltip: projectTooltip(p), icon: 'book', collapsible: 'collapsed' };
    }
    case 'superproject': {
      const p = node.project;
      return {
        label: p?.name ?? node.superprojectSlug,
        description: l10n.t('superproject'),
        tooltip: p ? projectTooltip(p, l10n.t('Superproject')) : lines([l10n.t('**Superproject** {0}', md(node.superprojectSlug)), l10n.t('{0} is one of its subprojects.', md(node.projectSlug))]),
        icon: 'type-hierarchy-super',
        collapsible: 'none',
        command: { id: CommandIds.revealSuperproject, title: 'Reveal Superproject' },
      };
    }
    case 'folder': {
      const filter = node.folder === 'versions' ? filters && describeVersionFilter(filters.versions(node.edition, node.project.slug))
        : node.folder === 'builds' ? filters && describeBuildFilter(filters.builds(node.edition, node.project.slug)) : undefined;
      const { label: name, icon } = FOLDERS[node.folder];
      const label = filter ? `${name} (${filter})` : name;
      return { label, icon: filter ? 'filter' : icon, collapsible: 'collapsed', tooltip: filter ? l10n.t('Filtered: {0}', md(filter)) : undefined };
    }
    case 'version':
      return presentVersion(node.version, time);
    case 'build':
      return presentBuild(node.build, time);
    case 'subproject': {
      const { alias, child } = node.subproject;
      return {
        label: alias,
        description: `→ ${child.slug}`,
        tooltip: projectTooltip(child, l10n.t('Subproject (alias {0})', alias)),
        icon: 'type-hierarchy-sub',
        collapsible: 'none',
      };
    }
    case 'translation': {
      const p = node.project;
      return { label: `${p.language.name} (${p.language.code})`, description: p.slug, tooltip: projectTooltip(p, l10n.t('Translation')), icon: 'globe', collapsible: 'none' };
    }
    case 'redirect': {
      const r = node.redirect;
      const description = [String(r.httpStatus), r.enabled ? undefined : l10n.t('disabled'), r.force ? l10n.t('forced') : undefined].filter(Boolean).join(' · ');
      const tooltip = lines([
        `**${md(redirectLabel(r.type, r.fromUrl, r.toUrl))}**`,
        field(l10n.t('Type'), r.type), field(l10n.t('From'), r.fromUrl || undefined), field(l10n.t('To'), r.toUrl || undefined),
        field(l10n.t('Status'), String(r.httpStatus)), field(l10n.t('Enabled'), yesNo(r.enabled)), field(l10n.t('Force'), yesNo(r.force)),
        field(l10n.t('Position'), String(r.position)), field(l10n.t('Description'), r.description || undefined),
      ]);
      return { label: redirectLabel(r.type, r.fromUrl, r.toUrl), description, tooltip, icon: 'arrow-right', color: r.enabled ? undefined : 'disabledForeground', collapsible: 'none' };
    }
    case 'environmentVariable': {
      const v = node.variable;
      const visibility = v.public ? l10n.t('public') : l10n.t('private');
      const tooltip = lines([`**${md(v.name)}**`, v.public ? l10n.t('Public: also available to builds of pull requests.') : l10n.t('Private: not available to builds of pull requests.'),
        l10n.t('The value is write-only: the API never returns it.'), field(l10n.t('Created'), dateTime(v.created, time))]);
      return { label: v.name, description: visibility, tooltip, icon: v.public ? 'unlock' : 'lock', collapsible: 'none' };
    }
    case 'loadMore':
      return {
        label: l10n.t('Load more…'),
        description: node.remaining > 0 ? l10n.t('{0} more', node.remaining) : undefined,
        icon: 'ellipsis',
        collapsible: 'none',
        command: { id: CommandIds.loadMore, title: 'Load More' },
      };
    case 'message':
      return {
        label: node.text,
        description: node.retry ? l10n.t('click to retry') : undefined,
        tooltip: md(node.text),
        icon: node.severity === 'error' ? 'error' : 'info',
        color: node.severity === 'error' ? 'problemsErrorIcon.foreground' : undefined,
        collapsible: 'none',
        command: node.retry ? { id: CommandIds.retry, title: 'Retry' } : undefined,
      };
  }
}

/**
 * An organization's tooltip: what the list gave, or the details endpoint's answer with its teams
 * (`'forbidden'`: only owners may list them).
 */
export function organizationTooltip(o: Organization, teams?: readonly Team[] | 'forbidden'): string {
  const teamLines = teams === undefined ? [] : teams === 'forbidden' ? [l10n.t("Teams: only the organization's owners can list them.")]
    : teams.length === 0 ? [l10n.t('Teams: none.')] : [l10n.t('**Teams**'), ...teams.map((t) => `- ${md(t.name)}${t.access ? ` (${md(t.access)})` : ''}${t.members?.length ? `: ${md(t.members.join(', '))}` : ''}`)];
  return lines([
    `**${md(o.name)}**`, field(l10n.t('Slug'), o.slug), field(l10n.t('Description'), o.description), field(l10n.t('Owners'), o.owners.join(', ')),
    field(l10n.t('Email'), o.email), link(l10n.t('Dashboard'), o.url), o.disabled ? l10n.t('Disabled.') : undefined, ...teamLines,
  ]);
}

export function redirectLabel(type: string, fromUrl: string, toUrl: string): string {
  const from = fromUrl || '*';
  const to = toUrl || '*';
  return type === 'clean_url_to_html' || type === 'html_to_clean_url' ? `${type}` + (fromUrl || toUrl ? `: ${from} → ${to}` : '') : `${type}: ${from} → ${to}`;
}

function projectDescription(p: Project): string {
  return [p.name !== p.slug ? p.slug : undefined, p.language.name].filter(Boolean).join(' · ');
}

export function projectTooltip(p: Project, heading?: string): string {
  return lines([
    `**${md(p.name)}**${heading ? ` · ${md(heading)}` : ''}`,
    field(l10n.t('Slug'), p.slug),
    field(l10n.t('Repository'), p.repository.url || undefined),
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

export function versionDescription(v: Version): string {
  const parts: string[] = [];
  if (v.slug === 'stable' && v.ref) parts.push(`→ ${v.ref}`);
  else if (v.slug === 'latest' && v.identifier) parts.push(`→ ${v.identifier}`);
  parts.push(v.type);
  if (!v.active) parts.push(l10n.t('inactive'));
  else parts.push(v.built ? l10n.t('built') : l10n.t('not built'));
  if (v.hidden) parts.push(l10n.t('hidden'));
  if (v.privacyLevel && v.privacyLevel !== 'public') parts.push(v.privacyLevel);
  return parts.join(' · ');
}

function presentVersion(v: Version, time: TimeContext | undefined): NodePresentation {
  const icon = v.type === 'tag' ? 'tag' : v.type === 'branch' ? 'git-branch' : v.type === 'external' ? 'git-pull-request' : 'versions';
  const tooltip = lines([
    `**${md(v.verboseName)}**`,
    field(l10n.t('Slug'), v.slug),
    v.slug === 'stable' && v.ref ? field(l10n.t('Points to'), v.ref) : undefined,
    field(l10n.t('Identifier'), v.identifier),
    field(l10n.t('Type'), v.type),
    field(l10n.t('Active'), yesNo(v.active)),
    field(l10n.t('Built'), yesNo(v.built)),
    field(l10n.t('Hidden'), yesNo(v.hidden)),
    field(l10n.t('Privacy'), v.privacyLevel),
    v.lastBuild ? field(l10n.t('Last build'), [`#${v.lastBuild.id} ${buildStatusWord(v.lastBuild)}`, dateTime(buildMoment(v.lastBuild), time)].filter(Boolean).join(' · ')) : undefined,
    link(l10n.t('Documentation'), v.urls.documentation),
    link(l10n.t('Source'), v.urls.vcs),
  ]);
  const lastBuilt = v.lastBuild && time ? formatRelativeTime(buildMoment(v.lastBuild), time.now, time) : undefined;
  return {
    label: v.verboseName,
    description: lastBuilt ? `${versionDescription(v)} · ${lastBuilt}` : versionDescription(v),
    ageing: lastBuilt !== undefined,
    tooltip,
    icon: v.hidden ? 'eye-closed' : icon,
    color: !v.active ? 'disabledForeground' : undefined,
    collapsible: 'none',
  };
}

function presentBuild(b: Build, time: TimeContext | undefined): NodePresentation {
  const { icon, color } = buildIcon(b);
  const commit = b.commit ? b.commit.slice(0, 7) : undefined;
  const ago = time ? formatRelativeTime(buildMoment(b), time.now, time) : undefined;
  const description = [buildStatusWord(b), formatDuration(b.durationSeconds), ago, commit].filter(Boolean).join(' · ');
  const tooltip = lines([
    l10n.t('**Build #{0}** · {1}', b.id, md(buildStatusWord(b))),
    field(l10n.t('Version'), b.version),
    field(l10n.t('State'), b.stateName),
    field(l10n.t('Commit'), b.commit),
    field(l10n.t('Started'), dateTime(b.created, time)),
    field(l10n.t('Finished'), dateTime(b.finished, time)),
    field(l10n.t('Duration'), formatDuration(b.durationSeconds)),
    link(l10n.t('Build page'), b.urls.build),
    link(l10n.t('Documentation'), b.urls.version),
  ]);
  return { label: `#${b.id}${b.version ? ` ${b.version}` : ''}`, description, tooltip, icon, color, collapsible: 'none', command: BUILD_ROW_COMMAND, ageing: ago !== undefined };
}

/** A server timestamp in the display language's words; what the server sent when it is not a date. */
function dateTime(when: string | undefined, words: TimeWords = {}): string | undefined {
  return formatDateTime(when, words) ?? when;
}

/** Remote text, escaped for Markdown. */
function md(text: string): string {
  return escapeMarkdown(text).replace(/\r?\n/g, ' ');
}

function field(name: string, value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : l10n.t('{0}: {1}', name, md(value));
}

function yesNo(value: boolean): string {
  return value ? l10n.t('yes') : l10n.t('no');
}

/** A link only for http(s) URLs; anything else is shown as text. */
function link(name: string, url: string | undefined): string | undefined {
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
function lines(parts: readonly (string | undefined)[]): string {
  return parts.filter((p): p is string => !!p).join('  \n');
}
