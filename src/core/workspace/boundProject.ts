import type { Edition } from '../api/client';
import type { Project } from '../models/project';
import type { Version } from '../models/version';
import type { Event } from '../util/events';

/** A Read the Docs project built from a folder of the open workspace. */
export interface BoundProject {
  readonly edition: Edition;
  readonly project: Project;
  /** The workspace folder's path on disk. */
  readonly folderPath: string;
  /** The branch checked out in that folder, when git knows it (undefined when detached or unknown). */
  readonly branch: string | undefined;
  /** Slug of the active version that builds `branch`, when there is one. */
  readonly versionSlug: string | undefined;
  /** That version as the binding read it (from the versions list), when it has it. */
  readonly version?: Version;
}

/** The workspace's projects: what the workspace features (logs, cross-references, redirects) start from. */
export interface BoundProjects {
  /** False until something that needs the binding asked for it: features that only follow it don't start it. */
  readonly started: boolean;
  /** Resolves the binding (at most one projects list request per edition when nothing is loaded yet). */
  current(): Promise<readonly BoundProject[]>;
  readonly onDidChange: Event<readonly BoundProject[]>;
}
