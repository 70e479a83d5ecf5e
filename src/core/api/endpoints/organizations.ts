import { type Organization, type Team, parseOrganization, parseTeam } from '../../models/organization';
import { type Page } from '../../models/page';
import { PROJECT_UNREAD_FIELDS, type Project, parseProject } from '../../models/project';
import { apiPath } from '../paths';
import { type CallOptions, Requests, type ShapeOptions } from '../requests';

/** Business edition only: the community server has no such routes (an HTML 404). */
export class OrganizationsApi {
  constructor(private readonly requests: Requests) {}

  list(options?: CallOptions): Promise<Page<Organization>> {
    return this.requests.page('organizations/', {}, parseOrganization, options);
  }

  /** Details: name, description, url, email, owners. Owners and team members may read them (404 otherwise). */
  get(slug: string, options?: CallOptions): Promise<Organization> {
    return this.requests.get(apiPath('organizations', slug), {}, parseOrganization, options);
  }

  /** The organization's projects the caller may see; no expansion is permitted on this list. */
  projects(slug: string, shape: Pick<ShapeOptions, 'omit'> = {}, options?: CallOptions): Promise<Page<Project>> {
    const omit = [...PROJECT_UNREAD_FIELDS, ...(shape.omit ?? [])];
    return this.requests.page(apiPath('organizations', slug, 'projects'), { omit }, parseProject, options);
  }

  /**
   * Teams, for organization owners only: anyone else gets 403 (`ForbiddenError`).
   * `members: true` expands each team's members (`expand=members`).
   */
  teams(slug: string, options: CallOptions & { readonly members?: boolean } = {}): Promise<Page<Team>> {
    const { members, ...call } = options;
    return this.requests.page(apiPath('organizations', slug, 'teams'), { expand: members ? 'members' : undefined }, parseTeam, call);
  }
}
