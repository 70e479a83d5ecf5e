/** Context keys set by the extension and used in package.json `when` clauses. */
export const ContextKeys = {
  signedIn: 'readthedocs.signedIn',
  /** Neither edition has a base URL. */
  noEditions: 'readthedocs.noEditions',
} as const;

export type ContextKey = (typeof ContextKeys)[keyof typeof ContextKeys];
