/** The projects view (package.json `views`). */
export const PROJECTS_VIEW_ID = 'readthedocs.projects';
/** The "This Workspace" view (package.json `views`). */
export const WORKSPACE_VIEW_ID = 'readthedocs.workspace';
