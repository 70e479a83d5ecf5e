import { type Edition } from '../api/client';
import { CommandIds } from '../commandIds';
import { editionLabel } from '../config';
import { l10n } from '../l10n';
import { type Organization, type Team } from '../models/organization';
import { type Project } from '../models/project';
import { type TreeFilters, describeBuildFilter, describeVersionFilter } from './filters';
import { FOLDERS } from './folders';
import { type DocsNode, isFolderRow, withRow } from './nodes';
import { type NodePresentation, type TimeContext } from './presentation';
import { field, lines, link, md, projectTooltip } from './tooltip';

/** How a node looks: the rows of a folder's items as their descriptor says, the others here. */
export function present(node: DocsNode, filters?: TreeFilters, hosts?: (edition: Edition) => string | undefined, time?: TimeContext): NodePresentation {
  if (isFolderRow(node)) return withRow(node, (row, item) => row.present(item, time));
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

function projectDescription(p: Project): string {
  return [p.name !== p.slug ? p.slug : undefined, p.language.name].filter(Boolean).join(' · ');
}
