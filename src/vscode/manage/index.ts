import { CommandIds } from '../../core/commandIds';
import { type ManageArgs, type ManageCommandId } from '../lazy/manage';
import { createEnvironmentVariable, deleteEnvironmentVariable, replaceEnvironmentVariable } from './envVars';
import { editProject, importProject } from './projects';
import { createRedirect, deleteRedirect, editRedirect } from './redirects';
import { addSubproject, removeSubproject } from './subprojects';
import { type Services } from '../services';

/** The version commands' handlers (registered by src/vscode/lazy/versions.ts). */
export { openVersionDownload } from '../versions/downloads';
export { runVersionAction } from '../versions/versionCommands';

/** What the manage commands use from the services. */
export type ManageServices = Pick<Services, 'editions' | 'ui' | 'reporter' | 'tree' | 'logger'>;

/** The manage commands' handlers (this file is the entry of dist/features/manage.js). */
export const manageCommands: { readonly [Id in ManageCommandId]: (services: ManageServices, arg?: ManageArgs[Id]) => Promise<unknown> } = {
  [CommandIds.createRedirect]: createRedirect,
  [CommandIds.editRedirect]: editRedirect,
  [CommandIds.deleteRedirect]: deleteRedirect,
  [CommandIds.createEnvironmentVariable]: createEnvironmentVariable,
  [CommandIds.replaceEnvironmentVariable]: replaceEnvironmentVariable,
  [CommandIds.deleteEnvironmentVariable]: deleteEnvironmentVariable,
  [CommandIds.addSubproject]: addSubproject,
  [CommandIds.removeSubproject]: removeSubproject,
  [CommandIds.importProject]: importProject,
  [CommandIds.editProject]: editProject,
};
