// dist/features/workspace.js: "This Workspace" and the build documents and logs, in one bundle.
// They load together in practice (the Problems panel follows the workspace binding), and one file
// packs smaller in the .vsix than two (each file is compressed on its own there).
export { WorkspaceFeatures } from './index';
export { LogFeatures } from '../logs/index';
