import { type Page } from '../../models/page';
import {
  PROJECT_SUMMARY_FIELDS, PROJECT_UNREAD_FIELDS, type Project, type ProjectCreate, type ProjectSummary, type ProjectUpdate,
  parseProject, parseProjectSummary, projectCreateBody, projectUpdateBody,
} from '../../models/project';
import { NotFoundError } from '../errors';
import { apiPath } from '../paths';
import { type CallOptions, Requests } from '../requests';

/** The API's own filters of `GET /projects/` (FACTS.md §8). */
export interface ProjectFilters {
  /** Contains, case-insensitive. */
  readonly name?: string;
  /** Contains, case-insensitive. */
  readonly slug?: string;
  /** Exact language code (`en`). */
  readonly language?: string;
  /** Exact code (`py`). */
  readonly programmingLanguage?: string;
}

/** `expand` values of project details: active_versions, active_versions.last_build, active_versions.last_build.config, permissions, organization, teams. */
export type ProjectExpansion = 'active_versions' | 'active_versions.last_build' | 'active_versions.last_build.config' | 'permissions' | 'organization' | 'teams';

/** What the projects list expands (`permit_list_expands`); `organization` and `teams` only mean something on Business. */
export type ProjectListExpansion = 'active_versions' | 'organization' | 'permissions' | 'teams';

export class ProjectsApi {
  constructor(private readonly requests: Requests) {}

  /** Projects the token's user maintains. */
  list(filters: ProjectFilters = {}, shape: { readonly expand?: readonly ProjectListExpansion[] } = {}, options?: CallOptions): Promise<Page<Project>> {
    return this.requests.page('projects/', { ...filterQuery(filters), expand: shape.expand, omit: PROJECT_UNREAD_FIELDS }, parseProject, options);
  }

  /** The same list with only name, slug, repository and urls of each project (`fields=`): for pickers and lookups. */
  listSummaries(filters: ProjectFilters = {}, options?: CallOptions): Promise<Page<ProjectSummary>> {
    return this.requests.page('projects/', { ...filterQuery(filters), fields: PROJECT_SUMMARY_FIELDS }, parseProjectSummary, options);
  }

  get(slug: string, shape: { readonly expand?: readonly ProjectExpansion[] } = {}, options?: CallOptions): Promise<Project> {
    return this.requests.get(apiPath('projects', slug), { expand: shape.expand, omit: PROJECT_UNREAD_FIELDS }, parseProject, options);
  }

  /** Import. The server derives the slug from the name and queues a first build. */
  create(project: ProjectCreate, options?: CallOptions): Promise<Project> {
    return this.requests.write('POST', 'projects/', projectCreateBody(project), parseProject, options);
  }

  /** PATCH with only the given fields (204: re-read the project to see the result). */
  update(slug: string, update: ProjectUpdate, options?: CallOptions): Promise<void> {
    return this.requests.write('PATCH', apiPath('projects', slug), projectUpdateBody(update), undefined, options);
  }

  /**
   * The parent project (a full project object), or undefined when this project is no subproject
   * or its parent is hidden from the caller. The endpoint ignores `expand`/`fields`/`omit`.
   */
  async superproject(slug: string, options?: CallOptions): Promise<Project | undefined> {
    try {
      return await this.requests.get(apiPath('projects', slug, 'superproject'), {}, parseProject, options);
    } catch (error) {
      // An empty-bodied 404 means "no parent"; a 404 with a detail means the project itself is missing.
      if (error instanceof NotFoundError && error.detail === undefined) return undefined;
      throw error;
    }
  }

  translations(slug: string, options?: CallOptions): Promise<Page<Project>> {
    return this.requests.page(apiPath('projects', slug, 'translations'), { omit: PROJECT_UNREAD_FIELDS }, parseProject, options);
  }

  /** Asks the server to re-read branches and tags from the repository. */
  async syncVersions(slug: string, options?: CallOptions): Promise<void> {
    await this.requests.write('POST', apiPath('projects', slug, 'sync-versions'), undefined, undefined, options);
  }
}

function filterQuery(filters: ProjectFilters) {
  return { name: filters.name, slug: filters.slug, language: filters.language, programming_language: filters.programmingLanguage };
}
