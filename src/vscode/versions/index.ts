import { CommandIds } from '../../core/commandIds';
import { type VersionArgs, type VersionCommandId } from '../lazy/versions';
import { type Services } from '../services';
import { openVersionDownload } from './downloads';
import { runVersionAction } from './versionCommands';

/** The version commands' handlers (in dist/features/manage.js, see src/vscode/lazy/versions.ts). */
export const versionCommands: {
  readonly [Id in VersionCommandId]: (services: Services, arg: VersionArgs[Id] | undefined, selected: readonly VersionArgs[Id][]) => Promise<unknown>
} = {
  [CommandIds.activateVersion]: (services, row, selected) => runVersionAction(services, 'activate', row, selected),
  [CommandIds.deactivateVersion]: (services, row, selected) => runVersionAction(services, 'deactivate', row, selected),
  [CommandIds.hideVersion]: (services, row, selected) => runVersionAction(services, 'hide', row, selected),
  [CommandIds.unhideVersion]: (services, row, selected) => runVersionAction(services, 'unhide', row, selected),
  [CommandIds.openVersionDownload]: (services, row) => openVersionDownload(services, row),
};
