import { buildIcon, buildMoment, buildStatusWord, formatDuration, formatRelativeTime } from '../builds/facts';
import { CommandIds } from '../commandIds';
import { type Build } from '../models/build';
import { type EnvironmentVariable } from '../models/environmentVariable';
import { type Project, type Subproject } from '../models/project';
import { type Redirect } from '../models/redirect';
import { type Version } from '../models/version';
import { type NodePresentation, type RowCommand, type TimeContext } from './presentation';
import { dateTime, field, lines, link, md, projectTooltip } from './tooltip';

/** How the item rows of the folders look; each folder's descriptor names its presenter. */

/** What a click on a build row runs (one place, so the target can change). */
export const BUILD_ROW_COMMAND: RowCommand = { id: CommandIds.showBuildLog, title: 'Show Build Log' };

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

export function presentVersion(v: Version, time: TimeContext | undefined): NodePresentation {
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

export function presentBuild(b: Build, time: TimeContext | undefined): NodePresentation {
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

export function presentSubproject({ alias, child }: Subproject): NodePresentation {
  return { label: alias, description: `→ ${child.slug}`, tooltip: projectTooltip(child, `Subproject (alias ${alias})`), icon: 'type-hierarchy-sub', collapsible: 'none' };
}

export function presentTranslation(p: Project): NodePresentation {
  return { label: `${p.language.name} (${p.language.code})`, description: p.slug, tooltip: projectTooltip(p, 'Translation'), icon: 'globe', collapsible: 'none' };
}

export function redirectLabel(type: string, fromUrl: string, toUrl: string): string {
  const from = fromUrl || '*';
  const to = toUrl || '*';
  return type === 'clean_url_to_html' || type === 'html_to_clean_url' ? `${type}` + (fromUrl || toUrl ? `: ${from} → ${to}` : '') : `${type}: ${from} → ${to}`;
}

export function presentRedirect(r: Redirect): NodePresentation {
  const description = [String(r.httpStatus), r.enabled ? undefined : 'disabled', r.force ? 'forced' : undefined].filter(Boolean).join(' · ');
  const tooltip = lines([
    `**${md(redirectLabel(r.type, r.fromUrl, r.toUrl))}**`,
    field('Type', r.type), field('From', r.fromUrl || undefined), field('To', r.toUrl || undefined),
    field('Status', String(r.httpStatus)), field('Enabled', r.enabled ? 'yes' : 'no'), field('Force', r.force ? 'yes' : 'no'),
    field('Position', String(r.position)), field('Description', r.description || undefined),
  ]);
  return { label: redirectLabel(r.type, r.fromUrl, r.toUrl), description, tooltip, icon: 'arrow-right', color: r.enabled ? undefined : 'disabledForeground', collapsible: 'none' };
}

export function presentEnvironmentVariable(v: EnvironmentVariable, time: TimeContext | undefined): NodePresentation {
  const tooltip = lines([`**${md(v.name)}**`, v.public ? 'Public: also available to builds of pull requests.' : 'Private: not available to builds of pull requests.',
    'The value is write-only: the API never returns it.', field('Created', dateTime(v.created, time))]);
  return { label: v.name, description: v.public ? 'public' : 'private', tooltip, icon: v.public ? 'unlock' : 'lock', collapsible: 'none' };
}
