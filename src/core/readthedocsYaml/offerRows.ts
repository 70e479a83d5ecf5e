import { CommandIds } from '../commandIds';
import { l10n } from '../l10n';
import { type WorkspaceRow } from '../workspace/section';

/** A workspace folder without its configuration, and where the file goes. */
export interface MissingConfig {
  readonly folderPath: string;
  /** Relative to the folder (`.readthedocs.yaml`, or the project's `readthedocs_yaml_path`). */
  readonly path: string;
}

/** The "Create .readthedocs.yaml" row of This Workspace for a folder without its configuration (`id` places it). Pure. */
export function firstConfigRow({ folderPath, path }: MissingConfig, id: string): WorkspaceRow {
  return {
    id,
    label: l10n.t('Create .readthedocs.yaml'),
    description: path === '.readthedocs.yaml' ? folderPath.split(/[\\/]/).pop() : path,
    tooltip: l10n.t('{0} has no {1}: Read the Docs fails every build without it. Make a first one from what the folder holds, to review before saving.', folderPath, path),
    icon: { id: 'new-file' },
    action: { kind: 'command', command: CommandIds.createConfigFile, args: [{ folderPath }] },
  };
}
