import { type Page } from '../../models/page';
import { type Version, type VersionUpdate, parseVersion, versionUpdateBody } from '../../models/version';
import { apiPath } from '../paths';
import { type CallOptions, Requests } from '../requests';

export interface VersionFilters {
  readonly active?: boolean;
  readonly built?: boolean;
  readonly privacyLevel?: 'public' | 'private';
  readonly slug?: string;
  readonly type?: 'branch' | 'tag' | 'unknown';
  /** Contains. */
  readonly verboseName?: string;
}

export class VersionsApi {
  constructor(private readonly requests: Requests) {}

  list(project: string, filters: VersionFilters = {}, options?: CallOptions): Promise<Page<Version>> {
    const query = {
      active: filters.active, built: filters.built, privacy_level: filters.privacyLevel,
      slug: filters.slug, type: filters.type, verbose_name: filters.verboseName,
    };
    return this.requests.page(apiPath('projects', project, 'versions'), query, parseVersion, options);
  }

  get(project: string, slug: string, expand: readonly ('last_build' | 'last_build.config')[] = [], options?: CallOptions): Promise<Version> {
    return this.requests.get(apiPath('projects', project, 'versions', slug), { expand: expand.length ? expand : undefined }, parseVersion, options);
  }

  /** PATCH (204). Activating starts a build; deactivating deletes the hosted docs of that version. */
  update(project: string, slug: string, update: VersionUpdate, options?: CallOptions): Promise<void> {
    return this.requests.write('PATCH', apiPath('projects', project, 'versions', slug), versionUpdateBody(update), undefined, options);
  }
}
