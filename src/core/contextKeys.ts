/** Context keys set by the extension and used in package.json `when` clauses. */
export const ContextKeys = {
  signedIn: 'readthedocs.signedIn',
  /** Signed in to Read the Docs for Business: its sharing commands show (Community has none). */
  businessSignedIn: 'readthedocs.businessSignedIn',
  /** Neither edition has a base URL. */
  noEditions: 'readthedocs.noEditions',
  /** The preview panel has a page behind / ahead of the one shown. */
  previewCanGoBack: 'readthedocs.previewCanGoBack',
  previewCanGoForward: 'readthedocs.previewCanGoForward',
  /** The projects list of an edition is filtered (the view shows Clear). */
  projectsFiltered: 'readthedocs.projectsFiltered',
} as const;
