import { type Page } from '../../models/page';
import { type RemoteOrganization, type RemoteRepository, parseRemoteOrganization, parseRemoteRepository } from '../../models/remote';
import { type CallOptions, Requests, type ShapeOptions, shapeQuery } from '../requests';

export interface RemoteOrganizationFilters {
  readonly name?: string;
  readonly vcsProvider?: string;
}

export interface RemoteRepositoryFilters {
  /** Contains. */
  readonly name?: string;
  readonly fullName?: string;
  readonly vcsProvider?: string;
  /** Remote organization slug, exact. */
  readonly organization?: string;
}

/** The caller's repositories and organizations on connected VCS accounts (for import). */
export class RemoteApi {
  constructor(private readonly requests: Requests) {}

  organizations(filters: RemoteOrganizationFilters = {}, options?: CallOptions): Promise<Page<RemoteOrganization>> {
    return this.requests.page('remote/organizations/', { name: filters.name, vcs_provider: filters.vcsProvider }, parseRemoteOrganization, options);
  }

  repositories(filters: RemoteRepositoryFilters = {}, shape: ShapeOptions & { expand?: readonly ('projects' | 'remote_organization')[] } = {}, options?: CallOptions): Promise<Page<RemoteRepository>> {
    const query = { name: filters.name, full_name: filters.fullName, vcs_provider: filters.vcsProvider, organization: filters.organization, ...shapeQuery(shape) };
    return this.requests.page('remote/repositories/', query, parseRemoteRepository, options);
  }
}
