import { type Edition, type ReadTheDocsClient } from '../api/client';
import { errorDetail } from '../api/describeError';
import { type Logger } from '../log';
import { type BoundProject, type BoundProjects } from './boundProject';

/** Where a bound project's published docs are read for its checked-out branch. */
export interface PublishedDocs {
  /** The branch's version when it is built (and not the default one); undefined means the project's default version. */
  readonly versionSlug: string | undefined;
  /** That version's documentation root. */
  readonly root: string | undefined;
}

export interface PublishedVersionsOptions {
  readonly bound: Pick<BoundProjects, 'onDidChange'>;
  readonly clientOf: (edition: Edition) => ReadTheDocsClient | undefined;
  readonly logger: Logger;
}

/**
 * The version whose docs stand for a bound project (cross-references, search): the checked-out
 * branch's version when it is built, else the project's default version (a version never built
 * has no pages, no objects.inv and nothing the Search API finds). The binding's own reading of the
 * version when it has one, else one version request per project and version, in the background
 * queue, until the binding changes.
 */
export class PublishedVersions {
  private readonly known = new Map<string, Promise<PublishedDocs>>();

  constructor(private readonly options: PublishedVersionsOptions) {
    options.bound.onDidChange(() => this.known.clear());
  }

  of(bound: BoundProject): Promise<PublishedDocs> {
    const { edition, project, versionSlug } = bound;
    const key = `${edition} ${project.slug} ${versionSlug ?? ''}`;
    let found = this.known.get(key);
    if (!found) {
      found = this.read(bound).catch((error: unknown) => {
        this.options.logger.debug(`workspace: version ${versionSlug} of ${project.slug}: ${errorDetail(error)}`);
        return defaultDocs(bound);
      });
      this.known.set(key, found);
    }
    return found;
  }

  private async read(bound: BoundProject): Promise<PublishedDocs> {
    const { edition, project, versionSlug } = bound;
    if (!versionSlug || versionSlug === project.defaultVersion) return defaultDocs(bound);
    // The binding read the version with the versions list: no request then.
    let version = bound.version?.slug === versionSlug ? bound.version : undefined;
    if (!version) {
      const client = this.options.clientOf(edition);
      if (!client) return defaultDocs(bound);
      version = await client.versions.get(project.slug, versionSlug, [], { priority: 'background' });
    }
    return version.built && version.urls.documentation ? { versionSlug, root: version.urls.documentation } : defaultDocs(bound);
  }
}

function defaultDocs({ project }: BoundProject): PublishedDocs {
  return { versionSlug: undefined, root: project.urls.documentation };
}
