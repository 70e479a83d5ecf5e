import { type Edition } from '../api/client';
import { CommandIds, type CommandId } from '../commandIds';
import { editionLabel } from '../config';
import { escapeMarkdown } from '../html/markdown/escape';
import { type TimeWords, buildIcon, buildMoment, buildStatusWord, formatDateTime, formatDuration, formatRelativeTime } from '../builds/facts';
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
        description: 'superproject',
        tooltip: p ? projectTooltip(p, 'Superproject') : lines([`**Superproject** ${md(node.superprojectSlug)}`, `${md(node.projectSlug)} is one of its subprojects.`]),
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
      return { label, icon: filter ? 'filter' : icon, collapsible: 'collapsed', tooltip: filter ? `Filtered: ${md(filter)}` : undefined };
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
        tooltip: projectTooltip(child, `Subproject (alias ${alias})`),
        icon: 'type-hierarchy-sub',
        collapsible: 'none',
      };
    }
    case 'translation': {
      const p = node.project;
      return { label: `${p.language.name} (${p.language.code})`, description: p.slug, tooltip: projectTooltip(p, 'Translation'), icon: 'globe', collapsible: 'none' };
    }
    case 'redirect': {
      const r = node.redirect;
      const description = [String(r.httpStatus), r.enabled ? undefined : 'disabled', r.force ? 'forced' : undefined].filter(Boolean).join(' · ');
      const tooltip = lines([
        `**${md(redirectLabel(r.type, r.fromUrl, r.toUrl))}**`,
        field('Type', r.type), field('From', r.fromUrl || undefined), field('To', r.toUrl || undefined),
        field('Status', String(r.httpStatus)), field('Enabled', r.enabled ? 'yes' : 'no'), field('Force', r.force ? 'yes' : 'no'),
        field('Position', String(r.position)), field('Description', r.description || undefined),
      ]);
      return { label: redirectLabel(r.type, r.fromUrl, r.toUrl), description, tooltip, icon: 'arrow-right', color: r.enabled ? undefined : 'disabledForeground', collapsible: 'none' };
    }
    case 'environmentVariable': {
      const v = node.variable;
      const visibility = v.public ? 'public' : 'private';
      const tooltip = lines([`**${md(v.name)}**`, v.public ? 'Public: also available to builds of pull requests.' : 'Private: not available to builds of pull requests.',
        'The value is write-only: the API never returns it.', field('Created', dateTime(v.created, time))]);
      return { label: v.name, description: visibility, tooltip, icon: v.public ? 'unlock' : 'lock', collapsible: 'none' };
    }
    case 'loadMore':
      return {
        label: 'Load more…',
        description: node.remaining > 0 ? `${node.remaining} more` : undefined,
        icon: 'ellipsis',
        collapsible: 'none',
        command: { id: CommandIds.loadMore, title: 'Load More' },
      };
    case 'message':
      return {
        label: node.text,
        description: node.retry ? 'click to retry' : undefined,
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
  const teamLines = teams === undefined ? [] : teams === 'forbidden' ? ['Teams: only the organization\'s owners can list them.']
    : teams.length === 0 ? ['Teams: none.'] : ['**Teams**', ...teams.map((t) => `- ${md(t.name)}${t.access ? ` (${md(t.access)})` : ''}${t.members?.length ? `: ${md(t.members.join(', '))}` : ''}`)];
  return lines([
    `**${md(o.name)}**`, field('Slug', o.slug), field('Description', o.description), field('Owners', o.owners.join(', ')),
    field('Email', o.email), link('Dashboard', o.url), o.disabled ? 'Disabled.' : undefined, ...teamLines,
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

export function versionDescription(v: Version): string {
  const parts: string[] = [];
  if (v.slug === 'stable' && v.ref) parts.push(`→ ${v.ref}`);
  else if (v.slug === 'latest' && v.identifier) parts.push(`→ ${v.identifier}`);
  parts.push(v.type);
  if (!v.active) parts.push('inactive');
  else parts.push(v.built ? 'built' : 'not built');
  if (v.hidden) parts.push('hidden');
  if (v.privacyLevel && v.privacyLevel !== 'public') parts.push(v.privacyLevel);
  return parts.join(' · ');
}

function presentVersion(v: Version, time: TimeContext | undefined): NodePresentation {
  const icon = v.type === 'tag' ? 'tag' : v.type === 'branch' ? 'git-branch' : v.type === 'external' ? 'git-pull-request' : 'versions';
  const tooltip = lines([
    `**${md(v.verboseName)}**`,
    field('Slug', v.slug),
    v.slug === 'stable' && v.ref ? field('Points to', v.ref) : undefined,
    field('Identifier', v.identifier),
    field('Type', v.type),
    field('Active', v.active ? 'yes' : 'no'),
    field('Built', v.built ? 'yes' : 'no'),
    field('Hidden', v.hidden ? 'yes' : 'no'),
    field('Privacy', v.privacyLevel),
    v.lastBuild ? field('Last build', [`#${v.lastBuild.id} ${buildStatusWord(v.lastBuild)}`, dateTime(buildMoment(v.lastBuild), time)].filter(Boolean).join(' · ')) : undefined,
    link('Documentation', v.urls.documentation),
    link('Source', v.urls.vcs),
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
    `**Build #${b.id}** · ${md(buildStatusWord(b))}`,
    field('Version', b.version),
    field('State', b.stateName),
    field('Commit', b.commit),
    field('Started', dateTime(b.created, time)),
    field('Finished', dateTime(b.finished, time)),
    field('Duration', formatDuration(b.durationSeconds)),
    link('Build page', b.urls.build),
    link('Documentation', b.urls.version),
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
  return value === undefined || value === '' ? undefined : `${name}: ${md(value)}`;
}

/** A link only for http(s) URLs; anything else is shown as text. */
function link(name: string, url: string | undefined): string | undefined {
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
function lines(parts: readonly (string | undefined)[]): string {
  return parts.filter((p): p is string => !!p).join('  \n');
}
