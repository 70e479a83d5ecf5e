import { BUILD_UNREAD_FIELDS, type Build, parseBuild } from '../../models/build';
import { type Notification, parseNotification } from '../../models/notification';
import { type Page } from '../../models/page';
import { asObject } from '../../models/parse';
import { type Version, parseVersion } from '../../models/version';
import { apiPath } from '../paths';
import { type CallOptions, Requests } from '../requests';

export interface BuildFilters {
  readonly commit?: string;
  /** true: not yet finished or cancelled; false: final. */
  readonly running?: boolean;
  readonly expandConfig?: boolean;
}

export interface TriggeredBuild {
  readonly build: Build;
  readonly version: Version | undefined;
}

export class BuildsApi {
  constructor(private readonly requests: Requests) {}

  /** Newest first. `running: true`: builds not yet final; `commit`: builds of that commit (exact). */
  list(project: string, filters: BuildFilters = {}, options?: CallOptions): Promise<Page<Build>> {
    const query = { commit: filters.commit, running: filters.running, expand: filters.expandConfig ? 'config' : undefined, omit: BUILD_UNREAD_FIELDS };
    return this.requests.page(apiPath('projects', project, 'builds'), query, parseBuild, options);
  }

  /** Builds of one version, newest first: the nested list, which also answers for pull-request versions (FACTS §22). `limit`: the page's size. */
  listOfVersion(project: string, version: string, options: CallOptions & { readonly limit?: number } = {}): Promise<Page<Build>> {
    const { limit, ...callOptions } = options;
    return this.requests.page(apiPath('projects', project, 'versions', version, 'builds'), { omit: BUILD_UNREAD_FIELDS, ...(limit === undefined ? {} : { limit }) }, parseBuild, callOptions);
  }

  get(project: string, id: number, expandConfig = false, options?: CallOptions): Promise<Build> {
    return this.requests.get(apiPath('projects', project, 'builds', id), { expand: expandConfig ? 'config' : undefined, omit: BUILD_UNREAD_FIELDS }, parseBuild, options);
  }

  /**
   * One POST, never retried: a retry could start a second build (and cancel the first).
   * A refusal (`triggered: false`) throws `BuildNotTriggeredError`.
   */
  trigger(project: string, version: string, options?: CallOptions): Promise<TriggeredBuild> {
    return this.requests.write('POST', apiPath('projects', project, 'versions', version, 'builds'), undefined, parseTriggered, options);
  }

  /** Why a build failed: the API's `error` is always empty. */
  notifications(project: string, id: number, options?: CallOptions): Promise<Page<Notification>> {
    return this.requests.page(apiPath('projects', project, 'builds', id, 'notifications'), {}, parseNotification, options);
  }
}

function parseTriggered(value: unknown): TriggeredBuild {
  const o = asObject(value, 'trigger');
  return { build: parseBuild(o.build, 'trigger.build'), version: o.version ? parseVersion(o.version, 'trigger.version') : undefined };
}
