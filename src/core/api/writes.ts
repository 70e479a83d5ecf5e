import { type Method } from './transport';

export type WriteMethod = Exclude<Method, 'GET'>;

/** What a write changed on the server, read off its path: the project, and the lists under it. */
export interface WrittenPlace {
  /** The project written to or under (`projects/<slug>/…`); undefined for a new project (`POST projects/`). */
  readonly projectSlug: string | undefined;
  /**
   * The project's lists the path names, outermost first: the `segment` of the folders that show them
   * (`['versions', 'builds']` for a triggered build, `['redirects']` for an edited redirect); empty
   * when the project itself was written (its settings).
   */
  readonly lists: readonly string[];
}

/** Reads `projects/<slug>/<list>/<key>/<list>/…` (segments percent-encoded, as `apiPath` writes them). */
export function writtenPlaceOf(path: string): WrittenPlace {
  const segments = path.split(/[?#]/, 1)[0].split('/').filter(Boolean).map(decodeURIComponent);
  if (segments[0] !== 'projects' || segments.length < 2) return { projectSlug: undefined, lists: [] };
  return { projectSlug: segments[1], lists: segments.slice(2).filter((_, index) => index % 2 === 0) };
}
