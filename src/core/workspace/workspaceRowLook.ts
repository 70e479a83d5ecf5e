import { CommandIds } from '../commandIds';
import { type RowLook } from '../tree/presentation';
import { type RowAction, type WorkspaceRow } from './section';

/** How a row of This Workspace looks (the same model as the Projects tree's rows): its click from its action. Pure. */
export function lookOfWorkspaceRow(row: WorkspaceRow): RowLook {
  return {
    id: row.id,
    label: row.label,
    description: row.description,
    tooltip: row.tooltip,
    tooltipIsMarkdown: row.tooltipIsMarkdown,
    icon: row.icon,
    collapsible: row.children?.length ? 'expanded' : 'none',
    contextValue: row.contextValue,
    command: row.action && commandOf(row.action, row.label),
  };
}

function commandOf(action: RowAction, title: string): RowLook['command'] {
  switch (action.kind) {
    case 'showLog':
      return { id: CommandIds.showBuildLog, title, arguments: [{ edition: action.edition, projectSlug: action.projectSlug, buildId: action.buildId }] };
    case 'syncVersions':
      return { id: CommandIds.syncVersions, title, arguments: [{ edition: action.project.edition, projectSlug: action.project.project.slug }] };
    case 'activate':
      return { id: CommandIds.activateBranchVersion, title, arguments: [{ edition: action.project.edition, projectSlug: action.project.project.slug }] };
    case 'build':
      return { id: CommandIds.buildCurrentBranch, title, arguments: [{ edition: action.project.edition, projectSlug: action.project.project.slug }] };
    case 'import':
      return { id: CommandIds.importWorkspaceRepository, title, arguments: [{ repositoryUrl: action.repositoryUrl }] };
    case 'retry':
      return { id: CommandIds.refreshWorkspace, title };
    case 'command':
      return { id: action.command, title, arguments: action.args };
  }
}
