import { contextValue } from '../tree/contextValues';
import { l10n } from '../l10n';
import { describeError } from '../api/describeError';
import { editionLabel } from '../config';
import { type WorkspaceProject, type WorkspaceState } from './binding';
import { remoteUrlToImport } from './match';
import { type SectionRows, type WorkspaceRow } from './section';

/**
 * The rows of the "This Workspace" view from the binding's state and what the sections hold (no
 * request): per project the rows of each section in order; folders no project is built from
 * offer an import. Pure.
 */
export function workspaceRows(state: WorkspaceState, sections: readonly SectionRows[], now: number, editionsShown: number): WorkspaceRow[] {
  const rows: WorkspaceRow[] = state.projects.map((bound) => projectRow(bound, sections, now, editionsShown > 1));
  for (const folder of state.unmatched) {
    const url = remoteUrlToImport(folder);
    if (!url) continue;
    rows.push({
      id: `import:${folder.folderPath}`,
      label: l10n.t('Import this repository…'),
      description: url,
      tooltip: l10n.t('No Read the Docs project you can see is built from {0}. Import it to build its documentation.', url),
      icon: { id: 'repo-clone' },
      action: { kind: 'import', repositoryUrl: url },
    });
    rows.push(...sections.flatMap((section) => section.folderRows?.(folder) ?? []));
  }
  for (const { edition, error } of state.problems) {
    rows.push({ id: `problem:${edition}`, label: describeError(error, { action: l10n.t('reading the projects of {0}', editionLabel(edition)) }), icon: { id: 'error', color: 'errorForeground' }, action: { kind: 'retry' } });
  }
  for (const entry of state.invalidEntries) {
    rows.push({ id: `invalid:${entry}`, label: l10n.t('readthedocs.projects: "{0}" is not edition/slug (community/my-project)', entry), icon: { id: 'warning' } });
  }
  return rows;
}

function projectRow(bound: WorkspaceProject, sections: readonly SectionRows[], now: number, showEdition: boolean): WorkspaceRow {
  const id = `${bound.edition}/${bound.project.slug}@${bound.folderPath}`;
  const branchBuild = sections.map((section) => section.branchBuild?.(bound)).find((found) => found !== undefined);
  const context = { parentId: id, now, branchBuild };
  return {
    id,
    label: bound.project.name,
    description: [bound.project.slug, showEdition ? editionLabel(bound.edition) : undefined, bound.by === 'setting' ? l10n.t('from readthedocs.projects') : undefined].filter(Boolean).join(' · '),
    tooltip: l10n.t('{0} ({1}) is built from {2}.\nFolder: {3}', bound.project.name, bound.project.slug, bound.project.repository.url || l10n.t('this workspace'), bound.folderPath),
    icon: { id: 'book' },
    contextValue: contextValue('workspaceProject'),
    subject: { edition: bound.edition, projectSlug: bound.project.slug, folderPath: bound.folderPath },
    children: sections.flatMap((section) => section.rows(bound, context)),
  };
}
