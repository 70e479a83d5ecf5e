import { l10n } from '../l10n';
import { escapeMarkdown } from '../html/markdown/escape';
import { type Resolution } from './resolve';

/**
 * The first line of a cross-reference hover: the target's title, its name and type, which
 * inventory knew it, and that what follows is the published section (beside Esbonio's hover of
 * the local build, it says which is which).
 */
export function resolvedTitleMarkdown(resolution: Extract<Resolution, { kind: 'resolved' }>): string {
  const { entry, inventoryName, inventory } = resolution;
  const where = inventoryName ? ` · ${escapeMarkdown(inventoryName)} (${escapeMarkdown(inventory.project)})` : '';
  const name = entry.displayName === entry.name ? '' : ` · ${escapeMarkdown(entry.name)}`;
  return `**${escapeMarkdown(entry.displayName)}**${name} · ${escapeMarkdown(`${entry.domain}:${entry.type}`)}${where} · ${l10n.t('published on Read the Docs')}`;
}

/** The hover of a target no inventory knows: it says so, and lists the nearest names. */
export function unresolvedHoverMarkdown(resolution: Extract<Resolution, { kind: 'unresolved' }>, inventories: readonly string[]): string {
  const lines = [inventories.length > 0
    ? l10n.t('**Read the Docs:** {0} is in none of the published inventories (searched: {1}).', escapeMarkdown(resolution.name), inventories.map(escapeMarkdown).join(', '))
    : l10n.t('**Read the Docs:** {0} is in none of the published inventories.', escapeMarkdown(resolution.name))];
  if (resolution.nearest.length > 0) lines.push('', l10n.t('Did you mean: {0}?', resolution.nearest.map(escapeMarkdown).join(', ')));
  return lines.join('\n');
}

/** The first line of a relative page link's hover: the page (and section) as written, and that what follows is published. */
export function pageLinkTitleMarkdown(path: string, anchor: string | undefined): string {
  return `**${escapeMarkdown(anchor ? `${path}#${anchor}` : path)}** · ${l10n.t('published on Read the Docs')}`;
}
