/** The projects view (package.json `views`). */
export const PROJECTS_VIEW_ID = 'readthedocs.projects';
