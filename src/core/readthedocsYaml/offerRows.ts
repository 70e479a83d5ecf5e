import { CommandIds } from '../commandIds';
import { l10n } from '../l10n';
import { type WorkspaceRow } from '../workspace/rows';

/** A workspace folder without its configuration, and where the file goes. */
export interface MissingConfig {
  readonly folderPath: string;
  /** Relative to the folder (`.readthedocs.yaml`, or the project's `readthedocs_yaml_path`). */
  readonly path: string;
}

/** "Create .readthedocs.yaml" rows of This Workspace, one per folder without its configuration. Pure. */
export function firstConfigRows(missing: readonly MissingConfig[]): WorkspaceRow[] {
  return missing.map(({ folderPath, path }) => ({
    id: `createConfig:${folderPath}`,
    label: l10n.t('Create .readthedocs.yaml'),
    description: path === '.readthedocs.yaml' ? folderPath.split(/[\\/]/).pop() : path,
    tooltip: l10n.t('{0} has no {1}: Read the Docs fails every build without it. Make a first one from what the folder holds, to review before saving.', folderPath, path),
    icon: { id: 'new-file' },
    action: { kind: 'command', command: CommandIds.createConfigFile, args: [{ folderPath }] },
  }));
}
