import { type Page } from '../../models/page';
import {
  REMOTE_REPOSITORY_UNREAD_FIELDS, type RemoteOrganization, type RemoteRepository, type VcsProvider, parseRemoteOrganization, parseRemoteRepository,
} from '../../models/remote';
import { type CallOptions, Requests } from '../requests';

export interface RemoteOrganizationFilters {
  /** Contains, case-insensitive. */
  readonly name?: string;
  /** Exact: `github`, `githubapp`, `gitlab`, `bitbucket`. */
  readonly vcsProvider?: VcsProvider;
}

export interface RemoteRepositoryFilters {
  /** Contains, case-insensitive. */
  readonly name?: string;
  /** Contains, case-insensitive (`owner/name`). */
  readonly fullName?: string;
  readonly vcsProvider?: VcsProvider;
  /** Remote organization slug, exact. */
  readonly organization?: string;
}

/**
 * The caller's repositories and organizations on connected VCS accounts (for import). Every
 * repository carries `projects`, the projects already built from it that the caller may see: the
 * API has no `expand=projects`, the field is always there (`RemoteRepositorySerializer.get_projects`).
 */
export class RemoteApi {
  constructor(private readonly requests: Requests) {}

  /** Remote organizations by name. The endpoint ignores `fields`/`omit`/`expand`. */
  organizations(filters: RemoteOrganizationFilters = {}, options?: CallOptions): Promise<Page<RemoteOrganization>> {
    return this.requests.page('remote/organizations/', { name: filters.name, vcs_provider: filters.vcsProvider }, parseRemoteOrganization, options);
  }

  /** Ordered by organization name, then full name. `expand: ['remote_organization']` adds each repository's organization. */
  repositories(filters: RemoteRepositoryFilters = {}, shape: { readonly expand?: readonly 'remote_organization'[] } = {}, options?: CallOptions): Promise<Page<RemoteRepository>> {
    const query = { name: filters.name, full_name: filters.fullName, vcs_provider: filters.vcsProvider, organization: filters.organization, expand: shape.expand, omit: REMOTE_REPOSITORY_UNREAD_FIELDS };
    return this.requests.page('remote/repositories/', query, parseRemoteRepository, options);
  }
}
