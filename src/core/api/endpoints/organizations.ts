import { type Organization, type Team, parseOrganization, parseTeam } from '../../models/organization';
import { type Page } from '../../models/page';
import { type Project, parseProject } from '../../models/project';
import { apiPath } from '../paths';
import { type CallOptions, Requests, type ShapeOptions, shapeQuery } from '../requests';

/** Business edition only: the community server has no such routes (an HTML 404). */
export class OrganizationsApi {
  constructor(private readonly requests: Requests) {}

  list(options?: CallOptions): Promise<Page<Organization>> {
    return this.requests.page('organizations/', {}, parseOrganization, options);
  }

  get(slug: string, options?: CallOptions): Promise<Organization> {
    return this.requests.get(apiPath('organizations', slug), {}, parseOrganization, options);
  }

  projects(slug: string, shape: ShapeOptions = {}, options?: CallOptions): Promise<Page<Project>> {
    return this.requests.page(apiPath('organizations', slug, 'projects'), shapeQuery(shape), parseProject, options);
  }

  teams(slug: string, options?: CallOptions): Promise<Page<Team>> {
    return this.requests.page(apiPath('organizations', slug, 'teams'), {}, parseTeam, options);
  }
}
