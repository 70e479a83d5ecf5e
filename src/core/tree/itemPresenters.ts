import { buildMoment, buildStatusWord, formatRelativeTime } from '../builds/facts';
import { KNOWN_NOTHING, buildRow } from '../builds/buildRow';
import { CommandIds } from '../commandIds';
import { l10n } from '../l10n';
import { type Build } from '../models/build';
import { type EnvironmentVariable } from '../models/environmentVariable';
import { type Project, type Subproject } from '../models/project';
import { type Redirect, type RedirectSetting } from '../models/redirect';
import { type Version } from '../models/version';
import { type Notification, noticeIcon, noticeText } from '../models/notification';
import { type NodePresentation, type RowCommand, type TimeContext } from './presentation';
import { dateTime, field, lines, link, md, projectTooltip, yesNo } from './tooltip';

/** How the item rows of the folders look; each folder's descriptor names its presenter. */

/** What a click on a build row runs (one place, so the target can change). */
export const BUILD_ROW_COMMAND: RowCommand = { id: CommandIds.showBuildLog, title: 'Show Build Log' };

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

export function presentVersion(v: Version, time: TimeContext | undefined): NodePresentation {
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
    v.lastBuild ? field(l10n.t('Last build'), [`#${v.lastBuild.id} ${buildStatusWord(v.lastBuild, time ? time.known(v.lastBuild.project, v.lastBuild) : KNOWN_NOTHING)}`, dateTime(buildMoment(v.lastBuild), time)].filter(Boolean).join(' · ')) : undefined,
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

export function presentBuild(b: Build, time: TimeContext | undefined): NodePresentation {
  const row = buildRow(b, { ...time, now: time?.now, known: time ? time.known(b.project, b) : KNOWN_NOTHING });
  const tooltip = lines([
    l10n.t('**Build #{0}** · {1}', b.id, md(row.status)),
    row.live ? md(row.live) : undefined,
    field(l10n.t('Version'), b.version),
    field(l10n.t('State'), b.stateName),
    field(l10n.t('Commit'), b.commit),
    field(l10n.t('Started'), dateTime(b.created, time)),
    field(l10n.t('Finished'), dateTime(b.finished, time)),
    field(l10n.t('Duration'), row.duration),
    link(l10n.t('Build page'), b.urls.build),
    link(l10n.t('Documentation'), b.urls.version),
  ]);
  return { label: `#${b.id}${b.version ? ` ${b.version}` : ''}`, description: row.detail, tooltip, icon: row.icon, color: row.color, collapsible: 'none', command: BUILD_ROW_COMMAND, ageing: row.ago !== undefined };
}

export function presentSubproject({ alias, child }: Subproject): NodePresentation {
  return { label: alias, description: `→ ${child.slug}`, tooltip: projectTooltip(child, l10n.t('Subproject (alias {0})', alias)), icon: 'type-hierarchy-sub', collapsible: 'none' };
}

export function presentTranslation(p: Project): NodePresentation {
  return { label: `${p.language.name} (${p.language.code})`, description: p.slug, tooltip: projectTooltip(p, l10n.t('Translation')), icon: 'globe', collapsible: 'none' };
}

export function redirectLabel(type: string, fromUrl: string, toUrl: string): string {
  const from = fromUrl || '*';
  const to = toUrl || '*';
  return type === 'clean_url_to_html' || type === 'html_to_clean_url' ? `${type}` + (fromUrl || toUrl ? `: ${from} → ${to}` : '') : `${type}: ${from} → ${to}`;
}

/** `302 · disabled · forced`: only what the server said (an older one says none of it). */
export function redirectSettingsWords(r: Redirect): string {
  const said = (setting: RedirectSetting) => !r.unsaid?.includes(setting);
  return [
    said('httpStatus') ? String(r.httpStatus) : undefined,
    said('enabled') && !r.enabled ? l10n.t('disabled') : undefined,
    said('force') && r.force ? l10n.t('forced') : undefined,
  ].filter(Boolean).join(' · ');
}

export function presentRedirect(r: Redirect): NodePresentation {
  const known = (setting: RedirectSetting, words: string) => (r.unsaid?.includes(setting) ? l10n.t('unknown') : words);
  const tooltip = lines([
    `**${md(redirectLabel(r.type, r.fromUrl, r.toUrl))}**`,
    field(l10n.t('Type'), r.type), field(l10n.t('From'), r.fromUrl || undefined), field(l10n.t('To'), r.toUrl || undefined),
    field(l10n.t('Status'), known('httpStatus', String(r.httpStatus))), field(l10n.t('Enabled'), known('enabled', yesNo(r.enabled))),
    field(l10n.t('Force'), known('force', yesNo(r.force))),
    field(l10n.t('Position'), String(r.position)), field(l10n.t('Description'), r.description || undefined),
  ]);
  const disabled = !r.enabled && !r.unsaid?.includes('enabled');
  return {
    label: redirectLabel(r.type, r.fromUrl, r.toUrl), description: redirectSettingsWords(r), tooltip, icon: 'arrow-right',
    color: disabled ? 'disabledForeground' : undefined, collapsible: 'none',
  };
}

export function presentEnvironmentVariable(v: EnvironmentVariable, time: TimeContext | undefined): NodePresentation {
  const tooltip = lines([`**${md(v.name)}**`, v.public ? l10n.t('Public: also available to builds of pull requests.') : l10n.t('Private: not available to builds of pull requests.'),
    l10n.t('The value is write-only: the API never returns it.'), field(l10n.t('Created'), dateTime(v.created, time))]);
  return { label: v.name, description: v.public ? l10n.t('public') : l10n.t('private'), tooltip, icon: v.public ? 'unlock' : 'lock', collapsible: 'none' };
}

export function presentNotice(n: Notification): NodePresentation {
  const { header, body } = noticeText(n);
  const { icon, color } = noticeIcon(n);
  const tooltip = lines([`**${md(header || n.messageId)}**`, body ? md(body) : undefined, field(l10n.t('Type'), n.type)]);
  return { label: header || n.messageId, description: body, tooltip, icon, color, collapsible: 'none' };
}
